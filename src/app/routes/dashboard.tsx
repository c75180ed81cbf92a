import { useAtomValue } from '@/lib/jotai'
import { stateAtom, userAtom } from '@/lib/store'
import { ItemConversations } from '@/features/chat/components/item-conversations'
import { OwnerAlerts } from '@/features/chat/components/owner-alerts'
import { useOwnerAlerts } from '@/features/chat/use-owner-alerts'
import { Dashboard } from '@/features/items/components/dashboard'
import { NotificationsOffer } from '@/features/push/components/notifications-offer'

/** The owner's items, each with every report's conversation, live alerts (DESIGN.md), and the offer of notifications once there is an item. */
export default function OwnerDashboard() {
  const { config } = useAtomValue(userAtom)
  const { items = [] } = useAtomValue(stateAtom)
  useOwnerAlerts(config.id)
  return (
    <>
      <Dashboard
        itemExtra={(item) => <ItemConversations itemId={item.id} />}
        notice={<NotificationsOffer hasItems={items.length > 0} />}
      />
      <OwnerAlerts />
    </>
  )
}
