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
import { deskFailureText } from '@/features/desk/texts'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

type PageState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; desk: MyDesk | null }

/** An item's state as the desk's words (unclaimed: with the desk's number of days). */
const STATE_WORDS: Readonly<Record<string, MessageId>> = {
  owner_told: msgId('desk.state.owner_told'),
  owner_replied: msgId('desk.state.owner_replied'),
  collected: msgId('desk.state.collected'),
  posted: msgId('desk.state.posted'),
  closed: msgId('desk.state.closed'),
}

const CONFIRM_WORDS: Readonly<Record<DeskOutcome, { title: MessageId; yes: MessageId }>> = {
  collected: {
    title: msgId('desk.confirm.collected.title'),
    yes: msgId('desk.confirm.collected.yes'),
  },
  posted: { title: msgId('desk.confirm.posted.title'), yes: msgId('desk.confirm.posted.yes') },
}

/**
 * /desk: a lost-property desk. No desk yet: sign one up. Pending or refused:
 * says so. Approved: the items it holds with each one's state, and its staff.
 */
export function DeskPage() {
  const t = useT()
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

  if (state.kind === 'loading') return <Spinner aria-label={t('desk.loading')} />
  if (state.kind === 'failed') return <FormMessage message={t('desk.loadFailed')} />
  const { desk } = state
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      {!desk && <DeskSignUp onSignedUp={() => load()} />}
      {desk?.status === 'pending' && (
        <Stack gap="2" role="status">
          <Heading as="h1" size="lg">
            {t('desk.pending.heading')}
          </Heading>
          <Text>{t('desk.pending.text', { name: desk.name })}</Text>
          <DeskDetails desk={desk} />
        </Stack>
      )}
      {desk?.status === 'refused' && (
        <Stack gap="2">
          <Heading as="h1" size="lg">
            {t('desk.refused.heading')}
          </Heading>
          <Text>
            {desk.decision_reason
              ? t('desk.refused.textWithReason', { name: desk.name, reason: desk.decision_reason })
              : t('desk.refused.text', { name: desk.name })}
          </Text>
        </Stack>
      )}
      {desk?.status === 'approved' && <ApprovedDesk desk={desk} />}
      {desk && desk.my_role === 'admin' && <DeleteDesk onDeleted={() => load()} />}
    </Stack>
  )
}

function DeskDetails({ desk }: { desk: MyDesk }) {
  const t = useT()
  return (
    <Text fontSize="sm" color="fg.muted">
      {t('desk.details', {
        address: desk.address,
        openingHours: desk.opening_hours,
        phone: desk.public_phone,
        email: desk.public_email,
      })}
    </Text>
  )
}

function DeskSignUp({ onSignedUp }: { onSignedUp: () => void }) {
  const t = useT()
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
    if (Object.values(desk).some((field) => field === '')) return setError(t('desk.missingFields'))
    setError(null)
    setIsBusy(true)
    try {
      await registerDesk(desk)
      onSignedUp()
    } catch (failure) {
      console.error('Signing the desk up failed', failure)
      setError(deskFailureText(t, failure))
      setIsBusy(false)
    }
  }

  return (
    <Stack asChild gap="4">
      <form
        onSubmit={(event) => void submit(event)}
        aria-label={t('desk.signUp.heading')}
        noValidate
      >
        <Heading as="h1" size="lg">
          {t('desk.signUp.heading')}
        </Heading>
        <Text>{t('desk.signUp.intro')}</Text>
        <LabelledInput label={t('desk.field.name')} name="name" maxLength={80} required />
        <LabelledInput label={t('desk.field.address')} name="address" maxLength={300} required />
        <LabelledInput
          label={t('desk.field.openingHours')}
          name="openingHours"
          maxLength={80}
          placeholder="07:00–19:00"
          required
        />
        <LabelledInput
          label={t('desk.field.publicPhone')}
          name="publicPhone"
          type="tel"
          maxLength={40}
          required
        />
        <LabelledInput
          label={t('desk.field.publicEmail')}
          name="publicEmail"
          type="email"
          maxLength={320}
          required
        />
        <FormMessage message={error} />
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={isBusy}>
          {t('desk.signUp.button')}
        </Button>
      </form>
    </Stack>
  )
}

