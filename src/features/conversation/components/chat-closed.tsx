import { useLocale, useT } from '@/lib/i18n/use-t'
import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { endNotice, type EndNotice } from '@/features/conversation/closure'
import { paths } from '@/lib/paths'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

/**
 * At the top of a closed conversation: what happened and why, what happens to the
 * reader's data and when, and the one thing left to do.
 */
export function ChatClosed({ summary, role }: { summary: ChatSummaryRow; role: ChatRole }) {
  return <EndNoticeBox notice={useEndNotice(summary, role)} />
}

type Closure = Parameters<typeof endNotice>[0]

/** endNotice in the reader's language (the finder's, or the owner's catalog). */
export function useEndNotices(): (summary: Closure, role: ChatRole) => EndNotice {
  const t = useT()
  const locale = useLocale()
  return (summary, role) => endNotice(summary, role, t, locale)
}

/** The end notice of one conversation, in the reader's language. */
export function useEndNotice(summary: Closure, role: ChatRole): EndNotice {
  return useEndNotices()(summary, role)
}

/** The end notice (a closed chat, or one whose chat is gone), as a status. */
export function EndNoticeBox({ notice }: { notice: EndNotice }) {
  return (
    <Alert.Root status="info" role="status" aria-label={notice.label} flexShrink="0">
      <Alert.Content>
        <Alert.Title>{notice.headline}</Alert.Title>
        <Alert.Description>
          <Stack gap="1" mt="1">
            <Text>
              {notice.noMoreInIt} {notice.data}
            </Text>
            <Text fontWeight="medium">{notice.next}</Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}

/**
 * In place of the message box once the conversation is over: that nothing more can be
 * sent, and the one thing left to do as a button or link.
 */
export function ClosedComposer({
  notice,
  onDeleteDetails,
}: {
  notice: EndNotice
  onDeleteDetails?: () => void
}) {
  return (
    <Box
      role="group"
      aria-label={notice.composerLabel}
      borderTopWidth="1px"
      borderColor="border.muted"
      pt="3"
      flexShrink="0"
    >
      <Stack gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
        <Text fontSize="sm" color="fg.muted" flex="1">
          {notice.noMoreHere}
        </Text>
        <NextStepAction notice={notice} onDeleteDetails={onDeleteDetails} />
      </Stack>
    </Box>
  )
}

function NextStepAction({
  notice,
  onDeleteDetails,
}: {
  notice: EndNotice
  onDeleteDetails?: () => void
}) {
  const t = useT()
  if (notice.step === 'dashboard') {
    return (
      <Button asChild colorPalette="teal" size="sm">
        <RouterLink to={paths.dashboard}>{t('ownerChat.end.openDashboard')}</RouterLink>
      </Button>
    )
  }
  if (notice.step === 'delete-details' && onDeleteDetails) {
    return (
      <Button variant="outline" colorPalette="red" size="sm" onClick={onDeleteDetails}>
        {notice.deleteDetails}
      </Button>
    )
  }
  return (
    <Button asChild variant="outline" colorPalette="teal" size="sm">
      <RouterLink to={paths.root}>{notice.goHome}</RouterLink>
    </Button>
  )
}
