import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('how-to-scan')
  return <p>how-to-scan</p>
}
