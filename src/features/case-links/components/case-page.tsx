import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { supabase } from '@/lib/supabase'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { MapPointLinks } from '@/components/ui/map-point-links'
import { StoredPhoto } from '@/components/ui/stored-photo'
import { PrivacyNoticeLink } from '@/components/ui/privacy-notice-link'
import { ChatApiError } from '@/lib/chat/api-error'
import { retentionDays } from '@/lib/retention'
import { useT } from '@/lib/i18n/use-t'
import { openCaseLink, type OpenedCase } from '@/features/case-links/api/open-case-link'
import { CaseConversation } from '@/features/case-links/components/case-conversation'
import {
  ENDED_WORDS,
  endedByReason,
  isEndedState,
  type EndedState,
} from '@/features/case-links/case-states'

type Phase =
  | { kind: 'loading' }
  | { kind: 'unreachable' }
  | { kind: 'ended'; state: EndedState }
  | { kind: 'live'; opened: OpenedCase; userId: string }

let signingIn: ReturnType<typeof supabase.auth.signInAnonymously> | null = null

/** This browser's session; a visitor without one is signed in anonymously (no account, no form). */
async function visitorId(): Promise<string | null> {
  const { data } = await supabase.auth.getSession()
  if (data.session) return data.session.user.id
  signingIn ??= supabase.auth.signInAnonymously().finally(() => {
    signingIn = null
  })
  const { data: signedIn, error } = await signingIn
  if (error) throw error
  return signedIn.user?.id ?? null
}

async function enter(token: string, isOpening: boolean): Promise<Phase> {
  const userId = await visitorId()
  if (!userId) return { kind: 'ended', state: 'not_found' }
  const opened = await openCaseLink(token, isOpening)
  if (opened.state === 'live' && opened.chat_id) return { kind: 'live', opened, userId }
  return { kind: 'ended', state: isEndedState(opened.state) ? opened.state : 'not_found' }
}

const dateText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })

function Ended({ state }: { state: EndedState }) {
  const t = useT()
  const words = ENDED_WORDS[state]
  return (
    <Stack gap="3" role="status" data-case-state={state}>
      <Heading as="h2" size="lg">
        {t(words.title)}
      </Heading>
      <Text>{t(words.body)}</Text>
    </Stack>
  )
}

function CaseDetails({ opened }: { opened: OpenedCase }) {
  const t = useT()
  const point =
    opened.found_latitude !== null && opened.found_longitude !== null
      ? { latitude: opened.found_latitude, longitude: opened.found_longitude }
      : null
  return (
    <Stack gap="3" as="section" aria-label={t('caseLinks.case.label')}>
      <Heading as="h2" size="xl">
        {opened.item_name}
      </Heading>
      <Text color="fg.muted">{t('caseLinks.case.for', { label: opened.label ?? '' })}</Text>
      {opened.item_photo_path && (
        <StoredPhoto
          bucket="item-photos"
          path={opened.item_photo_path}
          alt={
            opened.item_name
              ? t('caseLinks.photoOf', { item: opened.item_name })
              : t('caseLinks.case.theItem')
          }
          size="40"
        />
      )}
      <Box>
        <Text fontWeight="semibold">{t('caseLinks.tagId')}</Text>
        <Text fontFamily="mono" fontSize="lg" data-testid="case-tag-id">
          {opened.tag_code}
        </Text>
      </Box>
      {opened.lost_note && (
        <Box>
          <Text fontWeight="semibold">{t('caseLinks.case.note')}</Text>
          <Text whiteSpace="pre-wrap">{opened.lost_note}</Text>
        </Box>
      )}
      {opened.return_instructions && (
        <Box>
          <Text fontWeight="semibold">{t('caseLinks.case.howToReturn')}</Text>
          <Text whiteSpace="pre-wrap">{opened.return_instructions}</Text>
        </Box>
      )}
      {opened.found_location && (
        <Box>
          <Text fontWeight="semibold">{t('caseLinks.case.lastReported')}</Text>
          <Text>{opened.found_location}</Text>
          {point && (
            <MapPointLinks
              point={point}
              label={t('caseLinks.case.whereLastReported')}
              words={{ osm: t('caseLinks.case.openStreetMap'), app: t('caseLinks.case.mapApp') }}
            />
          )}
        </Box>
      )}
      {opened.contact_note && (
        <Box>
          <Text fontWeight="semibold">{t('caseLinks.case.contact')}</Text>
          <Text whiteSpace="pre-wrap">{opened.contact_note}</Text>
        </Box>
      )}
      {opened.expires_at && (
        <Text fontSize="sm" color="fg.muted">
          {t('caseLinks.case.worksUntil', { date: dateText(opened.expires_at) })}
        </Text>
      )}
    </Stack>
  )
}

