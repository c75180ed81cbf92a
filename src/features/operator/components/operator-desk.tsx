import { useEffect, useState, type FormEvent } from 'react'
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { DesksWaiting } from '@/features/operator/components/desks-waiting'
import {
  actOnReport,
  amIOperator,
  DESK_ACTIONS,
  getDeskReports,
  getKeptMessages,
  type DeskAction,
  type DeskReport,
  type KeptMessage,
} from '@/features/operator/api/desk'

export const DESK_TEXTS = {
  notOperator: "This page is for Homeward's operators.",
  empty: 'No open reports. Nothing to do.',
  loadFailed: 'The reports could not be loaded. Please try again.',
  noAction: 'Choose what to do about this report.',
  noReason: 'Give a reason for what you do.',
  done: 'Done. The person who reported it has been told.',
  failed: 'That did not work. Please try again.',
  reasons: {
    spam: 'Spam',
    harassment: 'Harassment',
    money_or_codes: 'Asks for money or codes',
    other: 'Something else',
  } as Record<string, string>,
  actions: {
    dismiss: 'Dismiss: nothing against our rules',
    warn: 'Warn the reported person',
    close_conversation: 'Close the conversation',
    suspend_owner: "Suspend the owner's account",
    deactivate_tag: 'Deactivate the tag',
  } satisfies Record<DeskAction, string>,
} as const

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

type DeskState =
  | { kind: 'loading' }
  | { kind: 'not-operator' }
  | { kind: 'failed' }
  | { kind: 'ready'; reports: DeskReport[] }

/** What the desk shows: the open reports, or why not. */
async function fetchDesk(): Promise<DeskState> {
  try {
    if (!(await amIOperator())) return { kind: 'not-operator' }
    return { kind: 'ready', reports: await getDeskReports() }
  } catch (error) {
    console.error('Loading the desk failed', error)
    return { kind: 'failed' }
  }
}

/** /operator: open reports, each with its kept conversation and the operator's actions. */
export function OperatorDesk() {
  const [state, setState] = useState<DeskState>({ kind: 'loading' })
  const [openId, setOpenId] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const reload = () => {
    void fetchDesk().then(setState)
  }

  useEffect(() => {
    let isActive = true
    void fetchDesk().then((next) => {
      if (isActive) setState(next)
    })
    return () => {
      isActive = false
    }
  }, [])

  if (state.kind === 'loading') return <Spinner aria-label="Loading reports" />
  if (state.kind === 'not-operator') return <Text>{DESK_TEXTS.notOperator}</Text>
  if (state.kind === 'failed') return <FormMessage message={DESK_TEXTS.loadFailed} />

  return (
    <Stack gap="4" maxW="3xl" mx="auto" w="full">
      <Heading as="h1" size="lg">
        Open reports
      </Heading>
      {done && <Text role="status">{done}</Text>}
      {state.reports.length === 0 && <Text>{DESK_TEXTS.empty}</Text>}
      {state.reports.map((report) => (
        <ReportCard
          key={report.report_id}
          report={report}
          isOpen={openId === report.report_id}
          onToggle={() => setOpenId(openId === report.report_id ? null : report.report_id)}
          onActed={() => {
            setDone(DESK_TEXTS.done)
            setOpenId(null)
            reload()
          }}
        />
      ))}
      <DesksWaiting />
    </Stack>
  )
}

function ReportCard({
  report,
  isOpen,
  onToggle,
  onActed,
}: {
  report: DeskReport
  isOpen: boolean
  onToggle: () => void
  onActed: () => void
}) {
  const title = `${DESK_TEXTS.reasons[report.reason] ?? report.reason}: ${report.item_name}`
  return (
    <Card.Root as="article" aria-label={title}>
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Badge colorPalette={report.chat_closed_reason ? 'gray' : 'teal'}>
            {report.chat_closed_reason
              ? `Closed (${report.chat_closed_reason})`
              : 'Conversation open'}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Reported by the {report.reporter_role} on {when.format(new Date(report.created_at))} · tag{' '}
          {report.tag_code} ({report.tag_status ?? 'gone'}) · {report.kept_messages} kept message
          {report.kept_messages === 1 ? '' : 's'}
        </Text>
        {report.note && <Text fontStyle="italic">“{report.note}”</Text>}
        <Button size="sm" variant="outline" alignSelf="start" onClick={onToggle}>
          {isOpen ? 'Hide' : 'Open report'}
        </Button>
        {isOpen && (
          <>
            <KeptConversation reportId={report.report_id} />
            <ActionForm report={report} onActed={onActed} />
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function KeptConversation({ reportId }: { reportId: string }) {
  const [messages, setMessages] = useState<KeptMessage[] | null>(null)
  useEffect(() => {
    let isActive = true
    getKeptMessages(reportId)
      .then((rows) => {
        if (isActive) setMessages(rows)
      })
      .catch((error: unknown) => console.error('Loading the kept conversation failed', error))
    return () => {
      isActive = false
    }
  }, [reportId])

  if (messages === null) return <Spinner size="sm" aria-label="Loading the conversation" />
  if (messages.length === 0)
    return <Text fontSize="sm">No messages were sent before the report.</Text>
  return (
    <Box as="ol" aria-label="Kept conversation" borderWidth="1px" borderRadius="md" p="3">
      {messages.map((message) => (
        <Box as="li" key={message.message_id} listStyleType="none" py="1">
          <Text fontSize="xs" fontWeight="semibold">
            {message.sender_role === 'owner' ? 'Owner' : 'Finder'} ·{' '}
            {when.format(new Date(message.sent_at))}
            {message.scam_signals.length > 0 && ` · flagged: ${message.scam_signals.join(', ')}`}
          </Text>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {message.body}
          </Text>
        </Box>
      ))}
    </Box>
  )
}

function ActionForm({ report, onActed }: { report: DeskReport; onActed: () => void }) {
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const choices = DESK_ACTIONS.filter(
    (action) => action !== 'suspend_owner' || report.reporter_role === 'finder',
  )

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const action = String(form.get('action') ?? '') as DeskAction
    const reason = String(form.get('reason') ?? '').trim()
    if (!choices.includes(action)) return setError(DESK_TEXTS.noAction)
    if (reason === '') return setError(DESK_TEXTS.noReason)
    setError(null)
    setIsBusy(true)
    try {
      await actOnReport(report.report_id, action, reason)
      onActed()
    } catch (failure) {
      console.error('Acting on the report failed', failure)
      setError(failure instanceof Error && failure.message ? failure.message : DESK_TEXTS.failed)
      setIsBusy(false)
    }
  }

  return (
    <Stack asChild gap="2">
      <form onSubmit={(event) => void submit(event)} aria-label="Act on this report" noValidate>
        <Field.Root required>
          <Field.Label>What to do</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="action" defaultValue="">
              <option value="" disabled>
                Choose an action
              </option>
              {choices.map((action) => (
                <option key={action} value={action}>
                  {DESK_TEXTS.actions[action]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required>
          <Field.Label>Reason (kept in the audit log)</Field.Label>
          <Textarea name="reason" maxLength={1000} rows={2} size="sm" />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="red" alignSelf="start" loading={isBusy}>
          Confirm action
        </Button>
        <FormMessage message={error} />
      </form>
    </Stack>
  )
}
