import { useFormTitle } from '@/lib/use-form-title'
import { RedirectToLoginWhenSignedOut } from '@/features/auth/components/auth-guards'
import { Dashboard } from '@/features/items/components/dashboard'

export default function Route() {
  useFormTitle('Dashboard')
  return (
    <RedirectToLoginWhenSignedOut>
      <Dashboard />
    </RedirectToLoginWhenSignedOut>
  )
}
