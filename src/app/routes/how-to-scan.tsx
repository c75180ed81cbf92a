import { env } from '@/lib/env'
import { useFormTitle } from '@/lib/use-form-title'
import { HowToScanPage } from '@/features/marketing/components/how-to-scan-page'

export default function Route() {
  useFormTitle('How to scan')
  return <HowToScanPage videoId={env.howToScanVideoId} />
}
