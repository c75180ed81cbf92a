import { useFormTitle } from '@/lib/use-form-title'
import { NotFoundPage } from '@/features/marketing/components/not-found-page'

export default function Route() {
  useFormTitle('Page not found')
  return <NotFoundPage />
}
