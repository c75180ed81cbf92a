import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Badge, Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { chatPath } from '@/lib/chat/chat-link'
import {
  addDeskStaff,
  deleteMyDesk,
  getDeskCases,
  getDeskStaff,
  getMyDesk,
  markDeskCase,
  registerDesk,
  removeDeskStaff,
  type DeskCase,
  type DeskOutcome,
  type DeskStaffMember,
  type MyDesk,
} from '@/features/desk/api/desk'
import { DESK_TEXTS } from '@/features/desk/texts'

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

type PageState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; desk: MyDesk | null }

const errorText = (failure: unknown) =>
  failure instanceof Error && failure.message ? failure.message : DESK_TEXTS.failed

/**
 * /desk: a lost-property desk. No desk yet: sign one up. Pending or refused:
 * says so. Approved: the items it holds with each one's state, and its staff.
 */
export function DeskPage() {
  const [state, setState] = useState<PageState>({ kind: 'loading' })

  const load = useCallback((isActive: () => boolean = () => true) => {
    getMyDesk()
      .then((desk) => {
        if (isActive()) setState({ kind: 'ready', desk })
      })
      .catch((failure: unknown) => {
        console.error('Loading the desk failed', failure)
        if (isActive()) setState({ kind: 'failed' })
      })
  }, [])

  useEffect(() => {
    let isActive = true
    load(() => isActive)
    return () => {
      isActive = false
    }
  }, [load])

  if (state.kind === 'loading') return <Spinner aria-label="Loading your desk" />
  if (state.kind === 'failed') return <FormMessage message={DESK_TEXTS.loadFailed} />
  const { desk } = state
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      {!desk && <DeskSignUp onSignedUp={() => load()} />}
      {desk?.status === 'pending' && (
        <Stack gap="2" role="status">
          <Heading as="h1" size="lg">
            {DESK_TEXTS.pendingHeading}
          </Heading>
          <Text>{DESK_TEXTS.pending(desk.name)}</Text>
          <DeskDetails desk={desk} />
        </Stack>
      )}
      {desk?.status === 'refused' && (
        <Stack gap="2">
          <Heading as="h1" size="lg">
            {DESK_TEXTS.refusedHeading}
          </Heading>
          <Text>{DESK_TEXTS.refused(desk.name, desk.decision_reason)}</Text>
        </Stack>
      )}
      {desk?.status === 'approved' && <ApprovedDesk desk={desk} />}
      {desk && desk.my_role === 'admin' && <DeleteDesk onDeleted={() => load()} />}
    </Stack>
  )
}

function DeskDetails({ desk }: { desk: MyDesk }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {desk.address} · open {desk.opening_hours} · {desk.public_phone} · {desk.public_email}
    </Text>
  )
}

function DeskSignUp({ onSignedUp }: { onSignedUp: () => void }) {
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '').trim()
    const desk = {
      name: value('name'),
      address: value('address'),
      openingHours: value('openingHours'),
      publicPhone: value('publicPhone'),
      publicEmail: value('publicEmail'),
    }
    if (Object.values(desk).some((field) => field === '')) return setError(DESK_TEXTS.missingFields)
    setError(null)
    setIsBusy(true)
    try {
      await registerDesk(desk)
      onSignedUp()
    } catch (failure) {
      console.error('Signing the desk up failed', failure)
      setError(errorText(failure))
      setIsBusy(false)
    }
  }

  return (
    <Stack asChild gap="4">
      <form
        onSubmit={(event) => void submit(event)}
        aria-label={DESK_TEXTS.signUpHeading}
        noValidate
      >
        <Heading as="h1" size="lg">
          {DESK_TEXTS.signUpHeading}
        </Heading>
        <Text>{DESK_TEXTS.signUpIntro}</Text>
        <LabelledInput label={DESK_TEXTS.fields.name} name="name" maxLength={80} required />
        <LabelledInput label={DESK_TEXTS.fields.address} name="address" maxLength={300} required />
        <LabelledInput
          label={DESK_TEXTS.fields.openingHours}
          name="openingHours"
          maxLength={80}
          placeholder="07:00–19:00"
          required
        />
        <LabelledInput
          label={DESK_TEXTS.fields.publicPhone}
          name="publicPhone"
          type="tel"
          maxLength={40}
          required
        />
        <LabelledInput
          label={DESK_TEXTS.fields.publicEmail}
          name="publicEmail"
          type="email"
          maxLength={320}
          required
        />
        <FormMessage message={error} />
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={isBusy}>
          {DESK_TEXTS.signUpButton}
        </Button>
      </form>
    </Stack>
  )
}

