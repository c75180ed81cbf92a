import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { m } from 'framer-motion'
import { StoredPhoto } from '@/components/ui/stored-photo'
import type { ChatMessage } from '@/lib/chat/types'
import { ScamWarning } from '@/features/conversation/components/scam-warning'
import { TOO_MANY_MESSAGES } from '@/features/conversation/message-rules'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

type Status = Exclude<ChatMessage['status'], 'sent'>

const STATUS_TEXT: Record<Status, MessageId> = {
  sending: msgId('ownerChat.message.sending'),
  queued: msgId('ownerChat.message.queued'),
  failed: msgId('ownerChat.message.failed'),
}

/** The same states in the finder's language. */
const FINDER_STATUS: Record<Status, MessageId> = {
  sending: msgId('chat.message.sending'),
  queued: msgId('chat.message.queued'),
  failed: msgId('chat.message.failed'),
}

/** Why a message failed (ChatMessage.failedBecause), in our words. */
const FAILED_BECAUSE: Record<NonNullable<ChatMessage['failedBecause']>, [MessageId, MessageId]> = {
  too_many_messages: [TOO_MANY_MESSAGES, msgId('chat.message.tooMany')],
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

type MessageBubbleProps = {
  message: ChatMessage
  /** "You", "Fred, finder" or "The owner" (sender-label.ts). */
  who: string
  isMine: boolean
  /** The finder reads its states in their language, the owner from the owner's catalog. */
  isFinder?: boolean
  onRetry: (id: string) => void
}

/** One message: who, what, when, and for ours on the way, its state. */
export function MessageBubble({
  message,
  who,
  isMine,
  isFinder = false,
  onRetry,
}: MessageBubbleProps) {
  const t = useT()
  const stateText = (status: Status): string => {
    const because = message.failedBecause ? FAILED_BECAUSE[message.failedBecause] : null
    if (because) return t(isFinder ? because[1] : because[0])
    return t(isFinder ? FINDER_STATUS[status] : STATUS_TEXT[status])
  }
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
                words={
                  isFinder
                    ? {
                        loading: (alt) => t('chat.photo.loading', { alt }),
                        gone: t('chat.photo.gone'),
                        failed: t('chat.photo.loadFailed'),
                      }
                    : {
                        loading: (alt) => t('ownerChat.photo.loading', { alt }),
                        gone: t('ownerChat.photo.gone'),
                        failed: t('ownerChat.photo.loadFailed'),
                      }
                }
                alt={
                  isFinder
                    ? t('chat.message.photoAlt', { n: index + 1, who })
                    : t('ownerChat.message.photoAlt', { n: index + 1, who })
                }
              />
            ))}
          </HStack>
        )}
        {/* A person's words, in whatever language: their own direction, not the page's. */}
        {message.body !== '' && (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto">
            {message.body}
          </Text>
        )}
        {!isMine && (message.scamSignals?.length ?? 0) > 0 && (
          <ScamWarning isForFinder={message.senderRole === 'owner'} />
        )}
        {message.status !== 'sent' && (
          <HStack gap="2" fontSize="xs">
            <Text>{stateText(message.status)}</Text>
            {message.status === 'failed' && (
              <Button size="xs" variant="surface" onClick={() => onRetry(message.id)}>
                {isFinder ? t('chat.message.retry') : t('ownerChat.message.retry')}
              </Button>
            )}
          </HStack>
        )}
      </Box>
    </m.li>
  )
}
