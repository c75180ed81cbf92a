import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('campaign')
  return <p>campaign</p>
}
