import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { ItemChatBadge } from '@/features/chat/components/item-chat-badge'
import { OwnerAlerts } from '@/features/chat/components/owner-alerts'
import { useOwnerAlerts } from '@/features/chat/use-owner-alerts'
import { Dashboard } from '@/features/items/components/dashboard'

/** The owner's items with live alerts of new reports and finders' messages (DESIGN.md). */
export default function OwnerDashboard() {
  const { config } = useAtomValue(userAtom)
  useOwnerAlerts(config.id)
  return (
    <>
      <Dashboard itemExtra={(item) => <ItemChatBadge itemId={item.id} />} />
      <OwnerAlerts />
    </>
  )
}
