import { Button } from '@chakra-ui/react'
import { lastReportAtom } from '@/lib/last-report'
import { useAtomValue } from '@/lib/jotai'

/** On /found/thank-you: the chat with the owner, offered at once. */
export function ThankYouChatLink() {
  const report = useAtomValue(lastReportAtom)
  if (!report) return null
  return (
    <Button asChild size="lg" colorPalette="teal" alignSelf="center">
      <a href={report.chatUrl}>Open the chat with the owner</a>
    </Button>
  )
}
