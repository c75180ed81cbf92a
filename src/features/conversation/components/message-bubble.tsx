import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { m } from 'framer-motion'
import { StoredPhoto } from '@/components/ui/stored-photo'
import type { ChatMessage } from '@/lib/chat/types'
import { ScamWarning } from '@/features/conversation/components/scam-warning'

const STATUS_TEXT: Record<Exclude<ChatMessage['status'], 'sent'>, string> = {
  sending: 'Sending…',
  queued: 'Waiting for connection',
  failed: 'Not sent',
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

type MessageBubbleProps = {
  message: ChatMessage
  /** "You", "Fred, finder" or "The owner" (sender-label.ts). */
  who: string
  isMine: boolean
  onRetry: (id: string) => void
}

/** One message: who, what, when, and for ours on the way, its state. */
export function MessageBubble({ message, who, isMine, onRetry }: MessageBubbleProps) {
  return (
    <m.li
      initial={{ opacity: 0, y: 8 }}
      animate={{ opacity: 1, y: 0 }}
      transition={{ duration: 0.18 }}
      style={{
        listStyle: 'none',
        display: 'flex',
        justifyContent: isMine ? 'flex-end' : 'flex-start',
      }}
      data-status={message.status}
    >
      <Box
        maxW="80%"
        px="3"
        py="2"
        borderRadius="md"
        bg={isMine ? 'teal.solid' : 'bg.muted'}
        color={isMine ? 'teal.contrast' : 'fg'}
      >
        <Text fontSize="xs" fontWeight="semibold">
          {who}
          {message.createdAt && (
            <Text asChild fontWeight="normal" ms="2">
              <time dateTime={message.createdAt}>
                {timeFormat.format(new Date(message.createdAt))}
              </time>
            </Text>
          )}
        </Text>
        {message.photoPaths.length > 0 && (
          <HStack gap="2" flexWrap="wrap" my="1">
            {message.photoPaths.map((path, index) => (
              <StoredPhoto
                key={path}
                bucket="chat-photos"
                path={path}
                alt={`Photo ${index + 1} from ${who}`}
              />
            ))}
          </HStack>
        )}
        {message.body !== '' && (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {message.body}
          </Text>
        )}
        {!isMine && (message.scamSignals?.length ?? 0) > 0 && (
          <ScamWarning isForFinder={message.senderRole === 'owner'} />
        )}
        {message.status !== 'sent' && (
          <HStack gap="2" fontSize="xs">
            <Text>{message.failedBecause ?? STATUS_TEXT[message.status]}</Text>
            {message.status === 'failed' && (
              <Button size="xs" variant="surface" onClick={() => onRetry(message.id)}>
                Retry
              </Button>
            )}
          </HStack>
        )}
      </Box>
    </m.li>
  )
}
