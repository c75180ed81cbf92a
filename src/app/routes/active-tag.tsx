import { useFormTitle } from '@/lib/use-form-title'
import { ShowLoginWhenSignedOut } from '@/features/auth/components/auth-guards'
import { ActivateTagForm } from '@/features/tags/components/activate-tag-form'

export default function Route() {
  useFormTitle('Activate a tag')
  return (
    <ShowLoginWhenSignedOut>
      <ActivateTagForm />
    </ShowLoginWhenSignedOut>
  )
}
