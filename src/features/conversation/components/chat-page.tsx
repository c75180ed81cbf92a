import { Box, Flex, Grid, Spinner, Stack } from '@chakra-ui/react'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { OfflineBanner } from '@/components/ui/offline-banner'
import { asksToDeleteDetails } from '@/lib/chat/chat-link'
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query'
import {
  ChatClosed,
  ClosedComposer,
  EndNoticeBox,
  useEndNotice,
  useEndNotices,
} from '@/features/conversation/components/chat-closed'
import {
  ChatDetails,
  ChatDetailsAside,
  ChatDetailsSheet,
} from '@/features/conversation/components/chat-details'
import { ChatHeader } from '@/features/conversation/components/chat-header'
import { ChatLinkInvalid } from '@/features/conversation/components/chat-link-invalid'
import { ChatMessages } from '@/features/conversation/components/chat-messages'
import { ChatUnreachable } from '@/features/conversation/components/chat-unreachable'
import { Composer } from '@/features/conversation/components/composer'
import {
  DeleteDetailsButton,
  DeleteDetailsQuestion,
} from '@/features/conversation/components/finder-forget'
import { ChatReceipts } from '@/features/conversation/components/receipts'
import { SafetyActions } from '@/features/conversation/components/safety-actions'
import { SafetyNotices } from '@/features/conversation/components/safety-notices'
import { SafetyTips } from '@/features/conversation/components/safety-tips'
import { FINDER_OFFLINE_TEXT, OFFLINE_TEXT } from '@/features/conversation/offline-texts'
import { useT } from '@/lib/i18n/use-t'
import type { ChatSlots } from '@/features/conversation/slots'
import { useChat, type ChatState } from '@/features/conversation/use-chat'
import { useLogInAndReturn } from '@/features/conversation/use-log-in-and-return'
import {
  forgetRefusedToken,
  readChatToken,
  rememberRefusedToken,
} from '@/features/conversation/chat-token'
import type { ChatRole } from '@/lib/chat/types'

/**
 * The chat fills the phone's screen below the app's header, so the item, the last
 * message and the message box are on one screen; the page itself does not scroll.
 */
const CHAT_HEIGHT = { base: 'calc(100dvh - 5.25rem)', md: 'calc(100dvh - 7rem)' }

/** The owner's link opened signed out: log in, then come back here (route-after-login). */
function LogInAndReturn({ chatId }: { chatId: string }) {
  const logInAndReturn = useLogInAndReturn(chatId)
  useEffect(logInAndReturn, [logInAndReturn])
  return null
}

/**
 * /chat?chatId=ID(#token=SECRET): the live chat between an item's owner and its finder.
 * `&delete=my-details` (the finder's e-mail link) opens it with the finder's deletion asking.
 * The ways back and the owner's actions come from src/app (ChatSlots).
 */
export function ChatPage(slots: ChatSlots) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const chatId = searchParams.get('chatId')
  const [token] = useState(() => readChatToken(chatId, location.hash))

  const dropToken = useCallback(() => {
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.pathname, location.search, navigate])

  const t = useT()
  const chat = useChat(chatId, token, dropToken)
  const { phase } = chat
  // A refused link (forwarded, already used, expired) leaves the address bar too: the
  // page keeps the token it read (for this tab, across a reload) for "Send me a new link".
  const isRefusedLink = phase.kind === 'invalid' && token !== null
  useEffect(() => {
    if (!chatId) return
    if (isRefusedLink && token) {
      rememberRefusedToken(chatId, token)
      dropToken()
    }
    if (phase.kind === 'ready') forgetRefusedToken(chatId)
  }, [chatId, isRefusedLink, token, dropToken, phase.kind])

  if (phase.kind === 'loading') {
    return (
      <Stack align="center" py="10">
        <Spinner aria-label={t('chat.opening')} />
      </Stack>
    )
  }
  if (phase.kind === 'sign-in' && chatId) return <LogInAndReturn chatId={chatId} />
  if (phase.kind === 'unreachable') return <ChatUnreachable onRetry={chat.reload} />
  if (phase.kind !== 'ready' || !chatId) {
    return (
      <ChatLinkInvalid
        reason={phase.kind === 'invalid' ? phase.reason : 'invalid'}
        linkStatus={phase.kind === 'invalid' ? phase.linkStatus : null}
        chatId={chatId}
        token={phase.kind === 'invalid' ? phase.token : null}
      />
    )
  }
  return (
    <ChatScreen
      chat={chat}
      chatId={chatId}
      role={phase.role}
      userId={phase.userId}
      isAskingToDelete={asksToDeleteDetails(searchParams)}
      token={token}
      {...slots}
    />
  )
}

type ChatScreenProps = ChatSlots & {
  chat: ChatState
  chatId: string
  role: ChatRole
  userId: string
  isAskingToDelete: boolean
  /** The link this page was opened with, if any. */
  token: string | null
}

