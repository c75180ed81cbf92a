import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { Button, Link, Stack, Text } from '@chakra-ui/react'
import { Navigate, Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { useFieldValues } from '@/lib/use-field-values'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import {
  newSubmissionKey,
  REPORT_MESSAGES,
  type FoundReport,
} from '@/features/found/report-submission'
import { LazyOfflineBanner } from '@/features/found/components/lazy-offline-banner'
import { LostNote } from '@/features/found/components/lost-note'
import {
  PENDING_OFFLINE_TEXT,
  pendingReportAtom,
  refusedReportAtom,
  type PendingReport,
  type RefusedReport,
} from '@/features/found/pending-report'
import { isSenderNeededAtom, pendingStatusAtom } from '@/features/found/pending-report-flag'
import { heldTagAtom } from '@/features/found/state'
import { paths } from '@/lib/paths'
import { FINDER_DATA_RULE } from '@/features/found/privacy'

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What happens next, in two lines, so the finder sees it asks for nothing sensitive. */
export const FINDER_PROMISE = [
  'No app or account needed: the owner is told by text and e-mail.',
  'Your details are deleted 7 days after the item is returned, or after 30 days. Nobody will ask you for payment or codes.',
] as const

type Details = Omit<FoundReport, 'tagCode'>

const NO_DETAILS: Details = { name: '', email: '', phone: '', address: '', foundLocation: '' }

/** The finder's fields, in the order and with the labels of SPEC.md §2. */
const DETAIL_FIELDS: ({ name: keyof Details; label: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete'
>)[] = [
  { name: 'name', label: 'NAME', autoComplete: 'name' },
  { name: 'email', label: 'EMAIL', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'PHONE NUMBER', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'ADDRESS', autoComplete: 'street-address' },
  { name: 'foundLocation', label: 'WHERE YOU FOUND THE ITEM' },
]

/** Within what the database keeps of each field and what report-found takes (500 at most). */
const DETAIL_MAX_LENGTH = { name: 200, email: 320, phone: 40, address: 500, foundLocation: 500 }

const detailsOf = ({ name, email, phone, address, foundLocation }: FoundReport): Details => ({
  name,
  email,
  phone,
  address,
  foundLocation,
})

/**
 * /found/reunite: the owner's lost-mode note (if any), what happens next, then the
 * finder's details and 'Inform the Owner' (SPEC.md §2, §5). 'Inform the Owner' keeps
 * the report on the device and the layout's sender sends it (pending-report.ts): at
 * once when online, else when the connection returns, while this form shows it.
 */
export function ReuniteForm() {
  // The held tag and a saved report live in this browser's storage: the prerendered
  // form shows neither.
  const isHydrated = useIsHydrated()
  const storedTag = useAtomValue(heldTagAtom)
  const storedPending = useAtomValue(pendingReportAtom)
  const refused = useAtomValue(refusedReportAtom)
  const pending = isHydrated ? storedPending : null
  const heldTag = isHydrated ? storedTag : null
  // A saved report is what will be sent, whatever tag was looked up since.
  const tag = pending?.report.tagCode ?? heldTag ?? refused?.report.tagCode ?? null
  const refusedHere = refused && refused.report.tagCode === tag ? refused : null
  // The sender is fetched while the finder types: 'Inform the Owner' then works even
  // if the connection drops before the service worker has stored it (first visit).
  useEffect(() => {
    void import('@/features/found/components/pending-report-notice').catch(() => undefined)
  }, [])

  // Just sent: the thank-you page is on its way (a reopened tab holds no tag).
  const isJustSent = useAtomValue(pendingStatusAtom) === 'sent'

  if (isHydrated && !tag && !isJustSent) return <Navigate to={paths.tag} replace />

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <LostNote code={tag} />
      <Text>{tag ? `Tag ${tag}: tell` : 'Tell'} the owner how to get their item back.</Text>
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm" color="fg.muted">
        {FINDER_PROMISE.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Stack>
      <FinderForm
        key={pending ? `pending:${pending.key}` : `draft:${refusedHere?.key ?? ''}`}
        tag={tag}
        pending={pending}
        refused={refusedHere}
      />
    </Stack>
  )
}

/**
 * The finder's details: empty, or those of the saved report (shown, not editable,
 * while it waits to be sent), or those of a refused one (to correct and send again).
 */
function FinderForm({
  tag,
  pending,
  refused,
}: {
  tag: string | null
  pending: PendingReport | null
  refused: RefusedReport | null
}) {
  const isHydrated = useIsHydrated()
  const setPending = useSetAtom(pendingReportAtom)
  const setRefused = useSetAtom(refusedReportAtom)
  const setIsSenderNeeded = useSetAtom(isSenderNeededAtom)
  const status = useAtomValue(pendingStatusAtom)
  const source = pending?.report ?? refused?.report
  // One idempotency key per submission: kept while the details stay the same (a
  // retry after an error), replaced when any of them changes.
  const submissionKey = useRef<string | null>(refused?.key ?? null)
  const { values: details, bind } = useFieldValues<Details>(
    () => (source ? detailsOf(source) : NO_DETAILS),
    {
      maxLength: DETAIL_MAX_LENGTH,
      onEdit: () => {
        submissionKey.current = null
      },
    },
  )
  const [error, setError] = useState<string | null>(refused?.message ?? null)
  const isWaiting = pending !== null
  const isOffline = isWaiting && status === 'offline'

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isWaiting || !tag) return
    const email = details.email.trim()
    if (email.length <= 3 || !EMAIL_SHAPE.test(email)) {
      setError(REPORT_MESSAGES.invalidEmail)
      return
    }
    setError(null)
    setRefused(null)
    submissionKey.current ??= newSubmissionKey()
    setPending({
      key: submissionKey.current,
      savedAt: Date.now(),
      report: {
        tagCode: tag,
        name: details.name.trim(),
        email,
        phone: details.phone.trim(),
        address: details.address.trim(),
        foundLocation: details.foundLocation.trim(),
      },
    })
    setIsSenderNeeded(true)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {DETAIL_FIELDS.map(({ name, ...input }) => (
          <LabelledInput key={name} {...input} {...bind(name)} readOnly={isWaiting} />
        ))}
        <FormMessage message={error} />
        {error === REPORT_MESSAGES.tagNotFound && (
          <Link asChild colorPalette="teal">
            <RouterLink to={paths.tag}>Enter the tag code again</RouterLink>
          </Link>
        )}
        <LazyOfflineBanner isOffline={isOffline} text={PENDING_OFFLINE_TEXT} />
        {/* Not before the app has taken over the page: sent then, the form would
            reload the page and lose what the finder typed. */}
        <Button
          type="submit"
          colorPalette="teal"
          disabled={!isHydrated}
          loading={isWaiting}
          loadingText={isOffline ? 'Waiting for the connection…' : 'Informing the owner…'}
        >
          Inform the Owner
        </Button>
        <Text fontSize="sm">{FINDER_DATA_RULE}</Text>
      </Stack>
    </form>
  )
}
