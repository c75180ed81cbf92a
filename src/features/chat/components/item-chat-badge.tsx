import { Badge, Button, HStack } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { chatPath } from '@/features/chat/chat-link'
import { chatByItemAtom, unreadByItemAtom } from '@/features/chat/state'

/** On an item card: a link to the item's chat when it has one, with the unread count. */
export function ItemChatBadge({ itemId }: { itemId: string }) {
  const chatId = useAtomValue(chatByItemAtom)[itemId]
  const unread = useAtomValue(unreadByItemAtom)[itemId] ?? 0
  const setUnread = useSetAtom(unreadByItemAtom)
  if (!chatId) return null
  const label = unread > 0 ? `Open chat, ${unread} new` : 'Open chat'
  return (
    <HStack gap="2">
      <Button asChild size="sm" variant="outline" colorPalette="teal">
        <RouterLink
          to={chatPath(chatId)}
          aria-label={label}
          onClick={() => setUnread((counts) => ({ ...counts, [itemId]: 0 }))}
        >
          Open chat
          {unread > 0 && (
            <Badge colorPalette="red" variant="solid" aria-hidden>
              {unread}
            </Badge>
          )}
        </RouterLink>
      </Button>
    </HStack>
  )
}
