import { AccountForm } from '@/features/account/components/account-form'
import { NotificationSettings } from '@/features/push/components/notification-settings'

/** Account Settings (SPEC.md §2) with the owner's notification settings (issue 47). */
export default function AccountSettings() {
  return <AccountForm extra={<NotificationSettings />} />
}
