/** A position from the browser, as the database stores it (share_found_location). */
export type SharedPosition = { latitude: number; longitude: number; accuracy: number }

export const LOCATION_MESSAGES = {
  unsupported: 'This browser cannot share its location. You can describe the place instead.',
  denied:
    'Location was not shared: your browser or phone refused it. You can allow it in its settings, or describe the place instead.',
  failed: 'Your location could not be found just now. Please try again, or describe the place.',
} as const

/**
 * Asks the browser for its position once, only when the person pressed a
 * button (never on page load); rejects with one of LOCATION_MESSAGES.
 */
export function askForPosition(): Promise<SharedPosition> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation
  if (!geolocation) return Promise.reject(new Error(LOCATION_MESSAGES.unsupported))
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
        }),
      (error) =>
        reject(new Error(error.code === 1 ? LOCATION_MESSAGES.denied : LOCATION_MESSAGES.failed)),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    )
  })
}