function ApprovedDesk({ desk }: { desk: MyDesk }) {
  const t = useT()
  const [cases, setCases] = useState<DeskCase[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)

  const load = useCallback((isActive: () => boolean = () => true) => {
    getDeskCases()
      .then((rows) => {
        if (isActive()) setCases(rows)
      })
      .catch((failure: unknown) => {
        console.error('Loading the desk cases failed', failure)
        if (isActive()) setLoadFailed(true)
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
      setDone(t('desk.marked'))
      load()
    } catch (failure) {
      console.error('Marking the item failed', failure)
      setError(deskFailureText(t, failure))
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
          {t('desk.held.heading')}
        </Heading>
        <FormMessage message={done} tone="success" />
        <FormMessage message={error ?? (loadFailed ? t('desk.loadFailed') : null)} />
        {cases === null && !error && !loadFailed && (
          <Spinner size="sm" aria-label={t('desk.held.loading')} />
        )}
        {cases?.length === 0 && <Text>{t('desk.held.empty')}</Text>}
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

function CaseCard({
  item,
  unclaimedAfterDays,
  onMark,
}: {
  item: DeskCase
  unclaimedAfterDays: number
  onMark: (outcome: DeskOutcome) => void
}) {
  const t = useT()
  const [asking, setAsking] = useState<DeskOutcome | null>(null)
  const isOpen = item.closed_at === null && !['collected', 'posted'].includes(item.state)
  const stateWords = STATE_WORDS[item.state]
  const state =
    item.state === 'unclaimed'
      ? t('desk.state.unclaimed', { days: unclaimedAfterDays })
      : stateWords
        ? t(stateWords)
        : item.state
  const question = asking ? t(CONFIRM_WORDS[asking].title, { item: item.item_name }) : ''
  return (
    <Card.Root
      as="article"
      aria-label={t('desk.case.label', { item: item.item_name, reference: item.reference })}
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
          {t('desk.case.reported', {
            reference: item.reference,
            date: when.format(new Date(item.created_at)),
          })}
        </Text>
        {asking ? (
          <Stack gap="2" role="group" aria-label={question}>
            <Text fontWeight="medium">{question}</Text>
            <Text fontSize="sm">{t('desk.confirm.text')}</Text>
            <HStack gap="2" flexWrap="wrap">
              <Button
                size="sm"
                colorPalette="teal"
                onClick={() => {
                  setAsking(null)
                  onMark(asking)
                }}
              >
                {t(CONFIRM_WORDS[asking].yes)}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking(null)}>
                {t('desk.cancel')}
              </Button>
            </HStack>
          </Stack>
        ) : (
          <HStack gap="2" flexWrap="wrap">
            <Button asChild size="sm" variant="outline" colorPalette="teal">
              <RouterLink to={chatPath(item.chat_id)}>{t('desk.case.openChat')}</RouterLink>
            </Button>
            {isOpen && (
              <>
                <Button size="sm" colorPalette="teal" onClick={() => setAsking('collected')}>
                  {t('desk.case.markCollected')}
                </Button>
                <Button
                  size="sm"
                  colorPalette="teal"
                  variant="subtle"
                  onClick={() => setAsking('posted')}
                >
                  {t('desk.case.markPosted')}
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
  const t = useT()
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
      setMessage({ text: deskFailureText(t, failure), tone: 'error' })
    }
  }

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const wanted = email.trim()
    if (wanted === '') return setMessage({ text: t('desk.missingFields'), tone: 'error' })
    void run(async () => {
      await addDeskStaff(wanted)
      setEmail('')
    }, t('desk.staff.added'))
  }

  return (
    <Stack gap="3" as="section" aria-labelledby="desk-staff">
      <Heading as="h2" size="md" id="desk-staff">
        {t('desk.staff.heading')}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none">
        {staff.map((member) => {
          return (
            <HStack as="li" key={member.user_id} justify="space-between" flexWrap="wrap" gap="2">
              <Text overflowWrap="anywhere">
                {member.role === 'admin'
                  ? t('desk.staff.admin', { email: member.email })
                  : member.email}
              </Text>
              {isAdmin && member.role !== 'admin' && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('desk.staff.removeName', { email: member.email })}
                  onClick={() => void run(() => removeDeskStaff(member.user_id), null)}
                >
                  {t('desk.staff.remove')}
                </Button>
              )}
            </HStack>
          )
        })}
      </Stack>
      {isAdmin && (
        <Stack asChild gap="2">
          <form onSubmit={add} aria-label={t('desk.staff.addButton')} noValidate>
            <LabelledInput
              label={t('desk.staff.addLabel')}
              type="email"
              value={email}
              onValueChange={setEmail}
              maxLength={320}
            />
            <Text fontSize="sm" color="fg.muted">
              {t('desk.staff.addHint')}
            </Text>
            <Button type="submit" size="sm" colorPalette="teal" alignSelf="start">
              {t('desk.staff.addButton')}
            </Button>
          </form>
        </Stack>
      )}
      <FormMessage message={message?.text ?? null} tone={message?.tone ?? 'error'} />
    </Stack>
  )
}

function DeleteDesk({ onDeleted }: { onDeleted: () => void }) {
  const t = useT()
  const [isAsking, setIsAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    setError(null)
    try {
      await deleteMyDesk()
      onDeleted()
    } catch (failure) {
      console.error('Deleting the desk failed', failure)
      setError(deskFailureText(t, failure))
    }
  }
  return (
    <Stack gap="2" alignItems="start">
      {isAsking ? (
        <Stack gap="2" role="group" aria-label={t('desk.delete.question')}>
          <Text fontWeight="medium">{t('desk.delete.question')}</Text>
          <Text fontSize="sm">{t('desk.delete.text')}</Text>
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" colorPalette="red" onClick={() => void remove()}>
              {t('desk.delete.yes')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setIsAsking(false)}>
              {t('desk.cancel')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setIsAsking(true)}>
          {t('desk.delete.button')}
        </Button>
      )}
      <FormMessage message={error} />
    </Stack>
  )
}
