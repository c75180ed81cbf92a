import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { MAX_MESSAGE_LENGTH, messageLength, TOO_LONG_MESSAGE } from '@/features/chat/message-rules'
import type { SendResult } from '@/features/chat/use-chat-send'

/** Write and send a message: Enter sends, Shift+Enter starts a new line. */
export function Composer({ onSend }: { onSend: (text: string) => SendResult }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const length = messageLength(text.trim())

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    const result = onSend(text)
    if (result === 'too_long') setError(TOO_LONG_MESSAGE)
    if (result === 'sent') {
      setText('')
      setError(null)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }

  return (
    <Stack as="form" gap="2" onSubmit={submit} aria-label="Send a message">
      <Field.Root invalid={length > MAX_MESSAGE_LENGTH}>
        <Field.Label>Message</Field.Label>
        <Textarea
          value={text}
          rows={2}
          autoresize
          onChange={(event) => {
            setText(event.target.value)
            if (messageLength(event.target.value.trim()) <= MAX_MESSAGE_LENGTH) setError(null)
          }}
          onKeyDown={onKeyDown}
        />
        <Field.HelperText>
          {length > MAX_MESSAGE_LENGTH - 200
            ? `${length} / ${MAX_MESSAGE_LENGTH} characters`
            : 'Press Enter to send, Shift+Enter for a new line.'}
        </Field.HelperText>
      </Field.Root>
      <FormMessage message={error} />
      <HStack justify="end">
        <Button type="submit" colorPalette="teal">
          Send
        </Button>
      </HStack>
    </Stack>
  )
}
