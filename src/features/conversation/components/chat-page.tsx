import { Spinner, Stack } from '@chakra-ui/react'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { asksToDeleteDetails } from '@/lib/chat/chat-link'
import { ChatClosed } from '@/features/conversation/components/chat-closed'
import { ChatHeader } from '@/features/conversation/components/chat-header'
import { ChatLinkInvalid } from '@/features/conversation/components/chat-link-invalid'
import { ChatMessages } from '@/features/conversation/components/chat-messages'
import { ChatUnreachable } from '@/features/conversation/components/chat-unreachable'
import { Composer } from '@/features/conversation/components/composer'
import { OfflineBanner } from '@/components/ui/offline-banner'
import { OFFLINE_TEXT } from '@/features/conversation/offline-texts'
import { ChatReceipts } from '@/features/conversation/components/receipts'
import { SafetyTips } from '@/features/conversation/components/safety-tips'
import { FinderForget, FinderForgotten } from '@/features/conversation/components/finder-forget'
import { useChat } from '@/features/conversation/use-chat'
import type { ChatSlots } from '@/features/conversation/slots'
import { useLogInAndReturn } from '@/features/conversation/use-log-in-and-return'

/** The invite token from `#token=SECRET`, read once (it is dropped from the URL after joining). */
function readToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token && token.trim() !== '' ? token.trim() : null
}

/** The owner's link opened signed out: log in, then come back here (route-after-login). */
function LogInAndReturn({ chatId }: { chatId: string }) {
  const logInAndReturn = useLogInAndReturn(chatId)
  useEffect(logInAndReturn, [logInAndReturn])
  return null
}

/**
 * /chat?chatId=ID(#token=SECRET): the live chat between an item's owner and its finder.
 * `&delete=my-details` (the finder's e-mail link) opens it with the finder's deletion asking.
 */
export function ChatPage({ WaysBack, OwnerActions }: ChatSlots) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const chatId = searchParams.get('chatId')
  const [token] = useState(() => readToken(location.hash))

  const dropToken = useCallback(() => {
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.pathname, location.search, navigate])

  const chat = useChat(chatId, token, dropToken)
  const { phase } = chat
  const [isForgotten, setIsForgotten] = useState(false)
  // A refused link (forwarded, already used, expired) leaves the address bar too: the
  // page keeps the token it read, for "Send me a new link".
  const isRefusedLink = phase.kind === 'invalid' && token !== null
  useEffect(() => {
    if (isRefusedLink) dropToken()
  }, [isRefusedLink, dropToken])

  if (isForgotten) return <FinderForgotten />

  if (phase.kind === 'loading') {
    return (
      <Stack align="center" py="10">
        <Spinner aria-label="Opening the chat" />
      </Stack>
    )
  }
  if (phase.kind === 'sign-in' && chatId) return <LogInAndReturn chatId={chatId} />
  if (phase.kind === 'unreachable') return <ChatUnreachable onRetry={chat.reload} />
  if (phase.kind !== 'ready') {
    return (
      <ChatLinkInvalid
        reason={phase.kind === 'invalid' ? phase.reason : 'invalid'}
        chatId={chatId}
        token={phase.kind === 'invalid' ? phase.token : null}
      />
    )
  }

  return (
    <Stack gap="4" py="4">
      <ChatHeader
        summary={chat.summary}
        role={phase.role}
        ownerActions={<OwnerActions summary={chat.summary} refreshSummary={chat.refreshSummary} />}
      />
      {chatId ? (
        <ChatReceipts
          chatId={chatId}
          viewer={phase.role}
          hasFinderWritten={chat.messages.some(
            (message) => message.senderRole === 'finder' && message.status === 'sent',
          )}
        />
      ) : null}
      <OfflineBanner isOffline={chat.isOffline} text={OFFLINE_TEXT} />
      {chatId && <SafetyTips chatId={chatId} />}
      {chatId && phase.role === 'finder' && (
        <FinderForget
          chatId={chatId}
          isAsking={asksToDeleteDetails(searchParams)}
          onDeleted={() => setIsForgotten(true)}
        />
      )}
      {chatId && (
        <WaysBack
          chatId={chatId}
          role={phase.role}
          finderFirstName={chat.summary?.finder_first_name}
          // Closed, or the finder's details already purged (chat_summary then has no deletion date).
          isClosed={
            Boolean(chat.summary?.closed_at) || chat.summary?.finder_details_deleted_on === null
          }
        />
      )}
      <ChatMessages
        messages={chat.messages}
        viewerId={phase.userId}
        finderFirstName={chat.summary?.finder_first_name}
        onRetry={chat.retry}
      />
      {chat.summary?.closed_at ? (
        <ChatClosed summary={chat.summary} role={phase.role} />
      ) : (
        <Composer onSend={chat.send} photoFolder={`${chatId}/${phase.userId}`} />
      )}
    </Stack>
  )
}
