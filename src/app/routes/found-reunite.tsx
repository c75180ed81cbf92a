import { useFormTitle } from '@/lib/use-form-title'

/** Placeholder until its feature lands. */
export default function Route() {
  useFormTitle('Reunite')
  return <p>This page is being built.</p>
}
