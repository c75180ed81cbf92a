import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { waitForApp } from '../e2e/support/app.ts'
import { layoutProblems } from './layout.ts'
import { LAPTOP, NARROW, PHONE } from './world.ts'

/** Waits until a page is still enough to photograph: the app running, its fonts, no spinner, no pending paint. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded')
  // The app runs (a prerendered page looks slightly different until it has hydrated).
  await waitForApp(page)
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0, { timeout: 20_000 })
  // The app's own font: every Inter face it registers, loaded (the prerendered pages
  // paint in 'Inter fallback' first), then whatever else is loading.
  await page.evaluate(async () => {
    const inter = [...document.fonts].filter((face) => /^["']?Inter["']?$/.test(face.family))
    await Promise.all(inter.map((face) => face.load().catch(() => undefined)))
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

type Shot = { name: string; title: string; who: string; problems: string[] }

/**
 * The gallery's pictures: each state at 390 × 844 and 1280 × 800 (the whole page),
 * with the layout rules' findings at 390 and 320 px wide, and an index.html contact sheet.
 */
export class Gallery {
  private shots: Shot[] = []

  constructor(private dir: string) {
    mkdirSync(dir, { recursive: true })
  }

  async take(page: Page, name: string, title: string, who: string): Promise<void> {
    const before = page.viewportSize() ?? PHONE
    const problems: string[] = []
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['laptop', LAPTOP],
    ] as const) {
      await page.setViewportSize(viewport)
      await settle(page)
      await page.screenshot({
        path: join(this.dir, `${name}-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      })
    }
    await page.setViewportSize(PHONE)
    problems.push(...(await layoutProblems(page, { touch: true })))
    await page.setViewportSize(NARROW)
    problems.push(...(await layoutProblems(page, { touch: false })).map((p) => `320 px: ${p}`))
    await page.setViewportSize(before)
    this.shots.push({ name, title, who, problems })
    this.write()
  }

  /** The contact sheet: every state, phone beside laptop, with what the layout rules found. */
  write(): void {
    const escape = (text: string) =>
      text.replace(
        /[&<>"]/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
      )
    const figures = this.shots
      .map(
        (shot) => `<section id="${shot.name}">
  <h2>${escape(shot.title)} <small>${escape(shot.who)} · ${shot.name}</small></h2>
  ${shot.problems.length ? `<ul class="problems">${shot.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul>` : ''}
  <div class="pair">
    <a href="${shot.name}-phone.png"><img class="phone" src="${shot.name}-phone.png" alt="${escape(shot.title)} on a phone" loading="lazy"></a>
    <a href="${shot.name}-laptop.png"><img class="laptop" src="${shot.name}-laptop.png" alt="${escape(shot.title)} on a laptop" loading="lazy"></a>
  </div>
</section>`,
      )
      .join('\n')
    const contents = this.shots
      .map(
        (shot) =>
          `<li><a href="#${shot.name}">${escape(shot.title)}</a>${shot.problems.length ? ' ⚠' : ''}</li>`,
      )
      .join('')
    writeFileSync(
      join(this.dir, 'index.html'),
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Homeward screens</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; background: #eee; }
section { background: white; margin: 16px 0; padding: 12px; border-radius: 6px; }
h2 { font-size: 16px; margin: 0 0 8px; } small { color: #666; font-weight: normal; }
.pair { display: flex; gap: 16px; align-items: flex-start; overflow-x: auto; }
img { border: 1px solid #ccc; display: block; }
img.phone { width: 260px; } img.laptop { width: 640px; }
.problems { color: #a00; } ol { columns: 3; }
</style></head><body>
<h1>Homeward screens (${this.shots.length} states, ${new Date().toISOString().slice(0, 16)} UTC)</h1>
<ol>${contents}</ol>
${figures}
</body></html>
`,
    )
  }
}
