import { useActionState, useEffect, useRef, type InputHTMLAttributes } from 'react'
import { useFormStatus } from 'react-dom'
import { Button, Stack, Text } from '@chakra-ui/react'
import { Navigate } from 'react-router'
import { TextLink } from '@/components/ui/text-link'
import { useT } from '@/lib/i18n/use-t'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { PrivacyNoticeLink } from '@/components/ui/privacy-notice-link'
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
  PENDING_STOPPED_TEXT,
  PENDING_UNREACHABLE_TEXT,
  pendingReportAtom,
  refusedReportAtom,
  type PendingReport,
  type RefusedReport,
} from '@/features/found/pending-report'
import {
  isReportFormShownAtom,
  isSenderNeededAtom,
  PENDING_REPORT_KEY,
  pendingStatusAtom,
  retryRequestAtom,
  type PendingStatus,
} from '@/features/found/pending-report-flag'
import { heldTagAtom } from '@/features/found/state'
import { paths } from '@/lib/paths'
import { EMAIL_SHAPE, FINDER_FIELD_MAX_LENGTHS } from '@/types/rules.generated'
import { FinderDataRule } from '@/features/found/privacy'
import { FoundPosition } from '@/features/found/components/found-position'
import { NoScriptNotice } from '@/features/found/components/no-script-notice'

const EMAIL_PATTERN = new RegExp(EMAIL_SHAPE)

/**
 * What happens next, in two lines, so the finder sees it asks for nothing sensitive.
 * When their details are deleted is said once, beside the fields (FINDER_DATA_RULE,
 * from the retention setting the purge reads).
 */
export const FINDER_PROMISE = [
  msgId('found.promise.noApp'),
  msgId('found.promise.noPayment'),
] as const

type Details = Omit<FoundReport, 'tagCode'>

/** Beside the fields the report can go without (SPEC.md §5: only the e-mail is checked). */
export const OPTIONAL = msgId('found.optional')

const NO_DETAILS: Details = { name: '', email: '', phone: '', address: '', foundLocation: '' }

/** The finder's fields, in the order and with the labels of SPEC.md §2. */
const DETAIL_FIELDS: ({ name: keyof Details; label: MessageId; hint?: MessageId } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete'
>)[] = [
  { name: 'name', label: msgId('found.field.name'), autoComplete: 'name' },
  { name: 'email', label: msgId('found.field.email'), type: 'email', autoComplete: 'email' },
  {
    name: 'phone',
    label: msgId('found.field.phone'),
    type: 'tel',
    autoComplete: 'tel',
    hint: OPTIONAL,
  },
  {
    name: 'address',
    label: msgId('found.field.address'),
    autoComplete: 'street-address',
    hint: OPTIONAL,
  },
  { name: 'foundLocation', label: msgId('found.field.foundLocation') },
]

/** What the database keeps of each field (app_private.data_rules(), as report-found checks). */
const DETAIL_MAX_LENGTH: Record<keyof Details, number> = {
  name: FINDER_FIELD_MAX_LENGTHS.finder_name,
  email: FINDER_FIELD_MAX_LENGTHS.finder_email,
  phone: FINDER_FIELD_MAX_LENGTHS.finder_phone,
  address: FINDER_FIELD_MAX_LENGTHS.finder_address,
  foundLocation: FINDER_FIELD_MAX_LENGTHS.found_location,
}

const detailsOf = ({ name, email, phone, address, foundLocation }: FoundReport): Details => ({
  name,
  email,
  phone,
  address,
  foundLocation,
})

/** The finder's details as submitted (trimmed): the form's fields are read only here. */
function detailsFromForm(form: FormData): Details {
  const field = (name: keyof Details) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  return {
    name: field('name'),
    email: field('email'),
    phone: field('phone'),
    address: field('address'),
    foundLocation: field('foundLocation'),
  }
}

const isSameDetails = (a: Details, b: Details) =>
  DETAIL_FIELDS.every(({ name }) => a[name] === b[name])

const hasSavedReport = () => {
  try {
    return localStorage.getItem(PENDING_REPORT_KEY) !== null
  } catch {
    return false
  }
}

