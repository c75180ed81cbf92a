import { useFormTitle } from '@/lib/use-form-title'
import { AccountForm } from '@/features/account/components/account-form'
import { ShowLoginWhenSignedOut } from '@/features/auth/components/auth-guards'

export default function Route() {
  useFormTitle('Account Settings')
  return (
    <ShowLoginWhenSignedOut>
      <AccountForm />
    </ShowLoginWhenSignedOut>
  )
}
