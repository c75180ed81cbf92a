import { lastReportAtom } from '@/lib/last-report'
import { useAtomValue } from '@/lib/jotai'
import { ThankYouPage } from '@/features/marketing/components/thank-you-page'
import { ThankYouChatLink } from '@/features/found/components/thank-you-chat-link'
import { ChatReceipts } from '@/features/chat/components/receipts'

export default function Route() {
  const report = useAtomValue(lastReportAtom)
  return (
    <ThankYouPage>
      <ThankYouChatLink />
      {report ? <ChatReceipts chatId={report.chatId} viewer="finder" /> : null}
    </ThankYouPage>
  )
}
