import type { ReactNode } from 'react'
import { Box, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react'
import { foundLine } from '@/lib/chat/found-line'
import type { ChatSummaryRow } from '@/lib/chat/types'

/**
 * What the chat is about beyond the messages: where and when it was found, the
 * owner's actions, the ways back (location, hand-in, address), and the finder's
 * "Delete my details now". Beside the conversation on a laptop, in a sheet on a phone.
 */
export function ChatDetails({
  summary,
  ownerActions,
  waysBack,
  forget,
  safety,
}: {
  summary: ChatSummaryRow | null
  ownerActions: ReactNode
  waysBack: ReactNode
  forget: ReactNode
  /** Report and block (safety-actions.tsx). */
  safety?: ReactNode
}) {
  return (
    <Stack gap="4">
      {ownerActions}
      {summary && <Text fontSize="sm">{foundLine(summary)}</Text>}
      {waysBack}
      {forget}
      {safety}
    </Stack>
  )
}

/** On a laptop: the details in a column beside the conversation. */
export function ChatDetailsAside({ children }: { children: ReactNode }) {
  return (
    <Box
      as="aside"
      aria-label="Chat details"
      overflowY="auto"
      minH="0"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="l3"
      bg="bg"
      p="4"
    >
      {children}
    </Box>
  )
}

/** On a phone: the details in a sheet that opens over the conversation from its header. */
export function ChatDetailsSheet({
  isOpen,
  onOpenChange,
  children,
}: {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  children: ReactNode
}) {
  return (
    <Drawer.Root
      open={isOpen}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="bottom"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxH="85dvh" borderTopRadius="l3">
            <Drawer.Header>
              <Drawer.Title>Chat details</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6">{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the details" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
