import { lazy, Suspense } from 'react'
import { lastReportAtom } from '@/lib/last-report'
import { useAtomValue } from '@/lib/jotai'
import { ThankYouPage } from '@/features/marketing/components/thank-you-page'
import { ThankYouChatLink } from '@/features/found/components/thank-you-chat-link'
import { UnsentPhotosGuard } from '@/app/routes/unsent-photos-guard'

// Loaded only once a report is held: it brings supabase-js (Realtime), which the
// prerendered page and its first paint must not need.
const ChatReceipts = lazy(async () => ({
  default: (await import('@/features/conversation/components/receipts')).ChatReceipts,
}))
// The same for adding photos to the report (the photo code loads with it).
const ReportPhotos = lazy(async () => ({
  default: (await import('@/features/conversation/components/report-photos')).ReportPhotos,
}))

export default function Route() {
  const report = useAtomValue(lastReportAtom)
  return (
    <ThankYouPage>
      <ThankYouChatLink />
      {report ? (
        <Suspense fallback={null}>
          <ChatReceipts chatId={report.chatId} viewer="finder" />
          <ReportPhotos chatId={report.chatId} />
          <UnsentPhotosGuard />
        </Suspense>
      ) : null}
    </ThankYouPage>
  )
}
