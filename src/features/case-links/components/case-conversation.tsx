import { Box, Button, Stack, Text, Textarea } from '@chakra-ui/react'
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { PhotoAttachments } from '@/components/ui/photo-attachments'
import { StoredPhoto } from '@/components/ui/stored-photo'
import { usePhotoAttachments } from '@/lib/photos/use-photo-attachments'
import type { MessageRow } from '@/lib/chat/types'
import { getCaseMessages, sendCaseMessage } from '@/features/case-links/api/case-messages'
import { caseLinkRefusal } from '@/features/case-links/api/case-link-words'
import type { PhotoStatusWords } from '@/components/ui/photo-attachments'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

const MAX_PHOTOS = 3
const MAX_LENGTH = 2000

type CaseConversationProps = {
  chatId: string
  userId: string
  /** Who the link is for (the third party's name, as the owner wrote it). */
  label: string
  /** Bumped by the page when a message notice arrives or after a reconnect. */
  version: number
  /** A send was refused: the page asks the server whether the link still works. */
  onRefused: () => void
}

function who(message: MessageRow, userId: string): MessageId {
  if (message.sender_id === userId) return msgId('caseLinks.chat.you')
  return message.sender_role === 'owner'
    ? msgId('caseLinks.chat.owner')
    : msgId('caseLinks.chat.someoneElse')
}

/** The conversation's messages, or what to do while there are none. */
function CaseMessages({
  messages,
  userId,
  label,
}: {
  messages: MessageRow[]
  userId: string
  label: string
}) {
  const t = useT()
  return messages.length === 0 ? (
    <Text color="fg.muted">{t('caseLinks.chat.empty', { label })}</Text>
  ) : (
    <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label={t('caseLinks.chat.list')}>
      {messages.map((message) => (
        <Box
          as="li"
          key={message.id}
          borderWidth="1px"
          borderRadius="md"
          p="3"
          bg={message.sender_id === userId ? 'teal.50' : 'bg'}
        >
          <Text fontSize="sm" fontWeight="semibold">
            {t(who(message, userId))}
          </Text>
          {message.body && <Text whiteSpace="pre-wrap">{message.body}</Text>}
          {message.photo_paths.length > 0 && (
            <Stack direction="row" gap="2" mt="2" flexWrap="wrap">
              {message.photo_paths.map((path, index) => (
                <StoredPhoto
                  key={path}
                  bucket="chat-photos"
                  path={path}
                  alt={t('caseLinks.chat.photo', { n: index + 1, who: t(who(message, userId)) })}
                  size="24"
                />
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  )
}

/**
 * The case's conversation, for its visitor: every message the database holds
 * (re-read on each notice), and a message box with up to three photos.
 */
export function CaseConversation({
  chatId,
  userId,
  label,
  version,
  onRefused,
}: CaseConversationProps) {
  const t = useT()
  const [messages, setMessages] = useState<MessageRow[]>([])
  const [body, setBody] = useState('')
  const [error, setError] = useState<MessageId | null>(null)
  const [isSending, setIsSending] = useState(false)
  const [sent, setSent] = useState(0)
  const photos = usePhotoAttachments({
    bucket: 'chat-photos',
    folder: `${chatId}/${userId}`,
    max: MAX_PHOTOS,
  })
  const boxId = useId()
  const photoWords: PhotoStatusWords = {
    preparing: t('caseLinks.photos.preparing'),
    uploading: t('caseLinks.photos.uploading'),
    uploaded: t('caseLinks.photos.uploaded'),
    failed: t('caseLinks.photos.failed'),
    sent: t('caseLinks.photos.sent'),
    retry: t('caseLinks.photos.retry'),
    retryName: (n) => t('caseLinks.photos.retryName', { n }),
  }

  useEffect(() => {
    let isActive = true
    getCaseMessages(chatId).then(
      (rows) => isActive && setMessages(rows),
      () => undefined,
    )
    return () => {
      isActive = false
    }
  }, [chatId, version, sent])

  const send = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const text = body.trim()
      const paths = photos.readyPaths()
      if (paths === null) {
        setError(msgId('caseLinks.chat.waitPhotos'))
        return
      }
      if (!text && paths.length === 0) {
        setError(msgId('caseLinks.chat.empty.message'))
        return
      }
      if (text.length > MAX_LENGTH) {
        setError(msgId('caseLinks.chat.tooLong'))
        return
      }
      setIsSending(true)
      setError(null)
      try {
        await sendCaseMessage({ id: crypto.randomUUID(), chatId, body: text, photoPaths: paths })
        setBody('')
        photos.clear()
        setSent((n) => n + 1)
      } catch (refusal) {
        setError(caseLinkRefusal(refusal))
        onRefused()
      } finally {
        setIsSending(false)
      }
    },
    [body, chatId, photos, onRefused],
  )

  return (
    <Stack gap="4" as="section" aria-label={t('caseLinks.chat.section')}>
      <Text fontWeight="semibold">{t('caseLinks.chat.section')}</Text>
      <CaseMessages messages={messages} userId={userId} label={label} />
      <form onSubmit={(event) => void send(event)} noValidate>
        <Stack gap="3">
          <label htmlFor={boxId}>
            <Text as="span" fontWeight="semibold" fontSize="sm">
              {t('caseLinks.chat.box')}
            </Text>
          </label>
          <Textarea
            id={boxId}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={3}
            maxLength={MAX_LENGTH}
          />
          <PhotoAttachments
            photos={photos}
            max={MAX_PHOTOS}
            label={t('caseLinks.photos.add')}
            listLabel={t('caseLinks.photos.list')}
            words={photoWords}
          />
          <FormMessage message={error ? t(error, { max: String(MAX_LENGTH) }) : photos.refusal} />
          <Button type="submit" colorPalette="teal" loading={isSending} alignSelf="start">
            {t('caseLinks.chat.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
