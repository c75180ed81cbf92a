import { expect, test, type Page } from '@playwright/test'
import { operatorClient } from '../../scripts/tags-cli.ts'
import { openChatFromThankYou, reportFound } from './support/finder.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { purgeChatNow } from './support/purge.ts'
import { mintTag } from './support/tags.ts'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/**
 * An APP1 Exif segment with a GPS IFD (GPSVersionID 2.2, GPSLatitudeRef N), as a
 * phone camera writes one: big-endian TIFF, IFD0 holding only the GPSInfo pointer.
 */
function exifGpsSegment(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 12 * 2 + 4)
  tiff.write('MM', 0, 'latin1')
  tiff.writeUInt16BE(42, 2)
  tiff.writeUInt32BE(8, 4)
  tiff.writeUInt16BE(1, 8) // IFD0: one entry
  tiff.writeUInt16BE(0x8825, 10) // GPSInfo
  tiff.writeUInt16BE(4, 12) // LONG
  tiff.writeUInt32BE(1, 14)
  tiff.writeUInt32BE(26, 18) // GPS IFD at 26
  tiff.writeUInt32BE(0, 22)
  tiff.writeUInt16BE(2, 26) // GPS IFD: two entries
  tiff.writeUInt16BE(0x0000, 28) // GPSVersionID, BYTE x4
  tiff.writeUInt16BE(1, 30)
  tiff.writeUInt32BE(4, 32)
  Buffer.from([2, 2, 0, 0]).copy(tiff, 36)
  tiff.writeUInt16BE(0x0001, 40) // GPSLatitudeRef, ASCII x2
  tiff.writeUInt16BE(2, 42)
  tiff.writeUInt32BE(2, 44)
  tiff.write('N\0', 48, 'latin1')
  tiff.writeUInt32BE(0, 52)
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const header = Buffer.alloc(4)
  header.writeUInt16BE(0xffe1, 0)
  header.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([header, body])
}

/** A real JPEG drawn by the browser (2400 x 1800), with the Exif GPS segment after SOI. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 2400
    canvas.height = 1800
    const context = canvas.getContext('2d')!
    context.fillStyle = '#3a6'
    context.fillRect(0, 0, 2400, 1800)
    context.fillStyle = '#c33'
    context.fillRect(600, 400, 1200, 900)
    return canvas.toDataURL('image/jpeg', 0.9)
  })
  const jpeg = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')
  return Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)])
}

const hasExif = (bytes: Buffer) =>
  bytes.includes(Buffer.from('Exif\0\0', 'latin1')) || bytes.includes(Buffer.from([0xff, 0xe1]))

test('a finder on a phone sends photos with the report and in the chat; the owner sees them live, without EXIF/GPS; the purge removes them', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const owner = newOwner('Pia Photos')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Red rucksack')

  const finderContext = await browser.newContext(PHONE)
  const finder = await finderContext.newPage()
  await reportFound(finder, tag.url, newFinder())
  const photo = await phonePhoto(finder)
  expect(hasExif(photo)).toBe(true)

  await test.step('the finder adds a photo to the report on the thank-you page', async () => {
    await finder.getByLabel('Add a photo').setInputFiles({
      name: 'IMG_0001.JPG',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    // sent with no further press, once it has uploaded
    await expect(finder.getByText('Sent to the owner', { exact: true })).toBeVisible({
      timeout: 30_000,
    })
    await expect(
      finder.getByText('Your photo was sent to the owner. You will find it in the chat.'),
    ).toBeVisible()
    await expect(finder.getByRole('button', { name: /send/i })).toHaveCount(0)
  })

  const chatId = await openChatFromThankYou(finder)

  await ownerPage.goto(`/chat?chatId=${chatId}`)
  const reportPhoto = ownerPage.getByRole('img', { name: /^Photo 1 from .*finder/ }).first()
  await expect(reportPhoto).toBeVisible({ timeout: 30_000 })

  await test.step('the finder sends a photo in the chat; the owner sees it live', async () => {
    await finder.getByLabel('Attach a photo').setInputFiles({
      name: 'IMG_0002.JPG',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await expect(finder.getByText('Uploaded')).toBeVisible({ timeout: 30_000 })
    await finder.getByRole('textbox', { name: 'Message' }).fill('Here it is at the café')
    await finder.getByRole('button', { name: 'Send' }).click()
    const message = ownerPage.getByRole('listitem').filter({ hasText: 'Here it is at the café' })
    await expect(message.getByRole('img', { name: /^Photo 1 from / })).toBeVisible({
      timeout: 30_000,
    })
  })

  const urls = await ownerPage
    .getByRole('img', { name: /^Photo \d from / })
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))
  expect(urls).toHaveLength(2)

  await test.step('the downloaded photos are re-encoded JPEGs without EXIF or GPS', async () => {
    for (const url of urls) {
      const response = await ownerPage.request.get(url)
      expect(response.status()).toBe(200)
      const bytes = await response.body()
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
      expect(hasExif(bytes)).toBe(false)
      expect(bytes.length).toBeLessThan(photo.length)
    }
  })

  await test.step('after the purge the objects are gone and their signed URLs answer 400/404', async () => {
    const service = operatorClient({})
    const paths = urls.map((url) =>
      decodeURIComponent(new URL(url).pathname.replace(/^.*\/object\/sign\/chat-photos\//, '')),
    )
    for (const path of paths) {
      expect((await service.storage.from('chat-photos').exists(path)).data).toBe(true)
    }
    await purgeChatNow(chatId)
    const { error } = await service.functions.invoke('purge-photos', { body: {} })
    expect(error).toBeNull()
    for (const path of paths) {
      expect((await service.storage.from('chat-photos').exists(path)).data).toBe(false)
    }
    for (const url of urls) {
      expect([400, 404]).toContain((await ownerPage.request.get(url)).status())
    }
  })

  await finderContext.close()
  await ownerContext.close()
})
