import { Navigate } from 'react-router'
import { paths } from '@/lib/paths'

/** SPEC.md §2: signed in → /dashboard (where the new item is listed); the layout's guard shows the login screen otherwise. */
export default function Route() {
  return <Navigate to={paths.dashboard} replace />
}
