import { useFormTitle } from '@/lib/use-form-title'
import { RegisterForm } from '@/features/auth/components/register-form'

export default function Route() {
  useFormTitle('Register')
  return <RegisterForm />
}
