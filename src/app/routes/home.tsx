import { useFormTitle } from '@/lib/use-form-title'
import { HomePage } from '@/features/marketing/components/home-page'

export default function Route() {
  useFormTitle('home')
  return <HomePage />
}
