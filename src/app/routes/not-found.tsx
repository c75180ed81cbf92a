import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('not-found')
  return <p>not-found</p>
}
