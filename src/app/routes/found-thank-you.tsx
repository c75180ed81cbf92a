import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('found-thank-you')
  return <p>found-thank-you</p>
}
