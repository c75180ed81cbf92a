import { useAtomValue } from '@/lib/jotai'
import { stateAtom, userAtom } from '@/lib/store'
import { ItemConversations } from '@/features/owner-hub/components/item-conversations'
import { OwnerAlerts } from '@/features/owner-hub/components/owner-alerts'
import { useOwnerAlerts } from '@/features/owner-hub/use-owner-alerts'
import { Dashboard } from '@/features/items/components/dashboard'
import { MobileVerification } from '@/features/account/components/mobile-verification'
import { NotificationsOffer } from '@/features/push/components/notifications-offer'
import { CaseLinksEntry } from '@/features/case-links/components/case-links-entry'

/**
 * The owner's items, each with every report's conversation, live alerts (DESIGN.md),
 * whether texts reach the owner (the mobile number's verification), and the offer of
 * notifications once there is an item.
 */
export default function OwnerDashboard() {
  const { config } = useAtomValue(userAtom)
  const { items = [] } = useAtomValue(stateAtom)
  useOwnerAlerts(config.id)
  return (
    <>
      <Dashboard
        itemExtra={(item) => (
          <>
            <ItemConversations itemId={item.id} />
            <CaseLinksEntry item={item} />
          </>
        )}
        notice={
          <>
            <MobileVerification />
            <NotificationsOffer hasItems={items.length > 0} />
          </>
        }
      />
      <OwnerAlerts />
    </>
  )
}
