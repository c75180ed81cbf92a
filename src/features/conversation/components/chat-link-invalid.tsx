import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { paths } from '@/lib/paths'
import { ChatApiError } from '@/lib/chat/api-error'
import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatLinkStatus } from '@/features/conversation/api/get-chat-link-status'
import { requestChatLink } from '@/features/conversation/api/request-chat-link'
import { EndNoticeBox, useEndNotice } from '@/features/conversation/components/chat-closed'
import { useT } from '@/lib/i18n/use-t'
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
  /** Why, as the database tells this link's holder or this session; null when it could not say. */
  linkStatus: ChatLinkStatus | null
  chatId: string | null
  /** The finder's link token, when the page was opened with one: it may ask for a new link. */
  token: string | null
}

/** What a refused link's holder is told: what happened, why, their data, what to do. */
function explain(reason: Props['reason'], status: ChatLinkStatus | null, hasToken: boolean) {
  const date = formatDeletionDate(status?.at)
  const kept =
    'Your details and the conversation are kept until they are deleted, as our privacy notice says.'
  switch (status?.status) {
    case 'replaced':
      return {
        title: 'This chat link was replaced by a newer one.',
        lines: [
          `A new link was e-mailed to you${date ? ` on ${date}` : ''}, so this one no longer works. ${kept}`,
          'Open the chat from the newest e-mail we sent you.',
        ],
        canRenew: false,
      }
    case 'revoked':
      return {
        title: 'The owner has turned this chat link off.',
        lines: [kept, 'There is nothing more to do here.'],
        canRenew: false,
      }
    case 'expired':
      return {
        title: date ? `This chat link expired on ${date}.` : 'This chat link has expired.',
        lines: [kept, 'We can e-mail you a new link to the address you gave.'],
        canRenew: true,
      }
    default:
      if (reason === 'bound' || status?.status === 'bound') {
        return {
          title: BOUND_LINK_TEXT,
          lines: [
            'If you found the item, we can e-mail you a new link to the address you gave. Or log in if this is your item.',
          ],
          canRenew: true,
        }
      }
      return {
        title: INVALID_LINK_TEXT,
        lines: [
          hasToken
            ? 'If you found the item, we can e-mail you a new link to the address you gave. Or log in if this is your item.'
            : 'If you found the item, open the chat from the e-mail we sent you. Or log in if this is your item.',
        ],
        canRenew: hasToken,
      }
  }
}

/**
 * What anyone who cannot enter the chat sees: nothing of the chat; why, when the
 * database tells this link's holder (ended, replaced, expired…); for a finder's
 * link, a way back in; for the owner, Login (then back to this chat).
 */
export function ChatLinkInvalid({ reason, linkStatus, chatId, token }: Props) {
  if (linkStatus?.status === 'ended') return <ChatEnded linkStatus={linkStatus} />
  return <LinkRefused reason={reason} linkStatus={linkStatus} chatId={chatId} token={token} />
}

/** The conversation is over for good: the same notice its chat would have shown. */
function ChatEnded({ linkStatus }: { linkStatus: ChatLinkStatus }) {
  const t = useT()
  const notice = useEndNotice(
    {
      closed_reason: linkStatus.closedReason ?? '',
      item_name: t('chat.end.theItem'),
      finder_first_name: '',
      finder_details_deleted_on: '',
    },
    'finder',
  )
  return (
    <Stack gap="4" align="stretch" py="6">
      <EndNoticeBox notice={notice} />
      <Button asChild variant="outline" colorPalette="teal" alignSelf="start">
        <RouterLink to={paths.root}>{notice.goHome}</RouterLink>
      </Button>
    </Stack>
  )
}

function LinkRefused({ reason, linkStatus, chatId, token }: Props) {
  const logInAndReturn = useLogInAndReturn(chatId)
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [error, setError] = useState<string | null>(null)
  const { title, lines, canRenew } = explain(reason, linkStatus, Boolean(token))

  const renew = () => {
    if (!chatId) return
    setState('sending')
    setError(null)
    requestChatLink(chatId, token ?? '').then(
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
        {title}
      </Heading>
      {state === 'sent' ? (
        <Text role="status">{NEW_LINK_SENT}</Text>
      ) : (
        <>
          {lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          {canRenew && chatId && (
            <Button colorPalette="teal" onClick={renew} loading={state === 'sending'}>
              Send me a new link
            </Button>
          )}
        </>
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