function ApprovedDesk({ desk }: { desk: MyDesk }) {
  const [cases, setCases] = useState<DeskCase[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const load = useCallback((isActive: () => boolean = () => true) => {
    getDeskCases()
      .then((rows) => {
        if (isActive()) setCases(rows)
      })
      .catch((failure: unknown) => {
        console.error('Loading the desk cases failed', failure)
        if (isActive()) setError(DESK_TEXTS.loadFailed)
      })
  }, [])

  useEffect(() => {
    let isActive = true
    load(() => isActive)
    return () => {
      isActive = false
    }
  }, [load])

  const mark = async (chatId: string, outcome: DeskOutcome) => {
    setError(null)
    setDone(null)
    try {
      await markDeskCase(chatId, outcome)
      setDone(DESK_TEXTS.marked)
      load()
    } catch (failure) {
      console.error('Marking the item failed', failure)
      setError(errorText(failure))
    }
  }

  return (
    <>
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {desk.name}
        </Heading>
        <DeskDetails desk={desk} />
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="desk-held">
        <Heading as="h2" size="md" id="desk-held">
          {DESK_TEXTS.heldHeading}
        </Heading>
        <FormMessage message={done} tone="success" />
        <FormMessage message={error} />
        {cases === null && !error && <Spinner size="sm" aria-label="Loading the items" />}
        {cases?.length === 0 && <Text>{DESK_TEXTS.noItems}</Text>}
        {cases?.map((item) => (
          <CaseCard
            key={item.report_id}
            item={item}
            unclaimedAfterDays={desk.unclaimed_after_days}
            onMark={(outcome) => void mark(item.chat_id, outcome)}
          />
        ))}
      </Stack>
      <StaffSection desk={desk} />
    </>
  )
}

function stateText(item: DeskCase, unclaimedAfterDays: number): string {
  if (item.state === 'unclaimed') return DESK_TEXTS.unclaimed(unclaimedAfterDays)
  return DESK_TEXTS.states[item.state] ?? item.state
}

function CaseCard({
  item,
  unclaimedAfterDays,
  onMark,
}: {
  item: DeskCase
  unclaimedAfterDays: number
  onMark: (outcome: DeskOutcome) => void
}) {
  const [asking, setAsking] = useState<DeskOutcome | null>(null)
  const isOpen = item.closed_at === null && !['collected', 'posted'].includes(item.state)
  const state = stateText(item, unclaimedAfterDays)
  return (
    <Card.Root
      as="article"
      aria-label={`${item.item_name}, ${DESK_TEXTS.reference(item.reference)}`}
    >
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading as="h3" size="sm">
            {item.item_name}
          </Heading>
          <Badge colorPalette={isOpen ? (item.state === 'unclaimed' ? 'orange' : 'teal') : 'gray'}>
            {state}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {DESK_TEXTS.reference(item.reference)} · reported {when.format(new Date(item.created_at))}
        </Text>
        {asking ? (
          <Stack gap="2" role="group" aria-label={DESK_TEXTS.confirmTitle(item.item_name, asking)}>
            <Text fontWeight="medium">{DESK_TEXTS.confirmTitle(item.item_name, asking)}</Text>
            <Text fontSize="sm">{DESK_TEXTS.confirmText}</Text>
            <HStack gap="2" flexWrap="wrap">
              <Button
                size="sm"
                colorPalette="teal"
                onClick={() => {
                  setAsking(null)
                  onMark(asking)
                }}
              >
                {DESK_TEXTS.confirmYes(asking)}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking(null)}>
                {DESK_TEXTS.cancel}
              </Button>
            </HStack>
          </Stack>
        ) : (
          <HStack gap="2" flexWrap="wrap">
            <Button asChild size="sm" variant="outline" colorPalette="teal">
              <RouterLink to={chatPath(item.chat_id)}>{DESK_TEXTS.openChat}</RouterLink>
            </Button>
            {isOpen && (
              <>
                <Button size="sm" colorPalette="teal" onClick={() => setAsking('collected')}>
                  {DESK_TEXTS.markCollected}
                </Button>
                <Button
                  size="sm"
                  colorPalette="teal"
                  variant="subtle"
                  onClick={() => setAsking('posted')}
                >
                  {DESK_TEXTS.markPosted}
                </Button>
              </>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function StaffSection({ desk }: { desk: MyDesk }) {
  const [staff, setStaff] = useState<DeskStaffMember[]>([])
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null)
  const [email, setEmail] = useState('')
  const isAdmin = desk.my_role === 'admin'

  const load = useCallback((isActive: () => boolean = () => true) => {
    getDeskStaff()
      .then((rows) => {
        if (isActive()) setStaff(rows)
      })
      .catch((failure: unknown) => console.error('Loading the staff failed', failure))
  }, [])

  useEffect(() => {
    let isActive = true
    load(() => isActive)
    return () => {
      isActive = false
    }
  }, [load])

  const run = async (action: () => Promise<void>, success: string | null) => {
    setMessage(null)
    try {
      await action()
      if (success) setMessage({ text: success, tone: 'success' })
      load()
    } catch (failure) {
      console.error('Changing the staff failed', failure)
      setMessage({ text: errorText(failure), tone: 'error' })
    }
  }

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const wanted = email.trim()
    if (wanted === '') return setMessage({ text: DESK_TEXTS.missingFields, tone: 'error' })
    void run(async () => {
      await addDeskStaff(wanted)
      setEmail('')
    }, DESK_TEXTS.added)
  }

  return (
    <Stack gap="3" as="section" aria-labelledby="desk-staff">
      <Heading as="h2" size="md" id="desk-staff">
        {DESK_TEXTS.staffHeading}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none">
        {staff.map((member) => {
          return (
            <HStack as="li" key={member.user_id} justify="space-between" flexWrap="wrap" gap="2">
              <Text overflowWrap="anywhere">
                {member.email}
                {member.role === 'admin' && ` (${DESK_TEXTS.admin})`}
              </Text>
              {isAdmin && member.role !== 'admin' && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`${DESK_TEXTS.remove} ${member.email}`}
                  onClick={() => void run(() => removeDeskStaff(member.user_id), null)}
                >
                  {DESK_TEXTS.remove}
                </Button>
              )}
            </HStack>
          )
        })}
      </Stack>
      {isAdmin && (
        <Stack asChild gap="2">
          <form onSubmit={add} aria-label={DESK_TEXTS.addStaffButton} noValidate>
            <LabelledInput
              label={DESK_TEXTS.addStaffLabel}
              type="email"
              value={email}
              onValueChange={setEmail}
              maxLength={320}
            />
            <Text fontSize="sm" color="fg.muted">
              {DESK_TEXTS.addStaffHint}
            </Text>
            <Button type="submit" size="sm" colorPalette="teal" alignSelf="start">
              {DESK_TEXTS.addStaffButton}
            </Button>
          </form>
        </Stack>
      )}
      <FormMessage message={message?.text ?? null} tone={message?.tone ?? 'error'} />
    </Stack>
  )
}

function DeleteDesk({ onDeleted }: { onDeleted: () => void }) {
  const [isAsking, setIsAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    setError(null)
    try {
      await deleteMyDesk()
      onDeleted()
    } catch (failure) {
      console.error('Deleting the desk failed', failure)
      setError(errorText(failure))
    }
  }
  return (
    <Stack gap="2" alignItems="start">
      {isAsking ? (
        <Stack gap="2" role="group" aria-label={DESK_TEXTS.deleteDeskQuestion}>
          <Text fontWeight="medium">{DESK_TEXTS.deleteDeskQuestion}</Text>
          <Text fontSize="sm">{DESK_TEXTS.deleteDeskText}</Text>
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" colorPalette="red" onClick={() => void remove()}>
              {DESK_TEXTS.deleteDeskYes}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setIsAsking(false)}>
              {DESK_TEXTS.cancel}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setIsAsking(true)}>
          {DESK_TEXTS.deleteDesk}
        </Button>
      )}
      <FormMessage message={error} />
    </Stack>
  )
}
