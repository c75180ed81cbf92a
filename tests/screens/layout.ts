import type { Page } from '@playwright/test'

/**
 * The layout rules every screen keeps (docs/screens.md), measured in the browser:
 * - no checkbox, radio or switch box drawn larger than 32 px;
 * - on a phone, every control a person presses is at least 44 × 44 px: the element
 *   itself, or its hit area (a point 22 px from its centre, up, down, left and right,
 *   still lands on it: a padded pseudo-element counts, a neighbour on top does not);
 *   links inside a sentence are exempt (WCAG 2.5.5's inline exception);
 * - nothing scrolls sideways (checked at 320 px wide by the caller).
 * Returns one line per problem, empty when the page keeps them all.
 */
export async function layoutProblems(page: Page, { touch }: { touch: boolean }): Promise<string[]> {
  return page.evaluate(
    async ({ touch, MIN, MAX_BOX }) => {
      const problems: string[] = []
      const describe = (element: Element) => {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
        const label = element.getAttribute('aria-label') ?? ''
        const id = element.id ? `#${element.id}` : ''
        return `<${element.tagName.toLowerCase()}${id}> "${label || text}"`
      }
      const isShown = (element: Element) => {
        // Not rendered, invisible, or inside a closed <details> (content-visibility: hidden).
        if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
          return false
        const style = getComputedStyle(element)
        const box = element.getBoundingClientRect()
        // Visually hidden (a checkbox's real input, a skip link off screen): its label is measured.
        if (box.width <= 1 || box.height <= 1) return false
        if (style.clipPath !== 'none' && /inset\(50%\)|rect\(0/.test(style.clipPath + style.clip))
          return false
        return true
      }
      // A control people can reach (not inside something hidden from them).
      const isReachable = (element: Element) =>
        isShown(element) && element.closest('[hidden], [inert], [aria-hidden="true"]') === null

      // WCAG 2.5.5's exception: a link inside a sentence is sized by the line it sits in.
      const inSentence = (element: Element) => {
        if (element.tagName !== 'A') return false
        const siblings = element.parentElement?.childNodes ?? []
        return [...siblings].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        )
      }

      const scroller = document.scrollingElement ?? document.documentElement
      if (scroller.scrollWidth > scroller.clientWidth)
        problems.push(
          `scrolls sideways: ${scroller.scrollWidth} px of content in ${scroller.clientWidth} px`,
        )

      // Checkbox, radio and switch boxes (Chakra's controls and native inputs), and
      // anything drawn inside a control (the tick that once filled the screen).
      const boxes = document.querySelectorAll(
        [
          '[data-scope="checkbox"][data-part="control"]',
          '[data-scope="checkbox"][data-part="control"] *',
          '[data-scope="radio-group"][data-part="item-control"]',
          '[data-scope="switch"][data-part="control"]',
          'input[type="checkbox"]',
          'input[type="radio"]',
        ].join(', '),
      )
      // Drawn boxes count whatever assistive technology is told (a tick is aria-hidden).
      for (const box of boxes) {
        if (!isShown(box)) continue
        const { width, height } = box.getBoundingClientRect()
        if (width > MAX_BOX || height > MAX_BOX)
          problems.push(
            `box ${Math.round(width)}×${Math.round(height)} px (over ${MAX_BOX}): ${describe(box)}`,
          )
      }
      const controls = [
        ...document.querySelectorAll(
          'button, a[href], summary, input:not([type="hidden"]), select, textarea, [role="button"], label:has(input[type="checkbox"]), label:has(input[type="radio"]), [data-scope="checkbox"][data-part="root"]',
        ),
      ]
      if (touch) {
        for (const control of controls) {
          if (!isReachable(control)) continue
          if (control.closest('label') && control.tagName === 'INPUT') continue
          if (inSentence(control)) continue
          control.scrollIntoView({ block: 'center', inline: 'center' })
          await new Promise((resolve) => requestAnimationFrame(resolve))
          const box = control.getBoundingClientRect()
          if (box.width >= MIN && box.height >= MIN) continue
          const x = box.left + box.width / 2
          const y = box.top + box.height / 2
          const reach = MIN / 2 - 0.5
          const points = [
            [x, y - reach],
            [x, y + reach],
            [x - reach, y],
            [x + reach, y],
          ]
          const hits = points.every(([px = 0, py = 0]) => {
            // The screen's edge stops a finger too: a point beyond it counts as on the control.
            if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight) return true
            const hit = document.elementFromPoint(px, py)
            return hit !== null && (hit === control || control.contains(hit))
          })
          if (!hits)
            problems.push(
              `pressable ${Math.round(box.width)}×${Math.round(box.height)} px (under ${MIN} and no hit area): ${describe(control)}`,
            )
        }
        scroller.scrollTo(0, 0)
      }
      return problems
    },
    { touch, MIN: 44, MAX_BOX: 32 },
  )
}
