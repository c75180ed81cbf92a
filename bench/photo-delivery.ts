/**
 * `npm run bench:photo` (under the fixed-ports lock): the time from a finder
 * choosing a 4.5 MB phone photo in the chat until the owner, in the same chat in
 * another browser, sees it (the image loaded from its signed URL). The local
 * stack and the app as `npm start` runs them (see photo-delivery.config.ts),
 * Chromium for both sides, the finder on a phone viewport. It includes the
 * finder's re-encoding, the upload, the message, Realtime to the owner, signing
 * and downloading. Prints each round and the median of BENCH_ROUNDS (default 5).
 */
import { expect, test, type Page } from '@playwright/test'
import { openChatFromThankYou, reportFound } from '../tests/e2e/support/finder.ts'
import { activateAsNewOwner } from '../tests/e2e/support/owner.ts'
import { newFinder, newOwner } from '../tests/e2e/support/people.ts'
import { mintTag } from '../tests/e2e/support/tags.ts'
import { percentile } from './stats.ts'

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5))

/** A JPEG of about 4 MB, 4032 x 3024 like a phone camera's, drawn with noise in the browser. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 4032
    canvas.height = 3024
    const context = canvas.getContext('2d')!
    const image = context.createImageData(4032, 3024)
    for (let i = 0; i < image.data.length; i += 4) {
      const v = (i * 2654435761) >>> 24
      image.data[i] = v
      image.data[i + 1] = (v * 7) & 255
      image.data[i + 2] = (i >> 10) & 255
      image.data[i + 3] = 255
    }
    context.putImageData(image, 0, 0)
    return canvas.toDataURL('image/jpeg', 0.6)
  })
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')
}

test('photo delivery: finder chooses a phone photo -> the owner sees it', async ({ browser }) => {
  const owner = newOwner('Bea Bench')
  const tag = mintTag()
  const ownerPage = await (await browser.newContext()).newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Bench bag')
  const finder = await (
    await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage()
  await reportFound(finder, tag.url, newFinder())
  const chatId = await openChatFromThankYou(finder)
  await ownerPage.goto(`/chat?chatId=${chatId}`)
  await expect(ownerPage.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 20_000 })
  const photo = await phonePhoto(finder)

  const samples: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const text = `Round ${round}`
    const started = Date.now()
    await finder.getByLabel('Attach a photo').setInputFiles({
      name: `IMG_${round}.JPG`,
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await finder.getByRole('textbox', { name: 'Message' }).fill(text)
    // Send as soon as the upload allows (the button is disabled while it is busy).
    await finder.getByText('Uploaded').waitFor({ timeout: 60_000 })
    await finder.getByRole('button', { name: 'Send' }).click()
    const shown = ownerPage
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByRole('img', { name: /^Photo 1 from / })
    await expect(shown).toBeVisible({ timeout: 60_000 })
    await expect
      .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: 60_000,
        intervals: [20],
      })
      .toBeGreaterThan(0)
    samples.push(Date.now() - started)
    console.log(`round ${round}: ${samples.at(-1)} ms`)
  }
  console.log(
    `photo delivery (${(photo.length / 1024 / 1024).toFixed(1)} MB chosen, ${ROUNDS} rounds): median ${percentile(samples, 50)} ms, max ${Math.max(...samples)} ms`,
  )
})