/**
 * /found/reunite: the finder's report for the tag held from /tag (SPEC.md §2, §5).
 * /tag opened from a tag's link shows the same report at once (tag-lookup.tsx).
 */
export function ReuniteForm() {
  // The held tag and a saved report live in this browser's storage: the prerendered
  // form shows neither.
  const isHydrated = useIsHydrated()
  const storedTag = useAtomValue(heldTagAtom)
  const heldTag = isHydrated ? storedTag : null
  // Just sent: the thank-you page is on its way (a reopened tab holds no tag).
  const isJustSent = useAtomValue(pendingStatusAtom) === 'sent'
  const storedPending = useAtomValue(pendingReportAtom)
  // A report saved on the device counts even before its atom has read it back.
  const hasReport = heldTag !== null || storedPending !== null || hasSavedReport()
  const hasRefused = useAtomValue(refusedReportAtom) !== null

  if (isHydrated && !hasReport && !hasRefused && !isJustSent) {
    return <Navigate to={paths.tag} replace />
  }
  return (
    <>
      <NoScriptNotice />
      <FinderReport tag={heldTag} reportTag={storedTag} />
    </>
  )
}

/**
 * The owner's lost-mode note (if any), what happens next, then the finder's details
 * and 'Inform the Owner'. 'Inform the Owner' keeps the report on the device and the
 * layout's sender sends it (pending-report.ts): at once when online, else when the
 * connection returns, while this form shows it. `tag` is the code the report is for
 * (null before hydration, or when only a saved report is left); `reportTag` is the
 * same code known before hydration too, for a submit React replays as it hydrates.
 */
export function FinderReport({
  tag: givenTag,
  reportTag,
}: {
  tag: string | null
  reportTag: string | null
}) {
  const isHydrated = useIsHydrated()
  const storedPending = useAtomValue(pendingReportAtom)
  const refused = useAtomValue(refusedReportAtom)
  const pending = isHydrated ? storedPending : null
  // A saved report is what will be sent, whatever tag was looked up since.
  const tag = pending?.report.tagCode ?? givenTag ?? refused?.report.tagCode ?? null
  const refusedHere = refused && refused.report.tagCode === tag ? refused : null
  // The sender is fetched while the finder types: 'Inform the Owner' then works even
  // if the connection drops before the service worker has stored it (first visit).
  useEffect(() => {
    void import('@/features/found/components/pending-report-notice').catch(() => undefined)
  }, [])
  const setIsReportFormShown = useSetAtom(isReportFormShownAtom)
  const t = useT()
  useEffect(() => {
    setIsReportFormShown(true)
    return () => setIsReportFormShown(false)
  }, [setIsReportFormShown])

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <LostNote code={tag} />
      <Text>{t('found.intro')}</Text>
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm" color="fg.muted">
        {FINDER_PROMISE.map((line) => (
          <li key={line}>{t(line)}</li>
        ))}
      </Stack>
      <FinderForm
        key={pending ? `pending:${pending.key}` : `draft:${refusedHere?.key ?? ''}`}
        tag={tag ?? reportTag}
        pending={pending}
        refused={refusedHere}
      />
      {/* Below the form: the code is known only once the app runs, and text above the
          fields would move them under the finder's finger as it arrives. */}
      {tag && (
        <Text fontSize="sm" color="fg.muted">
          {t('found.reportFor', { tag })}
        </Text>
      )}
    </Stack>
  )
}

/** What the form's action leaves: its message, and the details to show again. */
type FormState = { error: MessageId | null; details: Details }

