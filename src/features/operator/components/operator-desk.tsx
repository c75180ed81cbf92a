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
import { operatorFailureText } from '@/features/operator/refusals'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
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

/** A report's reason, and the operator's actions, in the operator's words. */
const REASON_WORDS: Readonly<Record<string, MessageId>> = {
  spam: msgId('operator.reason.spam'),
  harassment: msgId('operator.reason.harassment'),
  money_or_codes: msgId('operator.reason.money_or_codes'),
  other: msgId('operator.reason.other'),
}

const ACTION_WORDS = {
  dismiss: msgId('operator.action.dismiss'),
  warn: msgId('operator.action.warn'),
  close_conversation: msgId('operator.action.close_conversation'),
  suspend_owner: msgId('operator.action.suspend_owner'),
  deactivate_tag: msgId('operator.action.deactivate_tag'),
} as const satisfies Record<DeskAction, MessageId>

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
  const t = useT()
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

  if (state.kind === 'loading') return <Spinner aria-label={t('operator.loading')} />
  if (state.kind === 'not-operator') return <Text>{t('operator.notOperator')}</Text>
  if (state.kind === 'failed') return <FormMessage message={t('operator.loadFailed')} />

  return (
    <Stack gap="4" maxW="3xl" mx="auto" w="full">
      <Heading as="h1" size="lg">
        {t('operator.heading')}
      </Heading>
      {done && <Text role="status">{done}</Text>}
      {state.reports.length === 0 && <Text>{t('operator.empty')}</Text>}
      {state.reports.map((report) => (
        <ReportCard
          key={report.report_id}
          report={report}
          isOpen={openId === report.report_id}
          onToggle={() => setOpenId(openId === report.report_id ? null : report.report_id)}
          onActed={() => {
            setDone(t('operator.done'))
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
  const t = useT()
  const reasonWords = REASON_WORDS[report.reason]
  const title = t('operator.report.title', {
    reason: reasonWords ? t(reasonWords) : report.reason,
    item: report.item_name,
  })
  return (
    <Card.Root as="article" aria-label={title}>
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Badge colorPalette={report.chat_closed_reason ? 'gray' : 'teal'}>
            {report.chat_closed_reason
              ? t('operator.report.closed', { reason: report.chat_closed_reason })
              : t('operator.report.open')}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('operator.report.meta', {
            role: report.reporter_role,
            date: when.format(new Date(report.created_at)),
            tag: report.tag_code,
            status: report.tag_status ?? '',
            count: report.kept_messages,
          })}
        </Text>
        {report.note && <Text fontStyle="italic">“{report.note}”</Text>}
        <Button size="sm" variant="outline" alignSelf="start" onClick={onToggle}>
          {isOpen ? t('operator.report.hide') : t('operator.report.show')}
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
  const t = useT()
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

  if (messages === null) return <Spinner size="sm" aria-label={t('operator.kept.loading')} />
  if (messages.length === 0) return <Text fontSize="sm">{t('operator.kept.empty')}</Text>
  return (
    <Box as="ol" aria-label={t('operator.kept.label')} borderWidth="1px" borderRadius="md" p="3">
      {messages.map((message) => (
        <Box as="li" key={message.message_id} listStyleType="none" py="1">
          <Text fontSize="xs" fontWeight="semibold">
            {message.scam_signals.length > 0
              ? t('operator.kept.metaFlagged', {
                  role: message.sender_role ?? '',
                  date: when.format(new Date(message.sent_at)),
                  signals: message.scam_signals.join(', '),
                })
              : t('operator.kept.meta', {
                  role: message.sender_role ?? '',
                  date: when.format(new Date(message.sent_at)),
                })}
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
  const t = useT()
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
    if (!choices.includes(action)) return setError(t('operator.refusal.invalidAction'))
    if (reason === '') return setError(t('operator.refusal.reasonRequired'))
    setError(null)
    setIsBusy(true)
    try {
      await actOnReport(report.report_id, action, reason)
      onActed()
    } catch (failure) {
      console.error('Acting on the report failed', failure)
      setError(operatorFailureText(t, failure))
      setIsBusy(false)
    }
  }

  return (
    <Stack asChild gap="2">
      <form
        onSubmit={(event) => void submit(event)}
        aria-label={t('operator.action.form')}
        noValidate
      >
        <Field.Root required>
          <Field.Label>{t('operator.action.what')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="action" defaultValue="">
              <option value="" disabled>
                {t('operator.action.choose')}
              </option>
              {choices.map((action) => (
                <option key={action} value={action}>
                  {t(ACTION_WORDS[action])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('operator.action.reasonLabel')}</Field.Label>
          <Textarea name="reason" maxLength={1000} rows={2} size="sm" />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="red" alignSelf="start" loading={isBusy}>
          {t('operator.action.confirm')}
        </Button>
        <FormMessage message={error} />
      </form>
    </Stack>
  )
}
