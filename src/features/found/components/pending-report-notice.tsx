import { Alert, Box, Button, Link } from '@chakra-ui/react'
import { Link as RouterLink, useLocation } from 'react-router'
import { OfflineBanner } from '@/components/ui/offline-banner'
import { useAtom, useAtomValue, useSetAtom } from '@/lib/jotai'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'
import type { MessageId } from '@/lib/i18n/message-id'
import {
  pendingReportAtom,
  PENDING_OFFLINE_TEXT,
  PENDING_STOPPED_TEXT,
  PENDING_UNREACHABLE_TEXT,
  refusedReportAtom,
} from '@/features/found/pending-report'
import {
  isReportFormShownAtom,
  pendingStatusAtom,
  retryRequestAtom,
} from '@/features/found/pending-report-flag'
import { usePendingReportSender } from '@/features/found/use-pending-report-sender'

/**
 * Sends the finder's saved report from whichever page is open (loaded only while
 * there is one, see PendingReportSlot) and says where it stands. The finder's form
 * shows the same inside it, so nothing is repeated where it is.
 */
export function PendingReportNotice() {
  usePendingReportSender()
  const { pathname } = useLocation()
  const isReportFormShown =
    useAtomValue(isReportFormShownAtom) ||
    pathname.replace(/\/+$/, '').toLowerCase() === paths.foundReunite
  const pending = useAtomValue(pendingReportAtom)
  const status = useAtomValue(pendingStatusAtom)
  const [refused, setRefused] = useAtom(refusedReportAtom)
  const setRetryRequest = useSetAtom(retryRequestAtom)
  const t = useT()
  if (isReportFormShown) return null
  if (pending && (status === 'offline' || status === 'unreachable')) {
    return (
      <Box maxW="md" mx="auto" mb="4">
        <OfflineBanner
          isOffline
          text={t(status === 'offline' ? PENDING_OFFLINE_TEXT : PENDING_UNREACHABLE_TEXT)}
        />
      </Box>
    )
  }
  if (pending && status === 'stopped') {
    return (
      <Alert.Root status="warning" role="alert" maxW="md" mx="auto" mb="4">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(PENDING_STOPPED_TEXT)}</Alert.Title>
        </Alert.Content>
        <Button size="sm" colorPalette="teal" onClick={() => setRetryRequest((n) => n + 1)}>
          {t('found.tryAgain')}
        </Button>
      </Alert.Root>
    )
  }
  if (pending || !refused) return null
  return (
    <Alert.Root status="error" role="alert" maxW="md" mx="auto" mb="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {/* A refusal saved by an older version may be English words, shown as they are. */}
          {t('found.refused', { reason: t(refused.message as MessageId) })}
        </Alert.Title>
        <Alert.Description>
          <Link asChild colorPalette="teal">
            <RouterLink to={paths.foundReunite}>{t('found.backToReport')}</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="ghost" onClick={() => setRefused(null)}>
        {t('common.close')}
      </Button>
    </Alert.Root>
  )
}
