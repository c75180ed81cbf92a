import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { Text } from '@chakra-ui/react'
import { useAtomValue } from '@/lib/jotai'
import { unsentPhotoCountAtom } from '@/lib/photos/use-photo-attachments'
import { useT } from '@/lib/i18n/use-t'

/**
 * While photos chosen on the page are not sent: says so plainly, and asks before the
 * finder leaves (a link in the app, or closing or reloading the tab) and loses them,
 * in the finder's language.
 */
export function UnsentPhotosGuard() {
  const t = useT()
  const count = useAtomValue(unsentPhotoCountAtom)
  const hasUnsent = count > 0
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsent && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(t('reportPhotos.confirmLeave'))) blocker.proceed()
    else blocker.reset()
  }, [blocker, t])
  useEffect(() => {
    if (!hasUnsent) return
    // The browser asks in its own words (it shows no page text here).
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [hasUnsent])
  if (!hasUnsent) return null
  return (
    <Text role="status" color="fg.warning" fontWeight="medium">
      {t('reportPhotos.unsent', { count })}
    </Text>
  )
}
