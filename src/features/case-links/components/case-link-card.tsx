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

const STATE_WORDS: Readonly<Record<string, string>> = {
  live: 'Working',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  returned: 'Item returned',
  closed: 'Closed',
}

export const dateText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

function Openings({ openings }: { openings: string[] }) {
  if (openings.length === 0) return <Text fontSize="sm">Not opened yet</Text>
  return (
    <details>
      <chakra.summary minH="11" py="2.5" cursor="pointer">
        <Text as="span" fontSize="sm">
          {openings.length === 1 ? 'Opened once' : `Opened ${openings.length} times`}, last{' '}
          {dateText(openings[0] ?? '')}
        </Text>
      </chakra.summary>
      <Stack as="ul" gap="0" fontSize="sm" pl="4" aria-label="Every opening">
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
  return (
    <Stack gap="2" role="group" aria-label="Withdraw this link?">
      <Text>Withdraw this link? {label} can no longer open it or write to you, at once.</Text>
      <HStack gap="2">
        <Button size="sm" colorPalette="red" loading={isBusy} onClick={onYes}>
          Yes, withdraw it
        </Button>
        <Button size="sm" variant="outline" onClick={onNo}>
          Keep it
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
  const [isAsking, setIsAsking] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const url = link.token ? caseLinkUrl(link.token) : null
  const isLive = link.state === 'live'

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
      aria-label={`Case link for ${link.label}`}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Text fontWeight="semibold">{link.label}</Text>
          <Badge colorPalette={isLive ? 'teal' : 'gray'} variant="solid">
            {STATE_WORDS[link.state] ?? link.state}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {isLive
            ? `Works until ${dateText(link.expires_at)}`
            : link.revoked_at
              ? `Withdrawn ${dateText(link.revoked_at)}`
              : `Ended ${dateText(link.closed_at ?? link.expires_at)}`}
        </Text>
        <Openings openings={link.openings} />
        {url && (
          <Stack gap="1">
            <label htmlFor={`case-url-${link.case_link_id}`}>
              <Text as="span" fontSize="sm" fontWeight="semibold">
                The link to give {link.label}
              </Text>
            </label>
            <HStack gap="2">
              <Input id={`case-url-${link.case_link_id}`} value={url} readOnly h="11" />
              <Button size="sm" variant="outline" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            </HStack>
          </Stack>
        )}
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" colorPalette="teal" variant="outline">
            <RouterLink to={chatPath(link.chat_id)}>
              {link.unread > 0 ? `Messages (${link.unread} new)` : `Messages (${link.messages})`}
            </RouterLink>
          </Button>
          {isLive && (
            <Button asChild size="sm" variant="outline">
              <RouterLink
                to={`${paths.caseSheet}?itemId=${encodeURIComponent(itemId)}&caseLinkId=${encodeURIComponent(link.case_link_id)}`}
              >
                Print case sheet
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
              Withdraw link
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
        <FormMessage message={error} />
      </Stack>
    </Box>
  )
}
