import { useFormTitle } from '@/lib/use-form-title'
import { ReuniteForm } from '@/features/found/components/reunite-form'

export default function Route() {
  useFormTitle('Inform the Owner')
  return <ReuniteForm />
}
