import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { ItemConversations } from '@/features/owner-hub/components/item-conversations'
import { OwnerAlerts } from '@/features/owner-hub/components/owner-alerts'
import { useOwnerAlerts } from '@/features/owner-hub/use-owner-alerts'
import { Dashboard } from '@/features/items/components/dashboard'
import { MobileVerification } from '@/features/account/components/mobile-verification'

/**
 * The owner's items, each with every report's conversation, live alerts (DESIGN.md),
 * and whether texts reach the owner (the mobile number's verification).
 */
export default function OwnerDashboard() {
  const { config } = useAtomValue(userAtom)
  useOwnerAlerts(config.id)
  return (
    <>
      <Dashboard
        itemExtra={(item) => <ItemConversations itemId={item.id} />}
        notice={<MobileVerification />}
      />
      <OwnerAlerts />
    </>
  )
}
