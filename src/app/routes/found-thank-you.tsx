import { ThankYouPage } from '@/features/marketing/components/thank-you-page'
import { ThankYouChatLink } from '@/features/found/components/thank-you-chat-link'

export default function Route() {
  return (
    <ThankYouPage>
      <ThankYouChatLink />
    </ThankYouPage>
  )
}
