import { Navigate } from 'react-router-dom'
import { useFormTitle } from '@/lib/use-form-title'
import { ShowLoginWhenSignedOut } from '@/features/auth/components/auth-guards'

/** SPEC.md §2: signed in → /dashboard (where the new item is listed), else the login screen. */
export default function Route() {
  useFormTitle('Activated')
  return (
    <ShowLoginWhenSignedOut>
      <Navigate to="/dashboard" replace />
    </ShowLoginWhenSignedOut>
  )
}
