import { writeFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/**
 * What every page the suite visits goes through: a full-page screenshot kept as a
 * test artifact, and an axe-core scan that must find nothing serious or critical.
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.waitForLoadState('domcontentloaded')
  // The spinner shows while the sign-in state is being determined; wait it out.
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0)
  // Kept on disk (test-results/<test>/pages/) whatever the outcome, and in the HTML report.
  const path = testInfo.outputPath('pages', `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' })

  const results = await axeScan(page)
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  if (blocking.length > 0) {
    const report = testInfo.outputPath('pages', `${name}.axe.json`)
    await writeFile(report, JSON.stringify(blocking, null, 2))
    await testInfo.attach(`${name}.axe.json`, { path: report, contentType: 'application/json' })
  }
  const summary = blocking.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.impact} ${violation.id}: ${node.html.slice(0, 120)} (${node.failureSummary ?? violation.help})`,
    ),
  )
  expect.soft(summary, `axe found serious/critical violations on ${name}`).toEqual([])
}

/**
 * axe-core's scan. A navigation that replaces the page mid-scan (Vite reloading the dev
 * page after optimizing a newly met dependency, a redirect) destroys the scan's context:
 * then it scans again once the new page has loaded.
 */
async function axeScan(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
    } catch (error) {
      const navigated = /Execution context was destroyed/.test(String(error))
      if (!navigated || attempt === 3) throw error
      await page.waitForLoadState('load')
    }
  }
}
