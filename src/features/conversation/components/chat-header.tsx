import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { translate } from '@/lib/i18n/runtime'
import { useT, type MessageValues } from '@/lib/i18n/use-t'
import { Badge, Box, Button, Heading, HStack, IconButton, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/lib/paths'
import { writesInLabel } from '@/lib/chat/finder-language'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

/** Open, closed, or home: the state of the conversation in one word. */
function stateOf(summary: ChatSummaryRow | null): { label: MessageId; palette: string } {
  if (summary?.closed_reason === 'returned') {
    return { label: msgId('chat.state.returned'), palette: 'green' }
  }
  if (summary?.closed_at) return { label: msgId('chat.state.closed'), palette: 'gray' }
  return { label: msgId('chat.state.open'), palette: 'teal' }
}

/** Who the reader is talking with, in a few words (`t`: the reader's catalog, useT()). */
export function withWhom(
  summary: ChatSummaryRow | null,
  role: ChatRole,
  t: (id: MessageId, values?: MessageValues) => string = translate,
): string {
  if (role === 'finder') return t('chat.header.withOwner')
  const finder = summary?.finder_first_name?.trim()
  return finder ? t('ownerChat.header.withFinder', { finder }) : t('ownerChat.header.withSomeone')
}

/**
 * The chat's compact header: the item, who the reader is talking with, the state,
 * and (on a phone) the button that opens the chat's details sheet. The owner also
 * gets a way back to the dashboard.
 */
export function ChatHeader({
  summary,
  role,
  onOpenDetails,
}: {
  summary: ChatSummaryRow | null
  role: ChatRole
  /** Opens the details sheet; absent where the details sit beside the chat. */
  onOpenDetails?: () => void
}) {
  const state = stateOf(summary)
  const t = useT()
  // The owner reads which language the finder writes in (their browser can translate).
  const writesIn = role === 'owner' ? writesInLabel(summary?.finder_language, t) : null
  return (
    <HStack
      gap="2"
      align="center"
      flexShrink="0"
      pb="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      {role === 'owner' && (
        <IconButton asChild variant="ghost" size="sm" minW="11" minH="11">
          <RouterLink to={paths.dashboard} aria-label={t('ownerChat.header.backToDashboard')}>
            <span aria-hidden="true">←</span>
          </RouterLink>
        </IconButton>
      )}
      <Box flex="1" minW="0">
        <HStack gap="2" minW="0">
          <Heading as="h2" size="md" truncate>
            {summary?.item_name ?? t('ownerChat.header.untitled')}
          </Heading>
          <Badge colorPalette={state.palette} variant="subtle" flexShrink="0">
            {t(state.label)}
          </Badge>
        </HStack>
        {/* The language goes under the name when both do not fit on one line (a phone). */}
        <HStack columnGap="2" rowGap="0.5" minW="0" flexWrap="wrap">
          <Text fontSize="sm" color="fg.muted" truncate maxW="full">
            {withWhom(summary, role, t)}
          </Text>
          {writesIn && (
            <Badge variant="outline" colorPalette="gray" size="sm" flexShrink="0">
              {writesIn}
            </Badge>
          )}
        </HStack>
      </Box>
      {onOpenDetails && (
        <Button
          variant="outline"
          colorPalette="teal"
          size="sm"
          minH="11"
          flexShrink="0"
          onClick={onOpenDetails}
          aria-haspopup="dialog"
        >
          {t('chat.header.details')}
        </Button>
      )}
    </HStack>
  )
}
