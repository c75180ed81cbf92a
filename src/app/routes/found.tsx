import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('found')
  return <p>found</p>
}
