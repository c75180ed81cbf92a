import { useEffect, useState } from 'react'
import { Button, Card, Heading, HStack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { HOME_SCREEN_STEPS } from '@/features/push/components/home-screen-steps'
import { pushSupport } from '@/features/push/push-support'
import { isSubscribedHere, turnOnNotifications } from '@/features/push/subscribe'
import { useT } from '@/lib/i18n/use-t'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

const DISMISSED_KEY = 'homeward.push-offer-dismissed'

export const OFFER_TEXTS = {
  heading: msgId('push.offer.heading'),
  body: msgId('push.offer.body'),
  turnOn: msgId('push.offer.turnOn'),
  notNow: msgId('push.offer.notNow'),
  done: msgId('push.onHere'),
} as const

type Offer = 'none' | 'ask' | 'home-screen' | 'done'

/** What to offer, worked out after the page has loaded (never a permission prompt by itself). */
async function offerFor(): Promise<Offer> {
  if (localStorage.getItem(DISMISSED_KEY)) return 'none'
  const support = pushSupport()
  if (support === 'home-screen') return 'home-screen'
  // Blocked: only the browser's settings can change that (Account Settings says so).
  if (support !== 'ready' || Notification.permission === 'denied') return 'none'
  return (await isSubscribedHere()) ? 'none' : 'ask'
}

/**
 * The dashboard's offer to turn notifications on, once the owner has an item
 * (after the first activation); the browser's permission prompt comes only from
 * the button. "Not now" hides it on this device (Account Settings still offers it).
 */
export function NotificationsOffer({ hasItems }: { hasItems: boolean }) {
  const [offer, setOffer] = useState<Offer>('none')
  const [message, setMessage] = useState<MessageId | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const t = useT()

  useEffect(() => {
    if (!hasItems) return
    let isCurrent = true
    void offerFor().then((next) => {
      if (isCurrent) setOffer(next)
    })
    return () => {
      isCurrent = false
    }
  }, [hasItems])

  if (!hasItems || offer === 'none') return null
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1')
    setOffer('none')
  }
  const turnOn = async () => {
    setMessage(null)
    setIsBusy(true)
    const result = await turnOnNotifications()
    setIsBusy(false)
    if (result.ok) setOffer('done')
    else setMessage(result.message)
  }

  return (
    <Card.Root as="section" aria-label={t(OFFER_TEXTS.heading)} variant="subtle">
      <Card.Body gap="3">
        <Heading as="h3" size="md">
          {t(OFFER_TEXTS.heading)}
        </Heading>
        {offer === 'done' ? (
          <Text role="status">{t(OFFER_TEXTS.done)}</Text>
        ) : offer === 'home-screen' ? (
          <Text>{t(HOME_SCREEN_STEPS)}</Text>
        ) : (
          <Text>{t(OFFER_TEXTS.body)}</Text>
        )}
        <FormMessage message={message && t(message)} />
        {offer === 'done' ? null : (
          <HStack gap="3" wrap="wrap">
            {offer === 'ask' ? (
              <Button colorPalette="teal" loading={isBusy} onClick={() => void turnOn()}>
                {t(OFFER_TEXTS.turnOn)}
              </Button>
            ) : null}
            <Button variant="outline" colorPalette="teal" onClick={dismiss}>
              {t(OFFER_TEXTS.notNow)}
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  )
}
