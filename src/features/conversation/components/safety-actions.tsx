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

export const SAFETY_TEXTS = {
  reasons: {
    spam: 'Spam',
    harassment: 'Harassment',
    money_or_codes: 'Asks for money or codes',
    other: 'Something else',
  } satisfies Record<ReportReason, string>,
  reportIntro:
    'Tell Homeward what is wrong. We keep a copy of this conversation so far for the person who looks at your report, and tell you what we did.',
  noReason: 'Choose why you are reporting this conversation.',
  reported: 'Thank you. We have your report and will tell you here what we did about it.',
  reportFailed: 'Your report was not sent. Please try again.',
  blockQuestion:
    'Block this finder? The conversation closes for them at once, and if they report this item again you will not be told. You can undo this.',
  blocked: 'You blocked this finder. You will not hear from them about this item.',
  unblocked: 'You unblocked this finder. The conversation stays closed.',
  leaveQuestion:
    'Leave this conversation? It closes for both of you and the owner cannot write to you again. Your details are deleted as our privacy notice says.',
  left: 'You left this conversation.',
  failed: 'That did not work. Please try again.',
} as const

type Mode = 'idle' | 'report' | 'block' | 'leave'

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
    if (!(reason in SAFETY_TEXTS.reasons)) {
      setError(SAFETY_TEXTS.noReason)
      return
    }
    void run(
      () => reportConversation(chatId, reason as ReportReason, String(form.get('note') ?? '')),
      SAFETY_TEXTS.reported,
      SAFETY_TEXTS.reportFailed,
    )
  }

  const otherSide = role === 'owner' ? 'the finder' : 'the owner'
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
    <Stack gap="2" role="group" aria-label="Report or block">
      <Text fontWeight="semibold" fontSize="sm">
        Safety
      </Text>
      {done && (
        <Text fontSize="sm" role="status">
          {done}
        </Text>
      )}
      {mode === 'report' && (
        <ReportForm
          otherSide={otherSide}
          isBusy={isBusy}
          onSubmit={submitReport}
          onCancel={() => setMode('idle')}
        />
      )}
      {(mode === 'block' || mode === 'leave') && (
        <ConfirmBox
          question={mode === 'block' ? SAFETY_TEXTS.blockQuestion : SAFETY_TEXTS.leaveQuestion}
          confirmLabel={mode === 'block' ? 'Block this finder' : 'Leave and block'}
          isBusy={isBusy}
          onConfirm={() =>
            void run(
              mode === 'block' ? block : leave,
              mode === 'block' ? SAFETY_TEXTS.blocked : SAFETY_TEXTS.left,
              SAFETY_TEXTS.failed,
            )
          }
          onCancel={() => setMode('idle')}
        />
      )}
      {mode === 'idle' && (
        <ActionButtons
          role={role}
          otherSide={otherSide}
          isBlocked={isBlocked}
          isClosed={isClosed}
          isBusy={isBusy}
          onChoose={setMode}
          onUnblock={() => void run(unblock, SAFETY_TEXTS.unblocked, SAFETY_TEXTS.failed)}
        />
      )}
      <FormMessage message={error} />
    </Stack>
  )
}

/** Why the reader reports the other side, and an optional note. */
function ReportForm({
  otherSide,
  isBusy,
  onSubmit,
  onCancel,
}: {
  otherSide: string
  isBusy: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
}) {
  return (
    <Stack asChild gap="2">
      <form onSubmit={onSubmit} aria-label={`Report ${otherSide}`} noValidate>
        <Text fontSize="sm">{SAFETY_TEXTS.reportIntro}</Text>
        <Field.Root required>
          <Field.Label fontSize="sm">Why are you reporting {otherSide}?</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="reason" defaultValue="">
              <option value="" disabled>
                Choose a reason
              </option>
              {Object.entries(SAFETY_TEXTS.reasons).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Anything we should know (optional)</Field.Label>
          <Textarea name="note" maxLength={1000} rows={3} size="sm" />
        </Field.Root>
        <HStack gap="2" flexWrap="wrap">
          <Button type="submit" size="sm" colorPalette="red" loading={isBusy}>
            Send report
          </Button>
          <Button size="sm" variant="outline" disabled={isBusy} onClick={onCancel}>
            Cancel
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
  isBusy,
  onConfirm,
  onCancel,
}: {
  question: string
  confirmLabel: string
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
          Cancel
        </Button>
      </HStack>
    </Stack>
  )
}

/** The reader's choices: report the other side; the owner blocks or unblocks, the finder leaves. */
function ActionButtons({
  role,
  otherSide,
  isBlocked,
  isClosed,
  isBusy,
  onChoose,
  onUnblock,
}: {
  role: ChatRole
  otherSide: string
  isBlocked: boolean
  isClosed: boolean
  isBusy: boolean
  onChoose: (mode: Mode) => void
  onUnblock: () => void
}) {
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => onChoose('report')}>
        Report {otherSide}
      </Button>
      {role === 'owner' && !isBlocked && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onChoose('block')}>
          Block the finder
        </Button>
      )}
      {role === 'owner' && isBlocked && (
        <Button size="sm" variant="outline" loading={isBusy} onClick={onUnblock}>
          Unblock the finder
        </Button>
      )}
      {role === 'finder' && !isClosed && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onChoose('leave')}>
          Leave and block
        </Button>
      )}
    </HStack>
  )
}