/** The offline line: in the finder's language for the finder, from the owner's catalog for the owner. */
function ChatOffline({ isOffline, isFinder }: { isOffline: boolean; isFinder: boolean }) {
  const t = useT()
  return (
    <OfflineBanner isOffline={isOffline} text={t(isFinder ? FINDER_OFFLINE_TEXT : OFFLINE_TEXT)} />
  )
}

/** The finder deleted their details just now: the chat is over for them. */
function DetailsDeleted({ summary }: { summary: NonNullable<ChatState['summary']> }) {
  const notice = useEndNotice(
    { ...summary, closed_reason: 'finder_left', finder_details_deleted_on: '' },
    'finder',
  )
  return (
    <Stack gap="3" py="2">
      <EndNoticeBox notice={notice} />
      <ClosedComposer notice={notice} />
    </Stack>
  )
}

/** Whether the finder's details are still held (chat_summary gives their deletion date). */
function isDetailsHeld(chat: ChatState): boolean {
  return Boolean(chat.summary?.finder_details_deleted_on)
}

/**
 * The conversation: a compact header, the end notice once it is over, the messages
 * and the message box (or, once closed, what is left to do) at the foot. The
 * details sit beside it on a laptop and in a sheet on a phone.
 */
function ChatScreen({
  chat,
  chatId,
  role,
  userId,
  isAskingToDelete,
  token,
  WaysBack,
  OwnerActions,
}: ChatScreenProps) {
  const isWide = useMediaQuery(WIDE_SCREEN)
  const noticeOf = useEndNotices()
  const [isDetailsOpen, setIsDetailsOpen] = useState(false)
  const [isAsking, setIsAsking] = useState(isAskingToDelete)
  const [isForgotten, setIsForgotten] = useState(false)
  const { summary } = chat
  const isFinder = role === 'finder'
  const canForget = isFinder && isDetailsHeld(chat) && !isForgotten
  const isClosed = Boolean(summary?.closed_at) || isForgotten
  const ask = () => {
    setIsDetailsOpen(false)
    setIsAsking(true)
  }

  if (isForgotten && summary) return <DetailsDeleted summary={summary} />

  const details = (
    <ChatDetails
      {...{ summary, role }}
      ownerActions={
        role === 'owner' && <OwnerActions summary={summary} refreshSummary={chat.refreshSummary} />
      }
      waysBack={
        <WaysBack
          chatId={chatId}
          role={role}
          finderFirstName={summary?.finder_first_name}
          // Closed, or the finder's details already purged (chat_summary then has no deletion date).
          isClosed={isClosed || !summary?.finder_details_deleted_on}
        />
      }
      forget={canForget && !isAsking && <DeleteDetailsButton onClick={ask} />}
      safety={<SafetyActions {...{ chatId, role, isClosed }} onChanged={chat.refreshSummary} />}
    />
  )

  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 22rem' }}
      gap="4"
      h={CHAT_HEIGHT}
      minH="24rem"
    >
      {/* Longer words (a language, a notice) can outgrow a short screen: then the column
          scrolls, rather than the message box running under the footer. */}
      <Flex direction="column" gap="2" minH="0" overflowY="auto">
        <ChatHeader
          summary={summary}
          role={role}
          onOpenDetails={isWide ? undefined : () => setIsDetailsOpen(true)}
        />
        {summary?.closed_at && <ChatClosed summary={summary} role={role} />}
        <SafetyNotices {...{ chatId, userId, role }} refreshKey={summary?.closed_at} />
        <ChatOffline isOffline={chat.isOffline} isFinder={isFinder} />
        {!isClosed && (
          <SafetyTips
            chatId={chatId}
            acceptsMeeting={summary?.return_options?.includes('meet') ?? true}
          />
        )}
        {canForget && isAsking && (
          <DeleteDetailsQuestion
            chatId={chatId}
            onDeleted={() => {
              // The session goes with the details: the link (dead now) is kept for this
              // tab, so that a reload can still ask the database why the chat ended.
              if (token) rememberRefusedToken(chatId, token)
              setIsForgotten(true)
            }}
            onCancel={() => setIsAsking(false)}
          />
        )}
        <ChatMessages
          messages={chat.messages}
          viewerId={userId}
          role={role}
          finderFirstName={summary?.finder_first_name}
          onRetry={chat.retry}
          isClosed={isClosed}
        />
        <Box flexShrink="0">
          <ChatReceipts
            chatId={chatId}
            viewer={role}
            hasFinderWritten={chat.messages.some(
              (message) => message.senderRole === 'finder' && message.status === 'sent',
            )}
          />
        </Box>
        {summary?.closed_at ? (
          <ClosedComposer
            notice={noticeOf(summary, role)}
            onDeleteDetails={canForget && !isAsking ? ask : undefined}
          />
        ) : (
          <Composer onSend={chat.send} photoFolder={`${chatId}/${userId}`} isFinder={isFinder} />
        )}
      </Flex>
      {isWide ? (
        <ChatDetailsAside role={role}>{details}</ChatDetailsAside>
      ) : (
        <ChatDetailsSheet isOpen={isDetailsOpen} onOpenChange={setIsDetailsOpen} role={role}>
          {details}
        </ChatDetailsSheet>
      )}
    </Grid>
  )
}
