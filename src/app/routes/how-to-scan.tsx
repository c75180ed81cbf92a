import { env } from '@/lib/env'
import { HowToScanPage } from '@/features/marketing/components/how-to-scan-page'

export default function Route() {
  return <HowToScanPage videoId={env.howToScanVideoId} />
}
