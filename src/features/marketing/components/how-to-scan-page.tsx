import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react'
import { ClickToLoadVideo } from '@/features/marketing/components/click-to-load-video'
import { paths } from '@/lib/paths'

export const SCAN_STEPS = {
  iPhone: [
    'Unlock your iPhone. An iPhone XS or newer reads tags by itself: there is nothing to switch on.',
    'On an iPhone 7, 8 or X, open Control Centre and tap the NFC Tag Reader (add it first in Settings, Control Centre).',
    'Hold the top edge of the iPhone against the tag.',
    'Keep it still for a second until a notification appears.',
    'Tap the notification to open the Homeward page for the item.',
  ],
  Android: [
    'Open Settings and search for NFC.',
    'Switch NFC on (on some phones it is under Connected devices, Connection preferences).',
    'Unlock the phone: NFC only reads while the screen is on.',
    'Hold the middle of the back of the phone against the tag.',
    'Tap the link that appears to open the Homeward page for the item.',
  ],
} as const

/** Steps are numbered 1 to 10 across both phones. */
function stepOffset(phone: keyof typeof SCAN_STEPS): number {
  return phone === 'iPhone' ? 0 : SCAN_STEPS.iPhone.length
}

type HowToScanPageProps = { videoId: string }

/** /how-to-scan: the video (loaded on click), ten steps for iPhone and Android, a way to /tag. */
export function HowToScanPage({ videoId }: HowToScanPageProps) {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Text fontSize="lg">
        Every Homeward tag can be read by most phones: no app is needed. Here is how to turn on and
        use NFC.
      </Text>
      {videoId !== '' && <ClickToLoadVideo videoId={videoId} title="How to scan a Homeward tag" />}
      {(Object.keys(SCAN_STEPS) as (keyof typeof SCAN_STEPS)[]).map((phone) => (
        <Stack as="section" key={phone} gap="2" aria-labelledby={`steps-${phone}`}>
          <Heading as="h2" size="lg" id={`steps-${phone}`}>
            On {phone === 'iPhone' ? 'an iPhone' : 'an Android phone'}
          </Heading>
          <List.Root as="ol" gap="2" ps="6">
            {SCAN_STEPS[phone].map((step, index) => (
              <List.Item key={step} value={stepOffset(phone) + index + 1}>
                {step}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      ))}
      <Text>Your phone cannot read NFC? Type the code printed on the tag instead.</Text>
      <Box>
        <Button asChild size="lg">
          <RouterLink to={paths.tag}>Enter a tag code</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
