import { lazy, Suspense } from 'react'
import { Text } from '@chakra-ui/react'

type BannerProps = { isOffline: boolean; text: string }

/** The same words without Chakra's Alert: while it loads, or if it cannot be fetched. */
function PlainBanner({ isOffline, text }: BannerProps) {
  if (!isOffline) return null
  return (
    <Text role="status" color="fg.warning" fontWeight="medium">
      {text}
    </Text>
  )
}

// Chakra's Alert (its slot recipe and icons) stays out of the finder's first
// JavaScript: it is fetched only once needed (or preloaded), and the service worker
// keeps it for offline visits.
const loadBanner = () => import('@/components/ui/offline-banner')
const Banner = lazy(() =>
  loadBanner().then(
    (module) => ({ default: module.OfflineBanner }),
    () => ({ default: PlainBanner }),
  ),
)

/** Fetches the banner ahead (e.g. when a finder's page opens), so it shows at once. */
export function preloadOfflineBanner(): void {
  loadBanner().catch(() => undefined)
}

/** OfflineBanner (@/components/ui/offline-banner), loaded on first use. */
export function LazyOfflineBanner({ isOffline, text }: BannerProps) {
  if (!isOffline) return null
  return (
    <Suspense fallback={<PlainBanner isOffline text={text} />}>
      <Banner isOffline text={text} />
    </Suspense>
  )
}
