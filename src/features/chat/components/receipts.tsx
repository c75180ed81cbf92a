import { useEffect } from 'react'
import { Stack, Text } from '@chakra-ui/react'
import { markChatOpened } from '@/features/chat/api/mark-chat-opened'
import { useReportReceipts } from '@/features/chat/use-report-receipts'

export const RECEIPT_TEXT = {
  textAndEmail: 'The owner was sent a text and an e-mail',
  text: 'The owner was sent a text',
  email: 'The owner was sent an e-mail',
  sending: 'We are telling the owner now.',
  seen: 'The owner has seen your message',
} as const

export function notifiedText(channels: readonly string[]): string | null {
  const text = channels.includes('sms')
  const email = channels.includes('email')
  if (text && email) return RECEIPT_TEXT.textAndEmail
  if (text) return RECEIPT_TEXT.text
  if (email) return RECEIPT_TEXT.email
  return null
}

/** The finder's live receipts: the owner was alerted, the owner has seen the chat. */
function FinderReceipts({ chatId }: { chatId: string }) {
  const receipts = useReportReceipts(chatId)
  if (!receipts) return null
  const notified = notifiedText(receipts.ownerNotifiedVia)
  return (
    <Stack
      role="status"
      aria-live="polite"
      aria-label="Your report"
      gap="1"
      fontSize="sm"
      color="fg.muted"
    >
      <Text>{notified ? `✓ ${notified}` : RECEIPT_TEXT.sending}</Text>
      {receipts.ownerHasSeenChat ? <Text>✓ {RECEIPT_TEXT.seen}</Text> : null}
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

/** In a chat (and on /found/thank-you): receipts for the finder; "opened" for the owner. */
export function ChatReceipts({ chatId, viewer }: { chatId: string; viewer: 'owner' | 'finder' }) {
  return viewer === 'owner' ? <OwnerOpened chatId={chatId} /> : <FinderReceipts chatId={chatId} />
}
