import { useFormTitle } from '@/lib/use-form-title'
import { FaqPage } from '@/features/marketing/components/faq-page'

export default function Route() {
  useFormTitle('Help')
  return <FaqPage />
}
