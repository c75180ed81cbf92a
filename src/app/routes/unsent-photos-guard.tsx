import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { Text } from '@chakra-ui/react'
import { useAtomValue } from '@/lib/jotai'
import { unsentPhotoCountAtom } from '@/lib/photos/use-photo-attachments'

export const UNSENT_PHOTOS_TEXT = {
  notice: (count: number) =>
    count === 1
      ? 'Your photo is not with the owner yet. Stay on this page until it says "Sent to the owner".'
      : `Your ${count} photos are not with the owner yet. Stay on this page until they say "Sent to the owner".`,
  confirmLeave:
    'Your photos are not sent to the owner yet. Leave this page without sending them? They will be lost.',
} as const

/**
 * While photos chosen on the page are not sent: says so plainly, and asks before the
 * finder leaves (a link in the app, or closing or reloading the tab) and loses them.
 */
export function UnsentPhotosGuard() {
  const count = useAtomValue(unsentPhotoCountAtom)
  const hasUnsent = count > 0
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsent && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(UNSENT_PHOTOS_TEXT.confirmLeave)) blocker.proceed()
    else blocker.reset()
  }, [blocker])
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
      {UNSENT_PHOTOS_TEXT.notice(count)}
    </Text>
  )
}