/**
 * /case/<token>: a case link for a third party. No account: the browser signs in
 * anonymously and redeems the token (each load is logged for the owner). Live, it
 * shows what the owner chose to show and the conversation; withdrawal and 'Mark
 * as returned' arrive live on the case's channel, and expiry at its time.
 */
export function CasePage() {
  const t = useT()
  const { token = '' } = useParams()
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let isActive = true
    enter(token, true).then(
      (next) => isActive && setPhase(next),
      (error: unknown) =>
        isActive &&
        setPhase(
          error instanceof ChatApiError && !error.isNetwork
            ? { kind: 'ended', state: 'not_found' }
            : { kind: 'unreachable' },
        ),
    )
    return () => {
      isActive = false
    }
  }, [token, attempt])

  // Re-reads the case without logging an opening (after a reconnect, at expiry).
  const recheck = useCallback(() => {
    enter(token, false).then(
      (next) => {
        setPhase((current) => (current.kind === 'live' && next.kind === 'live' ? current : next))
        setVersion((n) => n + 1)
      },
      () => undefined,
    )
  }, [token])

  const expiresAt = phase.kind === 'live' ? phase.opened.expires_at : null
  useEffect(() => {
    if (!expiresAt) return
    const wait = Math.max(0, new Date(expiresAt).getTime() - Date.now()) + 1000
    if (wait > 2 ** 31 - 1) return
    const timer = window.setTimeout(recheck, wait)
    return () => window.clearTimeout(timer)
  }, [expiresAt, recheck])

  const chatId = phase.kind === 'live' ? phase.opened.chat_id : null
  const handlers = useMemo(
    () => ({
      message: () => setVersion((n) => n + 1),
      closed: (payload: unknown) => {
        const reason = (payload as { closed_reason?: unknown } | null)?.closed_reason
        setPhase({ kind: 'ended', state: endedByReason(reason) })
      },
    }),
    [],
  )
  useBroadcastChannel({
    topic: chatId ? `chat:${chatId}` : null,
    handlers,
    onResync: recheck,
  })

  return (
    <Stack gap="6" w="full" maxW="2xl" mx="auto">
      {phase.kind === 'loading' && <Spinner aria-label={t('caseLinks.case.loading')} />}
      {phase.kind === 'unreachable' && (
        <Stack gap="3" role="alert">
          <Text>{t('caseLinks.refusal.unreachable')}</Text>
          <Button
            alignSelf="start"
            onClick={() => {
              setPhase({ kind: 'loading' })
              setAttempt((n) => n + 1)
            }}
          >
            {t('caseLinks.case.tryAgain')}
          </Button>
        </Stack>
      )}
      {phase.kind === 'ended' && <Ended state={phase.state} />}
      {phase.kind === 'live' && phase.opened.chat_id && (
        <>
          <CaseDetails opened={phase.opened} />
          <CaseConversation
            chatId={phase.opened.chat_id}
            userId={phase.userId}
            label={phase.opened.label ?? t('caseLinks.case.someone')}
            version={version}
            onRefused={recheck}
          />
        </>
      )}
      <PrivacyNoticeLink>
        {t('caseLinks.case.privacy', { days: retentionDays.caseLinkAfterEnd })}
      </PrivacyNoticeLink>
    </Stack>
  )
}
