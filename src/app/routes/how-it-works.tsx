import { useFormTitle } from '@/lib/use-form-title'
import { HowItWorksPage } from '@/features/marketing/components/how-it-works-page'

export default function Route() {
  useFormTitle('How it works')
  return <HowItWorksPage />
}
