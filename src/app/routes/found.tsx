import { useFormTitle } from '@/lib/use-form-title'
import { FoundGuidePage } from '@/features/marketing/components/found-guide-page'

export default function Route() {
  useFormTitle('Found')
  return <FoundGuidePage />
}
