/**
 * Draws the app's PNG icons (public/icons/) from the house mark of public/favicon.svg,
 * with Debian's Chromium: 192 and 512 px ("any"), 512 px maskable (the mark inside the
 * central 80 % safe zone on the brand colour) and the 180 px Apple touch icon.
 * Run after changing the mark: `npx tsx scripts/make-icons.ts`.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'

const out = join(resolve(import.meta.dirname, '..'), 'public', 'icons')
const MARK = `<path d="M8 22 24 8l16 14v18a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" fill="#1E889C"/>
<circle cx="24" cy="28" r="6" fill="none" stroke="#fff" stroke-width="2.5"/>
<path d="M24 16a12 12 0 0 1 12 12" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity=".8"/>`

/** The mark on a background, scaled so it fills `share` of the square. */
function svg(background: string, share: number, markColour = '#1E889C') {
  const size = 48 / share
  const offset = (size - 48) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-offset} ${-offset + 1} ${size} ${size}">
<rect x="${-offset}" y="${-offset + 1}" width="${size}" height="${size}" fill="${background}"/>
${MARK.replace('fill="#1E889C"', `fill="${markColour}"`)}</svg>`
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: svg('#fdf8ef', 0.9) },
  { file: 'icon-512.png', size: 512, svg: svg('#fdf8ef', 0.9) },
  { file: 'icon-maskable-512.png', size: 512, svg: svg('#1E889C', 0.6, '#155F6E') },
  { file: 'apple-touch-icon.png', size: 180, svg: svg('#fdf8ef', 0.8) },
]

mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    const body = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)
    await page.setContent(`<body style="margin:0">${body}</body>`)
    await page.screenshot({ path: join(out, icon.file), omitBackground: false })
    await page.close()
    console.log(`public/icons/${icon.file}`)
  }
} finally {
  await browser.close()
}
