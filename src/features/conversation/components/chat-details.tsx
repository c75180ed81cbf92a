import type { ReactNode } from 'react'
import { Box, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react'
import { finderFoundLine, foundLine } from '@/lib/chat/found-line'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'
import { useLocale, useT } from '@/lib/i18n/use-t'

/** The details' name and close button, in the reader's catalog (the finder's or the owner's). */
function useDetailsWords(role: ChatRole): { title: string; close: string } {
  const t = useT()
  return role === 'finder'
    ? { title: t('chat.details.title'), close: t('chat.details.close') }
    : { title: t('ownerChat.details.title'), close: t('ownerChat.details.close') }
}

/**
 * What the chat is about beyond the messages: where and when it was found, the
 * owner's actions, the ways back (location, hand-in, address), and the finder's
 * "Delete my details now". Beside the conversation on a laptop, in a sheet on a phone.
 */
export function ChatDetails({
  summary,
  role,
  ownerActions,
  waysBack,
  forget,
  safety,
}: {
  summary: ChatSummaryRow | null
  /** The finder reads the details in their language (the owner's pages stay English). */
  role: ChatRole
  ownerActions: ReactNode
  waysBack: ReactNode
  forget: ReactNode
  /** Report and block (safety-actions.tsx). */
  safety?: ReactNode
}) {
  const t = useT()
  const locale = useLocale()
  return (
    <Stack gap="4">
      {ownerActions}
      {summary && (
        <Text fontSize="sm">
          {role === 'finder' ? finderFoundLine(summary, t, locale) : foundLine(summary, t)}
        </Text>
      )}
      {waysBack}
      {forget}
      {safety}
    </Stack>
  )
}

/** On a laptop: the details in a column beside the conversation. */
export function ChatDetailsAside({ role, children }: { role: ChatRole; children: ReactNode }) {
  const words = useDetailsWords(role)
  return (
    <Box
      as="aside"
      aria-label={words.title}
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
  role,
  children,
}: {
  isOpen: boolean
  role: ChatRole
  onOpenChange: (isOpen: boolean) => void
  children: ReactNode
}) {
  const words = useDetailsWords(role)
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
              <Drawer.Title>{words.title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6">{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={words.close} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
