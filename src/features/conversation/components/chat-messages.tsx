import { Box, Text } from '@chakra-ui/react'
import { LazyMotion, MotionConfig } from 'framer-motion'
import { useEffect, useRef } from 'react'
import { MessageBubble } from '@/features/conversation/components/message-bubble'
import { senderLabel } from '@/features/conversation/sender-label'
import type { ChatMessage, ChatRole } from '@/lib/chat/types'
import { useT } from '@/lib/i18n/use-t'

/** Keeps the animation code out of the chat route's chunk (it is the finder's phone page). */
const loadMotionFeatures = () =>
  import('@/features/conversation/motion-features').then((module) => module.default)

type ChatMessagesProps = {
  messages: ChatMessage[]
  viewerId: string
  /** The finder reads the labels and states in their language (the owner's stay English). */
  role: ChatRole
  finderFirstName: string | null | undefined
  onRetry: (id: string) => void
  /** Closed: nothing more can be said, so no "Say hello!". */
  isClosed?: boolean
}

/** The conversation: a polite live region that keeps the newest message in view. */
export function ChatMessages({
  messages,
  viewerId,
  role,
  finderFirstName,
  onRetry,
  isClosed = false,
}: ChatMessagesProps) {
  const listRef = useRef<HTMLOListElement>(null)
  const t = useT()
  const isFinder = role === 'finder'
  const words = isFinder
    ? { you: t('chat.sender.you'), owner: t('chat.sender.owner') }
    : {
        you: t('ownerChat.sender.you'),
        owner: t('ownerChat.sender.owner'),
        finder: (name: string) => t('ownerChat.sender.finder', { name }),
        theFinder: t('ownerChat.sender.theFinder'),
      }
  const lastId = messages.at(-1)?.id
  useEffect(() => {
    const list = listRef.current
    if (list && lastId) list.scrollTop = list.scrollHeight
  }, [lastId])

  return (
    <LazyMotion features={loadMotionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <Box
          as="ol"
          ref={listRef}
          aria-label={isFinder ? t('chat.messages.label') : t('ownerChat.messages.label')}
          aria-live="polite"
          aria-relevant="additions"
          display="flex"
          flexDirection="column"
          gap="2"
          p="2"
          m="0"
          flex="1"
          minH="8rem"
          overflowY="auto"
          overscrollBehavior="contain"
          borderRadius="md"
          bg="bg.subtle"
          // The newest message sits just above the message box, as in any chat.
          css={{ '& > :first-child': { marginTop: 'auto' } }}
          tabIndex={0}
        >
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              who={senderLabel(message, viewerId, finderFirstName, words)}
              isMine={message.senderId === viewerId}
              isFinder={isFinder}
              onRetry={onRetry}
            />
          ))}
        </Box>
        {messages.length === 0 && (
          <Text color="fg.muted" fontSize="sm" flexShrink="0">
            {isClosed ? t('chat.empty.closed') : t('chat.empty.open')}
          </Text>
        )}
      </MotionConfig>
    </LazyMotion>
  )
}
