import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** A position from the browser, as the database stores it (share_found_location). */
export type SharedPosition = { latitude: number; longitude: number; accuracy: number }

export const LOCATION_MESSAGES = {
  unsupported: 'This browser cannot share its location. You can describe the place instead.',
  denied:
    'Location was not shared: your browser or phone refused it. You can allow it in its settings, or describe the place instead.',
  failed: 'Your location could not be found just now. Please try again, or describe the place.',
} as const

export type LocationFailure = keyof typeof LOCATION_MESSAGES

/** Each failure's words in the catalogs (en.json holds LOCATION_MESSAGES' words). */
export const LOCATION_MESSAGE_IDS: Readonly<Record<LocationFailure, MessageId>> = {
  unsupported: msgId('location.unsupported'),
  denied: msgId('location.denied'),
  failed: msgId('location.failed'),
}

/** Why the browser gave no position; `message` is the English words, `reason` the catalog's key. */
export class LocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(LOCATION_MESSAGES[reason])
    this.name = 'LocationError'
  }
}

/**
 * Asks the browser for its position once, only when the person pressed a
 * button (never on page load); rejects with a LocationError.
 */
export function askForPosition(): Promise<SharedPosition> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation
  if (!geolocation) return Promise.reject(new LocationError('unsupported'))
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
        }),
      (error) => reject(new LocationError(error.code === 1 ? 'denied' : 'failed')),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    )
  })
}
