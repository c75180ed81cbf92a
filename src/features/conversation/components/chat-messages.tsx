import { Box, Text } from '@chakra-ui/react'
import { LazyMotion, MotionConfig } from 'framer-motion'
import { useEffect, useRef } from 'react'
import { MessageBubble } from '@/features/conversation/components/message-bubble'
import { senderLabel } from '@/features/conversation/sender-label'
import type { ChatMessage } from '@/lib/chat/types'

/** Keeps the animation code out of the chat route's chunk (it is the finder's phone page). */
const loadMotionFeatures = () =>
  import('@/features/conversation/motion-features').then((module) => module.default)

type ChatMessagesProps = {
  messages: ChatMessage[]
  viewerId: string
  finderFirstName: string | null | undefined
  onRetry: (id: string) => void
}

/** The conversation: a polite live region that keeps the newest message in view. */
export function ChatMessages({ messages, viewerId, finderFirstName, onRetry }: ChatMessagesProps) {
  const listRef = useRef<HTMLOListElement>(null)
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
          aria-label="Messages"
          aria-live="polite"
          aria-relevant="additions"
          display="flex"
          flexDirection="column"
          gap="2"
          p="3"
          m="0"
          minH="12rem"
          maxH="60vh"
          overflowY="auto"
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
        >
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              who={senderLabel(message, viewerId, finderFirstName)}
              isMine={message.senderId === viewerId}
              onRetry={onRetry}
            />
          ))}
        </Box>
        {messages.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            No messages yet. Say hello!
          </Text>
        )}
      </MotionConfig>
    </LazyMotion>
  )
}
