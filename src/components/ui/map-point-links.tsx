import { HStack, Link, Text } from '@chakra-ui/react'
import { describePoint, geoUri, openStreetMapUrl, type MapPoint } from '@/lib/map-links'

/**
 * A shared position as coordinates and two links: OpenStreetMap and the phone's map app
 * (`words`: the links' text in the reader's language; English by default).
 */
export function MapPointLinks({
  point,
  label,
  words = { osm: 'Open in OpenStreetMap', app: 'Open in a map app' },
}: {
  point: MapPoint
  label: string
  words?: { osm: string; app: string }
}) {
  return (
    <HStack gap="3" wrap="wrap">
      <Text>
        {label}: {describePoint(point)}
      </Text>
      <Link href={openStreetMapUrl(point)} target="_blank" rel="noreferrer" colorPalette="teal">
        {words.osm}
      </Link>
      <Link href={geoUri(point)} colorPalette="teal">
        {words.app}
      </Link>
    </HStack>
  )
}
