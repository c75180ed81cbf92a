import { useFormTitle } from '@/lib/use-form-title'
import { UpdatePasswordForm } from '@/features/auth/components/update-password-form'

export default function Route() {
  useFormTitle('New Password')
  return <UpdatePasswordForm />
}
