import { useFormTitle } from '@/lib/use-form-title'
import { PasswordResetForm } from '@/features/auth/components/password-reset-form'

export default function Route() {
  useFormTitle('Reset Password')
  return <PasswordResetForm />
}