/**
 * The finder's details: empty, or those of the saved report (shown, not editable,
 * while it waits to be sent), or those of a refused one (to correct and send again).
 * The fields are uncontrolled and read with FormData when the form is sent (a React
 * form action), so what was typed before the app took over the page is kept; a
 * submit before hydration is replayed by React once it has hydrated.
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
  const setPending = useSetAtom(pendingReportAtom)
  const setRefused = useSetAtom(refusedReportAtom)
  const setIsSenderNeeded = useSetAtom(isSenderNeededAtom)
  const status = useAtomValue(pendingStatusAtom)
  const source = pending?.report ?? refused?.report
  // One idempotency key per submission: kept while the details stay the same (a
  // retry after an error), replaced when any of them changes.
  const submission = useRef<{ key: string; details: Details } | null>(
    refused ? { key: refused.key, details: detailsOf(refused.report) } : null,
  )
  const setRetryRequest = useSetAtom(retryRequestAtom)
  const isWaiting = pending !== null
  // What the saved report is waiting for, if anything but its answer.
  const problem = isWaiting ? WAITING_TEXTS[status] : undefined

  const send = (_previous: FormState, form: FormData): FormState => {
    const details = detailsFromForm(form)
    // Tries used up: the button asks for a new series, with the report as saved.
    if (isWaiting && status === 'stopped') setRetryRequest((count) => count + 1)
    if (isWaiting || !tag) return { error: null, details }
    if (!EMAIL_PATTERN.test(details.email)) {
      return { error: REPORT_MESSAGES.invalidEmail, details }
    }
    setRefused(null)
    if (!submission.current || !isSameDetails(submission.current.details, details)) {
      submission.current = { key: newSubmissionKey(), details }
    }
    setPending({
      key: submission.current.key,
      savedAt: Date.now(),
      report: { tagCode: tag, ...details },
    })
    setIsSenderNeeded(true)
    return { error: null, details }
  }
  const t = useT()
  const [state, formAction] = useActionState(send, {
    // A refusal saved by an older version may be English words: t() shows them as they are.
    error: (refused?.message as MessageId | undefined) ?? null,
    details: source ? detailsOf(source) : NO_DETAILS,
  })

  // React resets a form after its action: each field's default is what was sent, so
  // nothing typed disappears (a refused e-mail is corrected, not typed again).
  return (
    <form action={formAction} noValidate>
      <Stack gap="4">
        {DETAIL_FIELDS.map(({ name, label, hint, ...input }) => (
          <LabelledInput
            key={name}
            {...input}
            label={t(label)}
            hint={hint && t(hint)}
            name={name}
            defaultValue={state.details[name]}
            maxLength={DETAIL_MAX_LENGTH[name]}
            readOnly={isWaiting}
          />
        ))}
        <PrivacyNoticeLink>
          {t('found.privacy.purpose')} <FinderDataRule />
        </PrivacyNoticeLink>
        <FoundPosition isLocked={isWaiting} />
        {/* More of the finder's sections (where it was found, photos) go here, each
            a component with named fields read in detailsFromForm. */}
        <FormMessage message={state.error && t(state.error)} />
        {state.error === REPORT_MESSAGES.tagNotFound && (
          <TextLink to={paths.tag} colorPalette="teal">
            {t('found.enterAgain')}
          </TextLink>
        )}
        <LazyOfflineBanner isOffline={problem !== undefined} text={problem ? t(problem) : ''} />
        <InformButton isWaiting={isWaiting} status={status} />
      </Stack>
    </form>
  )
}

/** What the form says while a saved report waits, by where it stands (none while it is being sent). */
const WAITING_TEXTS: Partial<Record<PendingStatus, MessageId>> = {
  offline: PENDING_OFFLINE_TEXT,
  unreachable: PENDING_UNREACHABLE_TEXT,
  stopped: PENDING_STOPPED_TEXT,
}

const LOADING_TEXTS: Partial<Record<PendingStatus, MessageId>> = {
  offline: msgId('found.waiting.offline'),
  unreachable: msgId('found.waiting.unreachable'),
}

function InformButton({ isWaiting, status }: { isWaiting: boolean; status: PendingStatus }) {
  const { pending: isSubmitting } = useFormStatus()
  const isStopped = isWaiting && status === 'stopped'
  const t = useT()
  const loadingText = isWaiting ? LOADING_TEXTS[status] : undefined
  return (
    <Button
      type="submit"
      colorPalette="teal"
      loading={(isWaiting && !isStopped) || isSubmitting}
      loadingText={loadingText ? t(loadingText) : t('found.informing')}
    >
      {isStopped ? t('found.tryAgain') : t('found.inform')}
    </Button>
  )
}
