import { useFormTitle } from '@/lib/use-form-title'

/** Placeholder until its feature lands. */
export default function Route() {
  useFormTitle('Edit Tag')
  return <p>This page is being built.</p>
}
