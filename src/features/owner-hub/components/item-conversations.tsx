import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { chatPath } from '@/lib/chat/chat-link'
import { conversationsAtom } from '@/features/owner-hub/state'
import { markReportOpened } from '@/features/owner-hub/api/mark-report-opened'
import { useT } from '@/lib/i18n/use-t'
import type { ConversationRow } from '@/lib/chat/types'

// The time as the owner's pages write it (English this round, like foundLine in lib/chat).
const whenFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * 'Found by Fred on 21 Nov 2026, 10:02: “On a bench at the station”', in the owner's
 * catalog; the place is the finder's own words, quoted.
 */
function useFoundLine() {
  const t = useT()
  return (conversation: ConversationRow) => {
    const who = conversation.finder_first_name?.trim()
    const where = conversation.found_location?.trim()
    const when = conversation.found_at ? whenFormat.format(new Date(conversation.found_at)) : null
    const line = who
      ? when
        ? t('hub.conversations.foundByOn', { who, when })
        : t('hub.conversations.foundBy', { who })
      : when
        ? t('hub.conversations.foundBySomeoneOn', { when })
        : t('hub.conversations.foundBySomeone')
    return where ? t('hub.conversations.foundWhere', { line, where }) : line
  }
}

// Reports this tab has marked opened already (once each is enough).
const markedOpened = new Set<string>()

/**
 * On an item's dashboard card: every report of that item, newest first, with
 * who found it, where, when, unread messages and a link to that conversation.
 */
export function ItemConversations({ itemId }: { itemId: string }) {
  const conversations = useAtomValue(conversationsAtom)
  const setConversations = useSetAtom(conversationsAtom)
  const t = useT()
  const foundLine = useFoundLine()
  const mine = (conversations ?? []).filter((conversation) => conversation.item_id === itemId)
  const reportIds = mine.map((conversation) => conversation.report_id).join(',')

  // Seen on the dashboard counts as opened: no reminder is sent for it.
  useEffect(() => {
    for (const reportId of reportIds.split(',').filter(Boolean)) {
      if (markedOpened.has(reportId)) continue
      markedOpened.add(reportId)
      markReportOpened(reportId).catch(() => markedOpened.delete(reportId))
    }
  }, [reportIds])

  if (mine.length === 0) return null

  const opened = (chatId: string) =>
    setConversations((list) =>
      (list ?? []).map((c) => (c.chat_id === chatId ? { ...c, unread: 0 } : c)),
    )

  return (
    <Stack
      as="ul"
      aria-label={t('hub.conversations.label')}
      gap="2"
      listStyleType="none"
      m="0"
      p="0"
    >
      {mine.map((conversation) => {
        const name = conversation.finder_first_name?.trim()
        const { unread } = conversation
        const label = name
          ? t('hub.conversations.openChatWith', { name, unread })
          : t('hub.conversations.openChatWithFinder', { unread })
        return (
          <Box as="li" key={conversation.chat_id} borderWidth="1px" borderRadius="md" p="2">
            <Text fontSize="sm">{foundLine(conversation)}</Text>
            {conversation.closed_at && (
              <Text fontSize="sm" color="fg.muted">
                {t('hub.conversations.closed')}
              </Text>
            )}
            <HStack gap="2" mt="1">
              <Button asChild size="sm" variant="outline" colorPalette="teal">
                <RouterLink
                  to={chatPath(conversation.chat_id)}
                  aria-label={label}
                  onClick={() => opened(conversation.chat_id)}
                >
                  {t('hub.conversations.openChat')}
                  {conversation.unread > 0 && (
                    <Badge colorPalette="red" variant="solid" aria-hidden>
                      {conversation.unread}
                    </Badge>
                  )}
                </RouterLink>
              </Button>
            </HStack>
          </Box>
        )
      })}
    </Stack>
  )
}
