import { env } from '@/lib/env'
import { saveSubscription } from '@/features/push/api/devices'
import { browserLabel } from '@/features/push/push-support'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** The push messages' catalog ids (translated where they are shown). */
export const PUSH_MESSAGES = {
  denied: msgId('push.denied'),
  failed: msgId('push.failed'),
  refused: msgId('push.refused'),
  removeFailed: msgId('push.removeFailed'),
  loadFailed: msgId('push.loadFailed'),
} as const

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** The service worker that shows pushes (public/sw.js); registered here if the page has not yet. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/')
  if (existing) return existing
  await navigator.serviceWorker.register('/sw.js')
  return navigator.serviceWorker.ready
}

export type TurnOnResult = { ok: true } | { ok: false; message: MessageId }

/**
 * Asks the browser's permission (only ever from the owner's click), subscribes
 * with our VAPID public key and saves the subscription for the owner.
 */
export async function turnOnNotifications(): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return { ok: false, message: PUSH_MESSAGES.denied }
  try {
    const registration = await serviceWorker()
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(env.vapidPublicKey),
      }))
    const json = subscription.toJSON()
    await saveSubscription({
      endpoint: subscription.endpoint,
      p256dh: json.keys?.p256dh ?? '',
      auth: json.keys?.auth ?? '',
      browser: browserLabel(),
    })
    return { ok: true }
  } catch (failure) {
    console.error('Turning notifications on failed', failure)
    const refused =
      typeof failure === 'object' &&
      failure !== null &&
      (failure as { message?: string }).message === 'push_endpoint_refused'
    return { ok: false, message: refused ? PUSH_MESSAGES.refused : PUSH_MESSAGES.failed }
  }
}

/** Whether this browser already has a subscription (notifications are on here). */
export async function isSubscribedHere(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false
  const registration = await navigator.serviceWorker.getRegistration('/')
  return Boolean(await registration?.pushManager.getSubscription())
}
