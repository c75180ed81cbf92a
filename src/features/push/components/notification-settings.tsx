import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Box, Button, chakra, Heading, HStack, Input, List, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { useAtom } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { type Device, getDevices, removeDevice } from '@/features/push/api/devices'
import { type TextAlerts, updateTextAlerts } from '@/features/push/api/text-alerts'
import { HOME_SCREEN_STEPS } from '@/features/push/components/home-screen-steps'
import { pushSupport } from '@/features/push/push-support'
import { isSubscribedHere, PUSH_MESSAGES, turnOnNotifications } from '@/features/push/subscribe'
import { useT } from '@/lib/i18n/use-t'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

export const SETTINGS_TEXTS = {
  heading: msgId('push.settings.heading'),
  turnOn: msgId('push.settings.turnOn'),
  onHere: msgId('push.onHere'),
  unsupported: msgId('push.settings.unsupported'),
  devices: msgId('push.devices.heading'),
  noDevices: msgId('push.devices.none'),
  remove: msgId('push.devices.remove'),
  textMe: msgId('push.text.heading'),
  always: msgId('push.text.always'),
  unseen: msgId('push.text.unseen'),
  minutes: msgId('push.text.minutes'),
  never: msgId('push.text.never'),
  emailAlways: msgId('push.text.emailAlways'),
  save: msgId('push.text.save'),
  saved: msgId('push.text.saved'),
  saveFailed: msgId('push.text.saveFailed'),
  badMinutes: msgId('push.text.badMinutes'),
} as const

const WHEN = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
})

type ThisDevice = 'loading' | 'ask' | 'on' | 'denied' | 'home-screen' | 'unsupported'

async function thisDevice(): Promise<ThisDevice> {
  const support = pushSupport()
  if (support !== 'ready') return support
  if (Notification.permission === 'denied') return 'denied'
  return (await isSubscribedHere()) ? 'on' : 'ask'
}

