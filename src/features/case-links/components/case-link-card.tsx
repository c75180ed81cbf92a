import { Badge, Box, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { chatPath } from '@/lib/chat/chat-link'
import { paths } from '@/lib/paths'
import type { CaseLinkRow } from '@/features/case-links/api/list-case-links'
import { revokeCaseLink } from '@/features/case-links/api/revoke-case-link'
import { caseLinkRefusal } from '@/features/case-links/api/case-link-words'
import { caseLinkUrl } from '@/features/case-links/case-link-url'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

const STATE_WORDS: Readonly<Record<string, MessageId>> = {
  live: msgId('caseLinks.state.live'),
  expired: msgId('caseLinks.state.expired'),
  withdrawn: msgId('caseLinks.state.withdrawn'),
  returned: msgId('caseLinks.state.returned'),
  closed: msgId('caseLinks.state.closed'),
}

export const dateText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

function Openings({ openings }: { openings: string[] }) {
  const t = useT()
  if (openings.length === 0) return <Text fontSize="sm">{t('caseLinks.card.notOpened')}</Text>
  return (
    <details>
      <chakra.summary minH="11" py="2.5" cursor="pointer">
        <Text as="span" fontSize="sm">
          {t('caseLinks.card.opened', {
            count: openings.length,
            date: dateText(openings[0] ?? ''),
          })}
        </Text>
      </chakra.summary>
      <Stack as="ul" gap="0" fontSize="sm" pl="4" aria-label={t('caseLinks.card.openings')}>
        {openings.map((at, index) => (
          <li key={`${at}-${index}`}>{dateText(at)}</li>
        ))}
      </Stack>
    </details>
  )
}

function WithdrawQuestion({
  label,
  isBusy,
  onYes,
  onNo,
}: {
  label: string
  isBusy: boolean
  onYes: () => void
  onNo: () => void
}) {
  const t = useT()
  return (
    <Stack gap="2" role="group" aria-label={t('caseLinks.withdraw.question')}>
      <Text>{t('caseLinks.withdraw.text', { label })}</Text>
      <HStack gap="2">
        <Button size="sm" colorPalette="red" loading={isBusy} onClick={onYes}>
          {t('caseLinks.withdraw.yes')}
        </Button>
        <Button size="sm" variant="outline" onClick={onNo}>
          {t('caseLinks.withdraw.no')}
        </Button>
      </HStack>
    </Stack>
  )
}

/** One case link on the owner's page: its state, openings, messages, link and actions. */
export function CaseLinkCard({
  link,
  itemId,
  onChanged,
}: {
  link: CaseLinkRow
  itemId: string
  onChanged: () => void
}) {
  const t = useT()
  const [isAsking, setIsAsking] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<MessageId | null>(null)
  const [copied, setCopied] = useState(false)
  const url = link.token ? caseLinkUrl(link.token) : null
  const isLive = link.state === 'live'
  const stateWords = STATE_WORDS[link.state]

  const revoke = async () => {
    setIsBusy(true)
    setError(null)
    try {
      await revokeCaseLink(link.case_link_id)
      setIsAsking(false)
      onChanged()
    } catch (refusal) {
      setError(caseLinkRefusal(refusal))
    } finally {
      setIsBusy(false)
    }
  }

  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg="bg"
      aria-label={t('caseLinks.card.label', { label: link.label })}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Text fontWeight="semibold">{link.label}</Text>
          <Badge colorPalette={isLive ? 'teal' : 'gray'} variant="solid">
            {stateWords ? t(stateWords) : link.state}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {isLive
            ? t('caseLinks.card.worksUntil', { date: dateText(link.expires_at) })
            : link.revoked_at
              ? t('caseLinks.card.withdrawnAt', { date: dateText(link.revoked_at) })
              : t('caseLinks.card.endedAt', { date: dateText(link.closed_at ?? link.expires_at) })}
        </Text>
        <Openings openings={link.openings} />
        {url && (
          <Stack gap="1">
            <label htmlFor={`case-url-${link.case_link_id}`}>
              <Text as="span" fontSize="sm" fontWeight="semibold">
                {t('caseLinks.card.linkFor', { label: link.label })}
              </Text>
            </label>
            <HStack gap="2">
              <Input id={`case-url-${link.case_link_id}`} value={url} readOnly h="11" />
              <Button size="sm" variant="outline" onClick={() => void copy()}>
                {copied ? t('caseLinks.card.copied') : t('caseLinks.card.copy')}
              </Button>
            </HStack>
          </Stack>
        )}
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" colorPalette="teal" variant="outline">
            <RouterLink to={chatPath(link.chat_id)}>
              {link.unread > 0
                ? t('caseLinks.card.messagesNew', { count: link.unread })
                : t('caseLinks.card.messages', { count: link.messages })}
            </RouterLink>
          </Button>
          {isLive && (
            <Button asChild size="sm" variant="outline">
              <RouterLink
                to={`${paths.caseSheet}?itemId=${encodeURIComponent(itemId)}&caseLinkId=${encodeURIComponent(link.case_link_id)}`}
              >
                {t('caseLinks.card.print')}
              </RouterLink>
            </Button>
          )}
          {isLive && !isAsking && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setIsAsking(true)}
            >
              {t('caseLinks.card.withdraw')}
            </Button>
          )}
        </HStack>
        {isAsking && (
          <WithdrawQuestion
            label={link.label}
            isBusy={isBusy}
            onYes={() => void revoke()}
            onNo={() => setIsAsking(false)}
          />
        )}
        <FormMessage message={error && t(error)} />
      </Stack>
    </Box>
  )
}
