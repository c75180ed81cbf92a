import { useFormTitle } from '@/lib/use-form-title'

export default function Route() {
  useFormTitle('home')
  return <p>home</p>
}