/** Account Settings: notifications on this device, the owner's devices, and when to text. */
export function NotificationSettings() {
  const [here, setHere] = useState<ThisDevice>('loading')
  const [devices, setDevices] = useState<Device[] | null>(null)
  const [message, setMessage] = useState<MessageId | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const t = useT()

  const load = useCallback(
    (signal?: AbortSignal) =>
      getDevices(signal).then(setDevices, (failure: unknown) => {
        if (signal?.aborted) return
        console.error('Loading devices failed', failure)
        setMessage(PUSH_MESSAGES.loadFailed)
      }),
    [],
  )

  useEffect(() => {
    const controller = new AbortController()
    void thisDevice().then((state) => {
      if (!controller.signal.aborted) setHere(state)
    })
    void load(controller.signal)
    return () => controller.abort()
  }, [load])

  const turnOn = async () => {
    setMessage(null)
    setIsBusy(true)
    const result = await turnOnNotifications()
    setIsBusy(false)
    if (!result.ok) {
      setMessage(result.message)
      return
    }
    setHere('on')
    await load()
  }

  const remove = async (device: Device) => {
    setMessage(null)
    try {
      await removeDevice(device.id)
      setDevices((list) => (list ?? []).filter((d) => d.id !== device.id))
      setHere(await thisDevice())
    } catch (failure) {
      console.error('Removing a device failed', failure)
      setMessage(PUSH_MESSAGES.removeFailed)
    }
  }

  return (
    <Stack
      as="section"
      aria-label={t(SETTINGS_TEXTS.heading)}
      gap="4"
      maxW="2xl"
      mx="auto"
      w="full"
      mt="8"
    >
      <Heading as="h2" size="lg">
        {t(SETTINGS_TEXTS.heading)}
      </Heading>
      {here === 'home-screen' ? <Text>{t(HOME_SCREEN_STEPS)}</Text> : null}
      {here === 'unsupported' ? <Text>{t(SETTINGS_TEXTS.unsupported)}</Text> : null}
      {here === 'denied' ? <Text>{t(PUSH_MESSAGES.denied)}</Text> : null}
      {here === 'on' ? <Text role="status">{t(SETTINGS_TEXTS.onHere)}</Text> : null}
      {here === 'ask' ? (
        <Box>
          <Button colorPalette="teal" loading={isBusy} onClick={() => void turnOn()}>
            {t(SETTINGS_TEXTS.turnOn)}
          </Button>
        </Box>
      ) : null}
      <FormMessage message={message && t(message)} />
      <Heading as="h3" size="md">
        {t(SETTINGS_TEXTS.devices)}
      </Heading>
      {devices && devices.length === 0 ? (
        <Text color="fg.muted">{t(SETTINGS_TEXTS.noDevices)}</Text>
      ) : null}
      {devices && devices.length > 0 ? (
        <List.Root as="ul" gap="3" listStyleType="none" ps="0">
          {devices.map((device) => (
            <List.Item key={device.id}>
              <HStack justify="space-between" gap="3" wrap="wrap" w="full">
                <Stack gap="0">
                  <Text fontWeight="medium">{device.browser || t('push.devices.unnamed')}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {device.last_used_at
                      ? t('push.devices.lastUsed', {
                          when: WHEN.format(new Date(device.last_used_at)),
                        })
                      : t('push.devices.notUsedYet', {
                          when: WHEN.format(new Date(device.created_at)),
                        })}
                  </Text>
                </Stack>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('push.devices.removeLabel', {
                    device: device.browser || t('push.devices.unnamed'),
                  })}
                  onClick={() => void remove(device)}
                >
                  {t(SETTINGS_TEXTS.remove)}
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      <TextPreference />
    </Stack>
  )
}

const Radio = chakra('input')

/** "Text me: always / only if I haven't seen it within N minutes / never"; e-mail always. */
function TextPreference() {
  const [user, setUser] = useAtom(userAtom)
  const profile = user.doc
  const [choice, setChoice] = useState<TextAlerts['text_alerts']>(profile?.text_alerts ?? 'always')
  const [minutes, setMinutes] = useState(String(profile?.text_after_minutes ?? 10))
  const [message, setMessage] = useState<{ text: MessageId; tone: 'error' | 'success' } | null>(
    null,
  )
  const [isSaving, setIsSaving] = useState(false)
  const t = useT()
  if (!profile) return null

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setMessage(null)
    const count = Number(minutes)
    if (choice === 'unseen' && !(Number.isInteger(count) && count >= 1 && count <= 1440)) {
      setMessage({ text: SETTINGS_TEXTS.badMinutes, tone: 'error' })
      return
    }
    setIsSaving(true)
    try {
      const doc = await updateTextAlerts(profile.id, {
        text_alerts: choice,
        text_after_minutes: choice === 'unseen' ? count : profile.text_after_minutes,
      })
      setUser({ doc })
      setMessage({ text: SETTINGS_TEXTS.saved, tone: 'success' })
    } catch (failure) {
      console.error('Saving the text preference failed', failure)
      setMessage({ text: SETTINGS_TEXTS.saveFailed, tone: 'error' })
    } finally {
      setIsSaving(false)
    }
  }

  const option = (value: TextAlerts['text_alerts'], label: MessageId) => (
    <HStack as="label" gap="2" cursor="pointer" minH="touch">
      <Radio
        type="radio"
        name="text-alerts"
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
        accentColor="teal.600"
        boxSize="4"
      />
      <Text as="span">{t(label)}</Text>
    </HStack>
  )

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack as="fieldset" gap="3" borderWidth="0" p="0" m="0">
        <Heading as="legend" size="md" mb="2">
          {t(SETTINGS_TEXTS.textMe)}
        </Heading>
        {option('always', SETTINGS_TEXTS.always)}
        <HStack gap="2" wrap="wrap">
          {option('unseen', SETTINGS_TEXTS.unseen)}
          {/* the number and its unit stay together when the line wraps */}
          <HStack gap="2" ps={{ base: '6', sm: '0' }}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              w="20"
              aria-label={t('push.text.minutesLabel')}
              value={minutes}
              onChange={(event) => {
                setMinutes(event.target.value)
                setChoice('unseen')
              }}
            />
            <Text as="span">{t(SETTINGS_TEXTS.minutes)}</Text>
          </HStack>
        </HStack>
        {option('never', SETTINGS_TEXTS.never)}
        <Text color="fg.muted" fontSize="sm">
          {t(SETTINGS_TEXTS.emailAlways)}
        </Text>
        <FormMessage message={message ? t(message.text) : null} tone={message?.tone} />
        <Box>
          <Button type="submit" colorPalette="teal" loading={isSaving}>
            {t(SETTINGS_TEXTS.save)}
          </Button>
        </Box>
      </Stack>
    </form>
  )
}
