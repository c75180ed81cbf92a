import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('faq')
  return <p>faq</p>
}
