import { useT } from '@/lib/i18n/use-t'
import { Button } from '@chakra-ui/react'
import { lastReportAtom } from '@/lib/last-report'
import { useAtomValue } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'

/** On /found/thank-you: the chat with the owner, offered at once. */
export function ThankYouChatLink() {
  const report = useAtomValue(lastReportAtom)
  // Kept in this tab's storage: not part of the prerendered page.
  const isHydrated = useIsHydrated()
  const t = useT()
  if (!isHydrated || !report) return null
  return (
    <Button asChild size="lg" colorPalette="teal" alignSelf="center">
      <a href={report.chatUrl}>{t('thanks.openChat')}</a>
    </Button>
  )
}
