import { useFormTitle } from '@/lib/use-form-title'
import { TagLookup } from '@/features/found/components/tag-lookup'

export default function Route() {
  useFormTitle('Found a tag?')
  return <TagLookup />
}
