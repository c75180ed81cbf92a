import { Spinner, Stack, Text } from '@chakra-ui/react'
import { useCallback, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { ChatLinkInvalid } from '@/features/chat/components/chat-link-invalid'
import { ChatMessages } from '@/features/chat/components/chat-messages'
import { ChatUnreachable } from '@/features/chat/components/chat-unreachable'
import { Composer } from '@/features/chat/components/composer'
import { OfflineBanner } from '@/features/chat/components/offline-banner'
import { ChatReceipts } from '@/features/chat/components/receipts'
import { useChat } from '@/features/chat/use-chat'

/** The invite token from `#token=SECRET`, read once (it is dropped from the URL after joining). */
function readToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token && token.trim() !== '' ? token.trim() : null
}

/** /chat?chatId=ID(#token=SECRET): the live chat between an item's owner and its finder. */
export function ChatPage() {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const chatId = searchParams.get('chatId')
  const [token] = useState(() => readToken(location.hash))

  const dropToken = useCallback(() => {
    navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.pathname, location.search, navigate])

  const chat = useChat(chatId, token, dropToken)
  const { phase } = chat

  if (phase.kind === 'loading') {
    return (
      <Stack align="center" py="10">
        <Spinner aria-label="Opening the chat" />
      </Stack>
    )
  }
  if (phase.kind === 'invalid') return <ChatLinkInvalid />
  if (phase.kind === 'unreachable') return <ChatUnreachable onRetry={chat.reload} />

  return (
    <Stack gap="4" py="4">
      <Text color="fg.muted">
        {phase.role === 'owner'
          ? 'You are talking with the person who found your item.'
          : 'You are talking with the owner of the item you found.'}
      </Text>
      {chatId ? <ChatReceipts chatId={chatId} viewer={phase.role} /> : null}
      <OfflineBanner isOffline={chat.isOffline} />
      <ChatMessages messages={chat.messages} myRole={phase.role} onRetry={chat.retry} />
      <Composer onSend={chat.send} />
    </Stack>
  )
}
