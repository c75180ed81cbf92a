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
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useLocale, useT } from '@/lib/i18n/use-t'
import { useLogInAndReturn } from '@/features/conversation/use-log-in-and-return'

/** What a refused link's holder is told (the finder's language: the link came in their e-mail). */
export const INVALID_LINK_TEXT = msgId('chat.link.invalid')
export const BOUND_LINK_TEXT = msgId('chat.link.bound')
export const NEW_LINK_SENT = msgId('chat.link.newSent')
export const NEW_LINK_TOO_MANY = msgId('chat.link.tooMany')
export const NEW_LINK_REFUSED = msgId('chat.link.refused')
export const NEW_LINK_UNREACHABLE = msgId('chat.unreachable')

type Props = {
  reason: 'invalid' | 'bound'
  /** Why, as the database tells this link's holder or this session; null when it could not say. */
  linkStatus: ChatLinkStatus | null
  chatId: string | null
  /** The finder's link token, when the page was opened with one: it may ask for a new link. */
  token: string | null
}

type Translate = ReturnType<typeof useT>

/** What a refused link's holder is told: what happened, why, their data, what to do. */
function explain(
  reason: Props['reason'],
  status: ChatLinkStatus | null,
  hasToken: boolean,
  t: Translate,
  locale: string,
) {
  const date = formatDeletionDate(status?.at, locale)
  const kept = t('chat.link.kept')
  switch (status?.status) {
    case 'replaced':
      return {
        title: t('chat.link.replacedTitle'),
        lines: [
          `${date ? t('chat.link.replacedOn', { date }) : t('chat.link.replaced')} ${kept}`,
          t('chat.link.openNewest'),
        ],
        canRenew: false,
      }
    case 'revoked':
      return {
        title: t('chat.link.revokedTitle'),
        lines: [kept, t('chat.link.nothingMore')],
        canRenew: false,
      }
    case 'expired':
      return {
        title: date ? t('chat.link.expiredOn', { date }) : t('chat.link.expired'),
        lines: [kept, t('chat.link.canRenew')],
        canRenew: true,
      }
    default:
      if (reason === 'bound' || status?.status === 'bound') {
        return {
          title: t(BOUND_LINK_TEXT),
          lines: [t('chat.link.renewOrLogIn')],
          canRenew: true,
        }
      }
      return {
        title: t(INVALID_LINK_TEXT),
        lines: [hasToken ? t('chat.link.renewOrLogIn') : t('chat.link.openOrLogIn')],
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

/**
 * A link that cannot open the chat (replaced, turned off, expired, in use elsewhere):
 * in the reader's language, as the finder's e-mail that brought the link was.
 */
function LinkRefused({ reason, linkStatus, chatId, token }: Props) {
  const t = useT()
  const locale = useLocale()
  const logInAndReturn = useLogInAndReturn(chatId)
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [error, setError] = useState<MessageId | null>(null)
  const { title, lines, canRenew } = explain(reason, linkStatus, Boolean(token), t, locale)

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
        <Text role="status">{t(NEW_LINK_SENT)}</Text>
      ) : (
        <>
          {lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          {canRenew && chatId && (
            <Button colorPalette="teal" onClick={renew} loading={state === 'sending'}>
              {t('chat.link.sendNew')}
            </Button>
          )}
        </>
      )}
      <FormMessage message={error && t(error)} />
      <Stack direction="row" gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="teal" onClick={logInAndReturn}>
          {t('chat.link.login')}
        </Button>
        <Button asChild variant="outline" colorPalette="teal">
          <RouterLink to={paths.root}>{t('chat.end.goHome')}</RouterLink>
        </Button>
      </Stack>
    </Stack>
  )
}
