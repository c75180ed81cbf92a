import { useEffect, useState, type FormEvent } from 'react'
import { Button, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import {
  blockFinder,
  isFinderBlocked,
  unblockFinder,
} from '@/features/conversation/api/block-finder'
import { leaveConversation } from '@/features/conversation/api/leave-conversation'
import {
  reportConversation,
  type ReportReason,
} from '@/features/conversation/api/report-conversation'
import type { ChatRole } from '@/lib/chat/types'
import { useT } from '@/lib/i18n/use-t'

/** The report's reasons, in the order they are offered. */
const REASONS: readonly ReportReason[] = ['spam', 'harassment', 'money_or_codes', 'other']

type Mode = 'idle' | 'report' | 'block' | 'leave'

/** The words of the safety box for one reader: the finder's catalog or the owner's. */
type SafetyWords = {
  heading: string
  group: string
  reasons: Record<ReportReason, string>
  reportIntro: string
  noReason: string
  reported: string
  reportFailed: string
  leaveQuestion: string
  left: string
  failed: string
  report: string
  why: string
  chooseReason: string
  note: string
  send: string
  cancel: string
  leave: string
  /** The owner's block: the question, its button, what is said after, and the undo. */
  blockQuestion: string
  blockConfirm: string
  blocked: string
  blockButton: string
  unblockButton: string
  unblocked: string
}

/** The safety box's words in the reader's language (the finder's, or the owner's catalog). */
function useSafetyWords(role: ChatRole): SafetyWords {
  const t = useT()
  if (role === 'owner') {
    return {
      heading: t('ownerChat.safety.heading'),
      group: t('ownerChat.safety.group'),
      reasons: {
        spam: t('ownerChat.safety.reasonSpam'),
        harassment: t('ownerChat.safety.reasonHarassment'),
        money_or_codes: t('ownerChat.safety.reasonMoney'),
        other: t('ownerChat.safety.reasonOther'),
      },
      reportIntro: t('ownerChat.safety.reportIntro'),
      noReason: t('ownerChat.safety.noReason'),
      reported: t('ownerChat.safety.reported'),
      reportFailed: t('ownerChat.safety.reportFailed'),
      // The owner never leaves: they block (below).
      leaveQuestion: '',
      left: '',
      failed: t('ownerChat.safety.failed'),
      report: t('ownerChat.safety.report'),
      why: t('ownerChat.safety.why'),
      chooseReason: t('ownerChat.safety.chooseReason'),
      note: t('ownerChat.safety.note'),
      send: t('ownerChat.safety.send'),
      cancel: t('ownerChat.safety.cancel'),
      leave: '',
      blockQuestion: t('ownerChat.safety.blockQuestion'),
      blockConfirm: t('ownerChat.safety.blockConfirm'),
      blocked: t('ownerChat.safety.blocked'),
      blockButton: t('ownerChat.safety.blockButton'),
      unblockButton: t('ownerChat.safety.unblockButton'),
      unblocked: t('ownerChat.safety.unblocked'),
    }
  }
  return {
    heading: t('chat.report.heading'),
    group: t('chat.report.group'),
    reasons: {
      spam: t('chat.report.reasonSpam'),
      harassment: t('chat.report.reasonHarassment'),
      money_or_codes: t('chat.report.reasonMoney'),
      other: t('chat.report.reasonOther'),
    },
    reportIntro: t('chat.report.intro'),
    noReason: t('chat.report.noReason'),
    reported: t('chat.report.sent'),
    reportFailed: t('chat.report.failed'),
    leaveQuestion: t('chat.leave.question'),
    left: t('chat.leave.done'),
    failed: t('chat.leave.failed'),
    report: t('chat.report.owner'),
    why: t('chat.report.why'),
    chooseReason: t('chat.report.chooseReason'),
    note: t('chat.report.note'),
    send: t('chat.report.send'),
    cancel: t('chat.report.cancel'),
    leave: t('chat.leave.button'),
    // The finder cannot block: these are never shown to them.
    blockQuestion: '',
    blockConfirm: '',
    blocked: '',
    blockButton: '',
    unblockButton: '',
    unblocked: '',
  }
}

/**
 * Report and block, for both sides of every conversation: either reports the
 * other; the owner blocks the finder (and can undo it); the finder leaves,
 * which stops the owner's messages.
 */
export function SafetyActions({
  chatId,
  role,
  isClosed,
  onChanged,
}: {
  chatId: string
  role: ChatRole
  isClosed: boolean
  /** The conversation changed state (closed): look again. */
  onChanged: () => void
}) {
  const words = useSafetyWords(role)
  const [mode, setMode] = useState<Mode>('idle')
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [isBlocked, setIsBlocked] = useState(false)

  useEffect(() => {
    if (role !== 'owner') return
    let isActive = true
    isFinderBlocked(chatId)
      .then((blocked) => {
        if (isActive) setIsBlocked(blocked)
      })
      .catch((failure: unknown) => console.error('Reading the block failed', failure))
    return () => {
      isActive = false
    }
  }, [chatId, role])

  const run = async (work: () => Promise<void>, message: string, failedText: string) => {
    setError(null)
    setIsBusy(true)
    try {
      await work()
      setDone(message)
      setMode('idle')
    } catch (failure) {
      console.error('Safety action failed', failure)
      setError(failedText)
    } finally {
      setIsBusy(false)
    }
  }

  const submitReport = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const reason = String(form.get('reason') ?? '')
    if (!REASONS.includes(reason as ReportReason)) {
      setError(words.noReason)
      return
    }
    void run(
      () => reportConversation(chatId, reason as ReportReason, String(form.get('note') ?? '')),
      words.reported,
      words.reportFailed,
    )
  }

  const block = async () => {
    await blockFinder(chatId)
    setIsBlocked(true)
    onChanged()
  }
  const unblock = async () => {
    await unblockFinder(chatId)
    setIsBlocked(false)
  }
  const leave = async () => {
    await leaveConversation(chatId)
    onChanged()
  }

  return (
    <Stack gap="2" role="group" aria-label={words.group}>
      <Text fontWeight="semibold" fontSize="sm">
        {words.heading}
      </Text>
      {done && (
        <Text fontSize="sm" role="status">
          {done}
        </Text>
      )}
      {mode === 'report' && (
        <ReportForm
          words={words}
          isBusy={isBusy}
          onSubmit={submitReport}
          onCancel={() => setMode('idle')}
        />
      )}
      {(mode === 'block' || mode === 'leave') && (
        <ConfirmBox
          question={mode === 'block' ? words.blockQuestion : words.leaveQuestion}
          confirmLabel={mode === 'block' ? words.blockConfirm : words.leave}
          cancelLabel={words.cancel}
          isBusy={isBusy}
          onConfirm={() =>
            void run(
              mode === 'block' ? block : leave,
              mode === 'block' ? words.blocked : words.left,
              words.failed,
            )
          }
          onCancel={() => setMode('idle')}
        />
      )}
      {mode === 'idle' && (
        <ActionButtons
          role={role}
          words={words}
          isBlocked={isBlocked}
          isClosed={isClosed}
          isBusy={isBusy}
          onChoose={setMode}
          onUnblock={() => void run(unblock, words.unblocked, words.failed)}
        />
      )}
      <FormMessage message={error} />
    </Stack>
  )
}

