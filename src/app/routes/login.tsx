import { useFormTitle } from '@/lib/use-form-title'
import { LoginPage } from '@/features/auth/components/login-page'

export default function Route() {
  useFormTitle('Login')
  return <LoginPage />
}
