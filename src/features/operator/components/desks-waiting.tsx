import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Button, Card, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import {
  decideDesk,
  getDesksWaiting,
  type DeskDecision,
  type WaitingDesk,
} from '@/features/operator/api/desks-waiting'

export const DESKS_WAITING_TEXTS = {
  heading: 'Desks waiting for approval',
  empty: 'No desks are waiting.',
  reasonLabel: 'Reason (kept in the audit log)',
  approve: 'Approve',
  refuse: 'Refuse',
  noReason: 'Give a reason for what you do.',
  approved: (name: string) => `Approved ${name}. Its staff can now report items.`,
  refused: (name: string) => `Refused ${name}. Its admin sees the reason on their desk page.`,
  failed: 'That did not work. Please try again.',
} as const

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** The operator's list of lost-property desks to approve or refuse (issue 50). */
export function DesksWaiting() {
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
        {DESKS_WAITING_TEXTS.heading}
      </Heading>
      <FormMessage message={done} tone="success" />
      {desks.length === 0 && <Text>{DESKS_WAITING_TEXTS.empty}</Text>}
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
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const decision = (submitter?.value === 'refuse' ? 'refuse' : 'approve') satisfies DeskDecision
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim()
    if (reason === '') return setError(DESKS_WAITING_TEXTS.noReason)
    setError(null)
    setIsBusy(true)
    try {
      await decideDesk(desk.id, decision, reason)
      onDecided(
        decision === 'approve'
          ? DESKS_WAITING_TEXTS.approved(desk.name)
          : DESKS_WAITING_TEXTS.refused(desk.name),
      )
    } catch (failure) {
      console.error('Deciding the desk failed', failure)
      setError(
        failure instanceof Error && failure.message ? failure.message : DESKS_WAITING_TEXTS.failed,
      )
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
          {desk.address} · open {desk.opening_hours} · {desk.public_phone} · {desk.public_email}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Signed up by {desk.admin_email ?? 'an unknown account'} on{' '}
          {when.format(new Date(desk.created_at))}
        </Text>
        <Stack asChild gap="2">
          <form
            onSubmit={(event) => void submit(event)}
            aria-label={`Decide on ${desk.name}`}
            noValidate
          >
            <Field.Root required>
              <Field.Label>{DESKS_WAITING_TEXTS.reasonLabel}</Field.Label>
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
                {DESKS_WAITING_TEXTS.approve}
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
                {DESKS_WAITING_TEXTS.refuse}
              </Button>
            </HStack>
            <FormMessage message={error} />
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
