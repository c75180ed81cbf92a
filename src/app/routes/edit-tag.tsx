import { useFormTitle } from '@/lib/use-form-title'
import { RedirectToLoginWhenSignedOut } from '@/features/auth/components/auth-guards'
import { EditItemForm } from '@/features/items/components/edit-item-form'

export default function Route() {
  useFormTitle('Edit Tag')
  return (
    <RedirectToLoginWhenSignedOut>
      <EditItemForm />
    </RedirectToLoginWhenSignedOut>
  )
}
