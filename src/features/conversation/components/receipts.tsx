import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import { useEffect } from 'react'
import { Stack, Text } from '@chakra-ui/react'
import { markChatOpened } from '@/features/conversation/api/mark-chat-opened'
import { useReportReceipts } from '@/features/conversation/use-report-receipts'

/** The receipts, as catalog messages (translated where shown). */
export const RECEIPT_TEXT = {
  textAndEmail: msgId('chat.receipt.textAndEmail'),
  text: msgId('chat.receipt.text'),
  email: msgId('chat.receipt.email'),
  sending: msgId('chat.receipt.sending'),
  /** Until the finder has written in the chat, what the owner has seen is the report. */
  seenReport: msgId('chat.receipt.seenReport'),
  seen: msgId('chat.receipt.seen'),
} as const

export function notifiedText(channels: readonly string[]): MessageId | null {
  const text = channels.includes('sms')
  const email = channels.includes('email')
  if (text && email) return RECEIPT_TEXT.textAndEmail
  if (text) return RECEIPT_TEXT.text
  if (email) return RECEIPT_TEXT.email
  return null
}

/** The finder's live receipts: the owner was alerted, the owner has seen the chat. */
function FinderReceipts({ chatId, hasWritten }: { chatId: string; hasWritten: boolean }) {
  const receipts = useReportReceipts(chatId)
  const t = useT()
  if (!receipts) return null
  const notified = notifiedText(receipts.ownerNotifiedVia)
  return (
    <Stack
      role="status"
      aria-live="polite"
      aria-label={t('chat.receipt.label')}
      gap="1"
      fontSize="sm"
      color="fg.muted"
    >
      <Text>{notified ? `✓ ${t(notified)}` : t(RECEIPT_TEXT.sending)}</Text>
      {receipts.ownerHasSeenChat ? (
        <Text>✓ {t(hasWritten ? RECEIPT_TEXT.seen : RECEIPT_TEXT.seenReport)}</Text>
      ) : null}
    </Stack>
  )
}

/** The owner looking at the chat: tells the finder (once) and stops the reminder. */
function OwnerOpened({ chatId }: { chatId: string }) {
  useEffect(() => {
    markChatOpened(chatId).catch(() => undefined)
  }, [chatId])
  return null
}

type Props = {
  chatId: string
  viewer: 'owner' | 'finder'
  /** Whether the finder has a stored message in this chat (never on /found/thank-you). */
  hasFinderWritten?: boolean
}

/** In a chat (and on /found/thank-you): receipts for the finder; "opened" for the owner. */
export function ChatReceipts({ chatId, viewer, hasFinderWritten = false }: Props) {
  return viewer === 'owner' ? (
    <OwnerOpened chatId={chatId} />
  ) : (
    <FinderReceipts chatId={chatId} hasWritten={hasFinderWritten} />
  )
}
