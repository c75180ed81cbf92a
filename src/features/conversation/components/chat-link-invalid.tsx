import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { paths } from '@/lib/paths'
import { ChatApiError } from '@/lib/chat/api-error'
import { requestChatLink } from '@/features/conversation/api/request-chat-link'
import { useLogInAndReturn } from '@/features/conversation/use-log-in-and-return'

export const INVALID_LINK_TEXT = 'This chat link is not valid or has expired.'
export const BOUND_LINK_TEXT = 'This chat link is already in use on another device.'
export const NEW_LINK_SENT =
  'We have e-mailed you a new link. Open it on this device to continue the chat; the old link no longer works.'
export const NEW_LINK_TOO_MANY = 'Too many new links were asked for. Please try again later.'
export const NEW_LINK_REFUSED = 'A new link cannot be sent for this chat.'
export const NEW_LINK_UNREACHABLE =
  'We could not reach Homeward. Check your connection and try again.'

type Props = {
  reason: 'invalid' | 'bound'
  chatId: string | null
  /** The finder's link token, when the page was opened with one: it may ask for a new link. */
  token: string | null
}

/**
 * What anyone who is not a member sees: nothing of the chat; for a finder's link, a way
 * back in; for the owner, Login (then back to this chat).
 */
export function ChatLinkInvalid({ reason, chatId, token }: Props) {
  const logInAndReturn = useLogInAndReturn(chatId)
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [error, setError] = useState<string | null>(null)
  const canRenew = Boolean(chatId && token)

  const renew = () => {
    if (!chatId || !token) return
    setState('sending')
    setError(null)
    requestChatLink(chatId, token).then(
      () => setState('sent'),
      (failure: unknown) => {
        setState('idle')
        if (!(failure instanceof ChatApiError) || failure.isNetwork) setError(NEW_LINK_UNREACHABLE)
        else if (failure.message === 'too_many_requests') setError(NEW_LINK_TOO_MANY)
        else setError(NEW_LINK_REFUSED)
      },
    )
  }

  return (
    <Stack gap="4" align="start" py="6">
      <Heading as="h2" size="lg">
        {reason === 'bound' ? BOUND_LINK_TEXT : INVALID_LINK_TEXT}
      </Heading>
      {state === 'sent' ? (
        <Text role="status">{NEW_LINK_SENT}</Text>
      ) : canRenew ? (
        <>
          <Text>
            If you found the item, we can e-mail you a new link to the address you gave. Or log in
            if this is your item.
          </Text>
          <Button colorPalette="teal" onClick={renew} loading={state === 'sending'}>
            Send me a new link
          </Button>
        </>
      ) : (
        <Text>Ask for a new link, or log in if this is your item.</Text>
      )}
      <FormMessage message={error} />
      <Stack direction="row" gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="teal" onClick={logInAndReturn}>
          Login
        </Button>
        <Button asChild variant="outline" colorPalette="teal">
          <RouterLink to={paths.root}>Go Home</RouterLink>
        </Button>
      </Stack>
    </Stack>
  )
}
