import { HStack, Link, Text } from '@chakra-ui/react'
import { describePoint, geoUri, openStreetMapUrl, type MapPoint } from '@/lib/map-links'

/** A shared position as coordinates and two links: OpenStreetMap and the phone's map app. */
export function MapPointLinks({ point, label }: { point: MapPoint; label: string }) {
  return (
    <HStack gap="3" wrap="wrap">
      <Text>
        {label}: {describePoint(point)}
      </Text>
      <Link href={openStreetMapUrl(point)} target="_blank" rel="noreferrer" colorPalette="teal">
        Open in OpenStreetMap
      </Link>
      <Link href={geoUri(point)} colorPalette="teal">
        Open in a map app
      </Link>
    </HStack>
  )
}