/** Why the reader reports the other side, and an optional note. */
function ReportForm({
  words,
  isBusy,
  onSubmit,
  onCancel,
}: {
  words: SafetyWords
  isBusy: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
}) {
  return (
    <Stack asChild gap="2">
      <form onSubmit={onSubmit} aria-label={words.report} noValidate>
        <Text fontSize="sm">{words.reportIntro}</Text>
        <Field.Root required>
          <Field.Label fontSize="sm">{words.why}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="reason" defaultValue="">
              <option value="" disabled>
                {words.chooseReason}
              </option>
              {REASONS.map((value) => (
                <option key={value} value={value}>
                  {words.reasons[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">{words.note}</Field.Label>
          <Textarea name="note" maxLength={1000} rows={3} size="sm" />
        </Field.Root>
        <HStack gap="2" flexWrap="wrap">
          <Button type="submit" size="sm" colorPalette="red" loading={isBusy}>
            {words.send}
          </Button>
          <Button size="sm" variant="outline" disabled={isBusy} onClick={onCancel}>
            {words.cancel}
          </Button>
        </HStack>
      </form>
    </Stack>
  )
}

/** A question before a step that cannot be taken back in the conversation. */
function ConfirmBox({
  question,
  confirmLabel,
  cancelLabel,
  isBusy,
  onConfirm,
  onCancel,
}: {
  question: string
  confirmLabel: string
  cancelLabel: string
  isBusy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Stack gap="2" borderWidth="1px" borderColor="border.error" borderRadius="md" p="3">
      <Text fontSize="sm">{question}</Text>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" colorPalette="red" loading={isBusy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="sm" variant="outline" disabled={isBusy} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </HStack>
    </Stack>
  )
}

/** The reader's choices: report the other side; the owner blocks or unblocks, the finder leaves. */
function ActionButtons({
  role,
  words,
  isBlocked,
  isClosed,
  isBusy,
  onChoose,
  onUnblock,
}: {
  role: ChatRole
  words: SafetyWords
  isBlocked: boolean
  isClosed: boolean
  isBusy: boolean
  onChoose: (mode: Mode) => void
  onUnblock: () => void
}) {
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => onChoose('report')}>
        {words.report}
      </Button>
      {role === 'owner' && !isBlocked && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onChoose('block')}>
          {words.blockButton}
        </Button>
      )}
      {role === 'owner' && isBlocked && (
        <Button size="sm" variant="outline" loading={isBusy} onClick={onUnblock}>
          {words.unblockButton}
        </Button>
      )}
      {role === 'finder' && !isClosed && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onChoose('leave')}>
          {words.leave}
        </Button>
      )}
    </HStack>
  )
}
