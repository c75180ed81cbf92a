import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** A position from the browser, as the database stores it (share_found_location). */
export type SharedPosition = { latitude: number; longitude: number; accuracy: number }

/** Why the browser gave no position. */
export type LocationFailure = 'unsupported' | 'denied' | 'failed'

/**
 * Each failure's words, in the catalogs only (the finder's JavaScript carries no English
 * copy): unsupported, denied (the browser or phone refused), failed (no fix, or a timeout).
 */
export const LOCATION_MESSAGE_IDS: Readonly<Record<LocationFailure, MessageId>> = {
  unsupported: msgId('location.unsupported'),
  denied: msgId('location.denied'),
  failed: msgId('location.failed'),
}

/** Why the browser gave no position: `reason` names its words (LOCATION_MESSAGE_IDS). */
export class LocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(`No position from the browser: ${reason}`)
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
