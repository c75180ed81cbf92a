import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react'
import { ClickToLoadVideo } from '@/features/marketing/components/click-to-load-video'
import { paths } from '@/lib/paths'
import { msgId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

/** The ten steps, 1 to 5 on an iPhone and 6 to 10 on an Android phone (catalog messages). */
export const SCAN_STEPS = {
  iPhone: [
    msgId('scan.iphone.1'),
    msgId('scan.iphone.2'),
    msgId('scan.iphone.3'),
    msgId('scan.iphone.4'),
    msgId('scan.iphone.5'),
  ],
  Android: [
    msgId('scan.android.1'),
    msgId('scan.android.2'),
    msgId('scan.android.3'),
    msgId('scan.android.4'),
    msgId('scan.android.5'),
  ],
} as const

/** Steps are numbered 1 to 10 across both phones. */
function stepOffset(phone: keyof typeof SCAN_STEPS): number {
  return phone === 'iPhone' ? 0 : SCAN_STEPS.iPhone.length
}

type HowToScanPageProps = { videoId: string }

/** /how-to-scan: the video (loaded on click), ten steps for iPhone and Android, a way to /tag. */
export function HowToScanPage({ videoId }: HowToScanPageProps) {
  const t = useT()
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Text fontSize="lg">{t('scan.intro')}</Text>
      {videoId !== '' && <ClickToLoadVideo videoId={videoId} title={t('scan.videoTitle')} />}
      {(Object.keys(SCAN_STEPS) as (keyof typeof SCAN_STEPS)[]).map((phone) => (
        <Stack as="section" key={phone} gap="2" aria-labelledby={`steps-${phone}`}>
          <Heading as="h2" size="lg" id={`steps-${phone}`}>
            {phone === 'iPhone' ? t('scan.onIphone') : t('scan.onAndroid')}
          </Heading>
          <List.Root as="ol" gap="2" ps="6">
            {SCAN_STEPS[phone].map((step, index) => (
              <List.Item key={step} value={stepOffset(phone) + index + 1}>
                {t(step)}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      ))}
      <Text>{t('scan.cannotRead')}</Text>
      <Box>
        <Button asChild size="lg">
          <RouterLink to={paths.tag}>{t('scan.enterCode')}</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
