import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Button, Card, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import {
  decideDesk,
  getDesksWaiting,
  type DeskDecision,
  type WaitingDesk,
} from '@/features/operator/api/desks-waiting'
import { operatorFailureText } from '@/features/operator/refusals'
import { useT } from '@/lib/i18n/use-t'

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** The operator's list of lost-property desks to approve or refuse (issue 50). */
export function DesksWaiting() {
  const t = useT()
  const [desks, setDesks] = useState<WaitingDesk[]>([])
  const [done, setDone] = useState<string | null>(null)

  const load = useCallback((isActive: () => boolean = () => true) => {
    getDesksWaiting()
      .then((rows) => {
        if (isActive()) setDesks(rows)
      })
      .catch((failure: unknown) => console.error('Loading the desks failed', failure))
  }, [])

  useEffect(() => {
    let isActive = true
    load(() => isActive)
    return () => {
      isActive = false
    }
  }, [load])

  return (
    <Stack gap="3" as="section" aria-labelledby="desks-waiting">
      <Heading as="h2" size="md" id="desks-waiting">
        {t('operator.desks.heading')}
      </Heading>
      <FormMessage message={done} tone="success" />
      {desks.length === 0 && <Text>{t('operator.desks.empty')}</Text>}
      {desks.map((desk) => (
        <WaitingDeskCard
          key={desk.id}
          desk={desk}
          onDecided={(text) => {
            setDone(text)
            load()
          }}
        />
      ))}
    </Stack>
  )
}

function WaitingDeskCard({
  desk,
  onDecided,
}: {
  desk: WaitingDesk
  onDecided: (text: string) => void
}) {
  const t = useT()
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const decision = (submitter?.value === 'refuse' ? 'refuse' : 'approve') satisfies DeskDecision
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim()
    if (reason === '') return setError(t('operator.refusal.reasonRequired'))
    setError(null)
    setIsBusy(true)
    try {
      await decideDesk(desk.id, decision, reason)
      onDecided(
        decision === 'approve'
          ? t('operator.desks.approved', { name: desk.name })
          : t('operator.desks.refused', { name: desk.name }),
      )
    } catch (failure) {
      console.error('Deciding the desk failed', failure)
      setError(operatorFailureText(t, failure))
      setIsBusy(false)
    }
  }

  return (
    <Card.Root as="article" aria-label={desk.name}>
      <Card.Body gap="2">
        <Heading as="h3" size="sm">
          {desk.name}
        </Heading>
        <Text fontSize="sm">
          {t('operator.desks.details', {
            address: desk.address,
            openingHours: desk.opening_hours,
            phone: desk.public_phone,
            email: desk.public_email,
          })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {desk.admin_email
            ? t('operator.desks.signedUp', {
                email: desk.admin_email,
                date: when.format(new Date(desk.created_at)),
              })
            : t('operator.desks.signedUpUnknown', {
                date: when.format(new Date(desk.created_at)),
              })}
        </Text>
        <Stack asChild gap="2">
          <form
            onSubmit={(event) => void submit(event)}
            aria-label={t('operator.desks.decideOn', { name: desk.name })}
            noValidate
          >
            <Field.Root required>
              <Field.Label>{t('operator.action.reasonLabel')}</Field.Label>
              <Textarea name="reason" maxLength={1000} rows={2} size="sm" />
            </Field.Root>
            <HStack gap="2">
              <Button
                type="submit"
                name="decision"
                value="approve"
                size="sm"
                colorPalette="teal"
                loading={isBusy}
              >
                {t('operator.desks.approve')}
              </Button>
              <Button
                type="submit"
                name="decision"
                value="refuse"
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={isBusy}
              >
                {t('operator.desks.refuse')}
              </Button>
            </HStack>
            <FormMessage message={error} />
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
