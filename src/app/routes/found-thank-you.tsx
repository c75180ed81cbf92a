import { useFormTitle } from '@/lib/use-form-title'
import { ThankYouPage } from '@/features/marketing/components/thank-you-page'

export default function Route() {
  useFormTitle('Thank you')
  return <ThankYouPage />
}
