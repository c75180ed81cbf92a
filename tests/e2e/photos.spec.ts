import { expect, test, type Page } from '@playwright/test'
import { operatorClient } from '../../scripts/tags-cli.ts'
import { randomUUID } from 'node:crypto'
import { exifGpsSegment, SMALL_JPEG } from '../../local-supabase/testing/photo-fixtures.ts'
import { requestAsPage } from './support/api.ts'
import { finderInChat, openChatFromThankYou, reportFound } from './support/finder.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { purgeChatNow } from './support/purge.ts'
import { mintTag } from './support/tags.ts'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

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

test('photos sent through the API, not the app, are checked on the server; a deleted finder’s photo links stop at once', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const owner = newOwner('Ola Api')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Brown satchel')
  const {
    context: finderContext,
    page: finder,
    chatId,
  } = await finderInChat(browser, tag.url, newFinder())
  const checkPhoto = (name: string, bytes: Buffer, contentType: string) =>
    requestAsPage(
      finder,
      `/functions/v1/check-photo?${new URLSearchParams({ bucket: 'chat-photos', name })}`,
      { contentType, base64: bytes.toString('base64') },
    )

  let finderId = ''
  await test.step('HTML declared image/png and an SVG declared image/webp are refused', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.domain)</script>')
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    for (const [bytes, type] of [
      [html, 'image/png'],
      [svg, 'image/webp'],
    ] as const) {
      const answer = await checkPhoto(`${chatId}/${randomUUID()}/${randomUUID()}.jpg`, bytes, type)
      expect(answer.status).toBe(415)
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'not_an_image' } })
      finderId = answer.userId
    }
    expect(finderId).toMatch(/^[0-9a-f-]{36}$/)
  })

  const name = `${chatId}/${finderId}/${randomUUID()}.jpg`
  const photo = await phonePhoto(finder)
  await test.step('a phone JPEG with Exif GPS, sent with a script, reaches the owner without it', async () => {
    expect(hasExif(photo)).toBe(true)
    expect((await checkPhoto(name, photo, 'image/jpeg')).status).toBe(200)
    const posted = await requestAsPage(finder, '/rest/v1/messages', {
      contentType: 'application/json',
      json: { chat_id: chatId, body: 'Sent from a script', photo_paths: [name] },
    })
    expect(posted.status).toBe(201)

    await ownerPage.goto(`/chat?chatId=${chatId}`)
    const message = ownerPage.getByRole('listitem').filter({ hasText: 'Sent from a script' })
    const image = message.getByRole('img', { name: /^Photo 1 from / })
    await expect(image).toBeVisible({ timeout: 30_000 })
    const url = await image.evaluate((element) => (element as HTMLImageElement).src)
    // the owner's browser downloads and decodes it
    const seen = await ownerPage.evaluate(async (src) => {
      const response = await fetch(src)
      const blob = await response.blob()
      const bitmap = await createImageBitmap(blob)
      const bytes = new Uint8Array(await blob.arrayBuffer())
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        width: bitmap.width,
        height: bitmap.height,
        base64: btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')),
      }
    }, url)
    expect(seen).toMatchObject({ status: 200, type: 'image/jpeg' })
    // (a header the page's cross-origin fetch may not read)
    const direct = await ownerPage.request.get(url)
    expect(direct.headers()['x-content-type-options']).toBe('nosniff')
    expect([seen.width, seen.height]).toEqual([1600, 1200])
    const bytes = Buffer.from(seen.base64, 'base64')
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    expect(hasExif(bytes)).toBe(false)
  })

  await test.step('one member stores at most 20 unsent photos an hour', async () => {
    for (let i = 0; i < 20; i += 1) {
      const answer = await checkPhoto(
        `${chatId}/${finderId}/${randomUUID()}.jpg`,
        SMALL_JPEG,
        'image/jpeg',
      )
      expect(answer.status, `photo ${i + 1}`).toBe(200)
    }
    const refused = await checkPhoto(
      `${chatId}/${finderId}/${randomUUID()}.jpg`,
      SMALL_JPEG,
      'image/jpeg',
    )
    expect(refused.status).toBe(429)
    // (Retry-After is not exposed to the page's cross-origin fetch; tests/stack/photo-checks.test.ts reads it)
    expect(JSON.parse(refused.text)).toEqual({
      error: {
        code: 'too_many_photos',
        message: 'too_many_photos',
      },
    })
  })

  await test.step('the finder deletes their details: the photo links answer 4xx at once', async () => {
    const image = ownerPage.getByRole('img', { name: /^Photo 1 from / }).first()
    const url = await image.evaluate((element) => (element as HTMLImageElement).src)
    expect((await ownerPage.request.get(url)).status()).toBe(200)
    await finder.getByRole('button', { name: 'Delete my details now' }).click()
    await finder.getByRole('button', { name: 'Delete my details' }).click()
    await expect(
      finder.getByText(/^You deleted your details, so this conversation is closed\./),
    ).toBeVisible({ timeout: 20_000 })
    const response = await ownerPage.request.get(url)
    expect([400, 404]).toContain(response.status())
  })

  await finderContext.close()
  await ownerContext.close()
})
