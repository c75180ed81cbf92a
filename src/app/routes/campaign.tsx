import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { parseCampaign } from '@/features/marketing/campaign-params'
import { CampaignPage } from '@/features/marketing/components/campaign-page'

export default function Route() {
  const [params] = useSearchParams()
  const campaign = useMemo(() => parseCampaign(params), [params])
  return <CampaignPage campaign={campaign} />
}
