import type { Page } from '@playwright/test'

/**
 * Focus is always visible: Tab through the page from the top and, for each control
 * that takes focus, compare how it is drawn focused and unfocused (outline, box shadow,
 * border, background). Returns one line per control whose focus cannot be seen.
 */
export async function focusProblems(page: Page, maxStops = 60): Promise<string[]> {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  const problems: string[] = []
  const seen = new Set<string>()
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab')
    const found = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body) return null
      const look = () => {
        const style = getComputedStyle(element)
        const outline =
          style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
            ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
            : 'none'
        return [outline, style.boxShadow, style.borderColor, style.backgroundColor].join(' | ')
      }
      const focused = look()
      const path = `${element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}`
      ;(element as HTMLElement).blur()
      const unfocused = look()
      ;(element as HTMLElement).focus({ preventScroll: true })
      return { path, visible: focused !== unfocused }
    })
    if (!found || seen.has(found.path)) break
    seen.add(found.path)
    if (!found.visible) problems.push(`focus not visible: <${found.path}>`)
  }
  return problems
}
