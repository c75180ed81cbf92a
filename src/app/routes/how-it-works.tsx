import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('how-it-works')
  return <p>how-it-works</p>
}
