import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { chatPath } from '@/lib/chat/chat-link'
import { foundLine } from '@/lib/chat/found-line'
import { conversationsAtom } from '@/features/owner-hub/state'
import { markReportOpened } from '@/features/owner-hub/api/mark-report-opened'

// Reports this tab has marked opened already (once each is enough).
const markedOpened = new Set<string>()

/**
 * On an item's dashboard card: every report of that item, newest first, with
 * who found it, where, when, unread messages and a link to that conversation.
 */
export function ItemConversations({ itemId }: { itemId: string }) {
  const conversations = useAtomValue(conversationsAtom)
  const setConversations = useSetAtom(conversationsAtom)
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
    <Stack as="ul" aria-label="Reports" gap="2" listStyleType="none" m="0" p="0">
      {mine.map((conversation) => {
        const name = conversation.finder_first_name?.trim() || 'the finder'
        const label =
          conversation.unread > 0
            ? `Open chat with ${name}, ${conversation.unread} new`
            : `Open chat with ${name}`
        return (
          <Box as="li" key={conversation.chat_id} borderWidth="1px" borderRadius="md" p="2">
            <Text fontSize="sm">{foundLine(conversation)}</Text>
            {conversation.closed_at && (
              <Text fontSize="sm" color="fg.muted">
                Conversation closed
              </Text>
            )}
            <HStack gap="2" mt="1">
              <Button asChild size="sm" variant="outline" colorPalette="teal">
                <RouterLink
                  to={chatPath(conversation.chat_id)}
                  aria-label={label}
                  onClick={() => opened(conversation.chat_id)}
                >
                  Open chat
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
