import { Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { useAtom, useAtomValue } from '@/lib/jotai'
import { isOfflineAtom } from '@/lib/realtime/connectivity-state'
import { chatPath } from '@/lib/chat/chat-link'
import { OfflineBanner } from '@/components/ui/offline-banner'
import { OFFLINE_ALERTS_TEXT } from '@/features/owner-hub/offline-texts'
import { ownerAlertsAtom } from '@/features/owner-hub/state'
import { useT } from '@/lib/i18n/use-t'

/**
 * Toasts for new reports and finders' messages, each with a link to its chat.
 * Put it on the dashboard beside a useOwnerAlerts(ownerId) call.
 */
export function OwnerAlerts() {
  const [alerts, setAlerts] = useAtom(ownerAlertsAtom)
  const isOffline = useAtomValue(isOfflineAtom)
  const t = useT()
  const dismiss = (id: string) => setAlerts((list) => list.filter((alert) => alert.id !== id))

  return (
    <Box
      as="section"
      aria-label={t('hub.alerts.label')}
      position="fixed"
      insetInlineEnd="4"
      bottom="4"
      zIndex="toast"
      maxW="sm"
      w="calc(100% - 2rem)"
      display="flex"
      flexDirection="column"
      gap="2"
    >
      <OfflineBanner isOffline={isOffline} text={t(OFFLINE_ALERTS_TEXT)} />
      <Stack gap="2" role="status" aria-live="polite">
        {alerts.map((alert) => (
          <HStack
            key={alert.id}
            justify="space-between"
            align="start"
            bg="bg.panel"
            borderWidth="1px"
            borderColor="teal.solid"
            borderRadius="md"
            boxShadow="lg"
            p="3"
          >
            <Stack gap="1">
              <Text fontWeight="semibold">{t(alert.message.id, alert.message.values)}</Text>
              <Button asChild size="sm" colorPalette="teal" variant="solid" alignSelf="start">
                <RouterLink to={chatPath(alert.chatId)} onClick={() => dismiss(alert.id)}>
                  {t('hub.alerts.openChat')}
                </RouterLink>
              </Button>
            </Stack>
            <CloseButton
              size="sm"
              aria-label={t('hub.alerts.dismiss')}
              onClick={() => dismiss(alert.id)}
            />
          </HStack>
        ))}
      </Stack>
    </Box>
  )
}
