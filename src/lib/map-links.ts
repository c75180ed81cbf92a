/**
 * Links for a shared position: OpenStreetMap in the browser, and a geo: URI
 * that a phone opens in its map app. Nothing is loaded from another origin.
 */
export type MapPoint = { latitude: number; longitude: number; accuracy?: number | null }

const fixed = (value: number) => value.toFixed(5)

export function openStreetMapUrl({ latitude, longitude }: MapPoint): string {
  const lat = fixed(latitude)
  const lon = fixed(longitude)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`
}

export function geoUri({ latitude, longitude }: MapPoint): string {
  return `geo:${fixed(latitude)},${fixed(longitude)}`
}

/** '51.50735, -0.12776 (within about 15 m)' */
export function describePoint({ latitude, longitude, accuracy }: MapPoint): string {
  const where = `${fixed(latitude)}, ${fixed(longitude)}`
  return typeof accuracy === 'number' ? `${where} (within about ${Math.round(accuracy)} m)` : where
}
