import { execFileSync } from 'node:child_process'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { reportFound } from './support/finder.ts'
import { alertTextsTo } from './support/inbox.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'
import { APP_URL, INBOX_URL } from './support/urls.ts'

/**
 * Web Push (issue 47) in Chromium against the local stack. The browser's own push
 * service (FCM) is out of reach here, so the subscription the page gets points at
 * the dev inbox's push endpoint (a subscription the inbox made and holds the keys
 * of): the real functions encrypt and sign each push for it, the inbox decrypts
 * it, and the test hands that payload to the service worker through DevTools'
 * ServiceWorker.deliverPushMessage, as the push service would.
 */

/** The reminders' quiet hours (they hold texts too): off here, so a text's timing does not depend on the clock. */
function quietHours(range: string) {
  execFileSync('npm', ['run', '--silent', 'settings', '--', 'reminders', '--quiet', range], {
    stdio: 'ignore',
    timeout: 60_000,
  })
}
test.beforeAll(() => quietHours('off'))
test.afterAll(() => quietHours('22:00-07:00'))

type InboxSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } }
type Push = { SubscriptionId: string; Status: number; Payload: string | null }

async function inboxSubscription(): Promise<InboxSubscription> {
  return (await (
    await fetch(`${INBOX_URL}/push/subscriptions`, { method: 'POST' })
  ).json()) as InboxSubscription
}

async function pushesTo(id: string): Promise<Push[]> {
  const { pushes } = (await (await fetch(`${INBOX_URL}/api/v1/push`)).json()) as {
    pushes: Push[]
  }
  return pushes.filter((push) => push.SubscriptionId === id)
}

/** The owner's browser: notifications allowed, PushManager answering with the inbox's subscription. */
async function ownerBrowser(context: BrowserContext, subscription: InboxSubscription) {
  await context.grantPermissions(['notifications'], { origin: APP_URL })
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null
    const made = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      unsubscribe: () => Promise.resolve(true),
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    } as unknown as PushSubscription
    PushManager.prototype.subscribe = function subscribe() {
      current = made
      return Promise.resolve(made)
    }
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(current)
    }
  }, subscription)
}

async function turnOnFromDashboard(page: Page) {
  const offer = page.getByRole('region', { name: 'Notifications on this device' })
  await offer.getByRole('button', { name: 'Turn on notifications' }).click()
  await expect(offer.getByText('Notifications are on for this device.')).toBeVisible()
}

async function chooseTexts(page: Page, choice: 'Always' | 'unseen', minutes = 1) {
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'Notifications' })
  if (choice === 'unseen') {
    await section.getByLabel('Minutes before a text').fill(String(minutes))
  } else {
    await section.getByRole('radio', { name: choice }).check()
  }
  await section.getByRole('button', { name: 'Save text preference' }).click()
  await expect(section.getByRole('status').last()).toHaveText('Your text preference was saved.')
}

/** Delivers `data` to the page's service worker as a push message (DevTools protocol). */
async function deliverPush(page: Page, data: string) {
  const cdp = await page.context().newCDPSession(page)
  const registrations: Array<{ registrationId: string; scopeURL: string }> = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    registrations.push(...event.registrations)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${APP_URL}/`)).toBe(true)
  const registration = registrations.find((r) => r.scopeURL === `${APP_URL}/`)
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: APP_URL,
    registrationId: registration?.registrationId ?? '',
    data,
  })
}

async function notificationsShown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url ?? '',
    }))
  })
}

test('the owner turns notifications on; a report shows on the device naming the item; a tap opens the chat; no text once seen', async ({
  browser,
}) => {
  test.slow()
  const owner = newOwner('Olivia Owner')
  const tag = mintTag()
  const subscription = await inboxSubscription()
  const context = await browser.newContext()
  await ownerBrowser(context, subscription)
  const page = await context.newPage()

  await test.step('an owner activates a tag and turns notifications on from the dashboard', async () => {
    await activateAsNewOwner(page, owner, tag, 'Red violin')
    await turnOnFromDashboard(page)
    await chooseTexts(page, 'unseen', 1)
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      /Chrome on Linux|Chrome/,
    )
  })

  const finderContext = await browser.newContext()
  const finderPage = await finderContext.newPage()
  await reportFound(finderPage, tag.url, newFinder())

  let payload = ''
  await test.step('the push reaches the device, encrypted for it, naming the item', async () => {
    await expect
      .poll(async () => (await pushesTo(subscription.id)).find((p) => p.Status === 201)?.Payload, {
        timeout: 30_000,
      })
      .toContain('Someone found your Red violin')
    payload = (await pushesTo(subscription.id)).find((p) => p.Status === 201)?.Payload ?? ''
    expect(payload).not.toMatch(/Grace|finder-|07700 900123/)
  })

  const chatUrl = (JSON.parse(payload) as { url: string }).url
  await test.step('the service worker shows the notification', async () => {
    await page.goto('/dashboard')
    await deliverPush(page, payload)
    await expect
      .poll(() => notificationsShown(page))
      .toContainEqual({ title: 'Homeward', body: 'Someone found your Red violin', url: chatUrl })
  })

  await test.step('a tap on it opens that conversation', async () => {
    const [worker] = context.serviceWorkers()
    expect(worker).toBeTruthy()
    // DevTools cannot tap a notification: the test dispatches the event the tap
    // fires. Chromium refuses a new window to an event not from the browser, so
    // the worker takes the owner's open tab to the conversation instead.
    await worker?.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        dispatchEvent(event: Event): boolean
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      }
      const [notification] = await scope.registration.getNotifications()
      if (notification) {
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
      }
    })
    await expect(page).toHaveURL(chatUrl, { timeout: 15_000 })
    await expect(page.getByRole('heading', { name: /Red violin/ })).toBeVisible({
      timeout: 20_000,
    })
  })

  await test.step('“only if I haven’t seen it within 1 minute”: seen, so no text is sent', async () => {
    // the text would have been due after a minute; the outbox runs every 10 s
    await page.waitForTimeout(75_000)
    expect(await alertTextsTo(owner.mobile)).toEqual([])
  })
  await finderContext.close()
  await context.close()
})

test('a device its push service calls gone (410) is removed and the text goes', async ({
  browser,
}) => {
  test.slow()
  const owner = newOwner('Gwen Gone')
  const tag = mintTag()
  const subscription = await inboxSubscription()
  const context = await browser.newContext()
  await ownerBrowser(context, subscription)
  const page = await context.newPage()
  await activateAsNewOwner(page, owner, tag, 'Blue kite')
  await turnOnFromDashboard(page)
  await chooseTexts(page, 'unseen', 30)
  await fetch(`${INBOX_URL}/push/subscriptions/${subscription.id}/gone`, { method: 'POST' })

  const finderContext = await browser.newContext()
  await reportFound(await finderContext.newPage(), tag.url, newFinder())

  await expect
    .poll(async () => (await pushesTo(subscription.id)).map((p) => p.Status), { timeout: 30_000 })
    .toContain(410)
  await expect
    .poll(async () => (await alertTextsTo(owner.mobile)).length, { timeout: 45_000 })
    .toBe(1)
  await page.goto('/account')
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('No devices yet.')
  await finderContext.close()
  await context.close()
})
