import { useRef, useState, type FormEvent } from 'react'
import { Button, Stack, Text } from '@chakra-ui/react'
import { Navigate, useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { lastReportAtom } from '@/lib/last-report'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import {
  newSubmissionKey,
  REPORT_MESSAGES,
  ReportError,
  reportFound,
} from '@/features/found/api/report-found'
import { LostNote } from '@/features/found/components/lost-note'
import { heldTagAtom } from '@/features/found/state'
import { paths } from '@/lib/paths'
import { FINDER_DATA_RULE } from '@/features/found/privacy'

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What happens next, in two lines, so the finder sees it asks for nothing sensitive. */
export const FINDER_PROMISE = [
  'No app or account needed: the owner is told by text and e-mail.',
  'Your details are deleted 7 days after the item is returned, or after 30 days. Nobody will ask you for payment or codes.',
] as const

/**
 * /found/reunite: the owner's lost-mode note (if any), what happens next, then the
 * finder's details and 'Inform the Owner' (SPEC.md §2, §5).
 */
export function ReuniteForm() {
  const navigate = useNavigate()
  // The held tag lives in this tab's storage: the prerendered form shows none.
  const isHydrated = useIsHydrated()
  const storedTag = useAtomValue(heldTagAtom)
  const heldTag = isHydrated ? storedTag : null
  const setLastReport = useSetAtom(lastReportAtom)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [address, setAddress] = useState('')
  const [foundLocation, setFoundLocation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  // One idempotency key per submission: kept while the details stay the same (a
  // retry after an error), replaced when any of them changes.
  const submissionKey = useRef<string | null>(null)
  const edit = (set: (value: string) => void) => (value: string) => {
    submissionKey.current = null
    set(value)
  }

  if (isHydrated && !heldTag) return <Navigate to={paths.tag} replace />

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting || !heldTag) return
    const trimmedEmail = email.trim()
    if (trimmedEmail.length <= 3 || !EMAIL_SHAPE.test(trimmedEmail)) {
      setError(REPORT_MESSAGES.invalidEmail)
      return
    }
    setError(null)
    setIsSubmitting(true)
    submissionKey.current ??= newSubmissionKey()
    try {
      const report = await reportFound(
        {
          tagCode: heldTag,
          name: name.trim(),
          email: trimmedEmail,
          phone: phone.trim(),
          address: address.trim(),
          foundLocation: foundLocation.trim(),
        },
        submissionKey.current,
      )
      setLastReport(report)
      void navigate(paths.foundThankYou)
    } catch (failure) {
      setError(failure instanceof ReportError ? failure.message : REPORT_MESSAGES.failed)
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <LostNote code={heldTag} />
      <Text>{heldTag ? `Tag ${heldTag}: tell` : 'Tell'} the owner how to get their item back.</Text>
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm" color="fg.muted">
        {FINDER_PROMISE.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Stack>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label="NAME"
            autoComplete="name"
            maxLength={200}
            value={name}
            onValueChange={edit(setName)}
          />
          <LabelledInput
            label="EMAIL"
            type="email"
            autoComplete="email"
            maxLength={320}
            value={email}
            onValueChange={edit(setEmail)}
          />
          <LabelledInput
            label="PHONE NUMBER"
            type="tel"
            autoComplete="tel"
            maxLength={40}
            value={phone}
            onValueChange={edit(setPhone)}
          />
          <LabelledInput
            label="ADDRESS"
            autoComplete="street-address"
            maxLength={500}
            value={address}
            onValueChange={edit(setAddress)}
          />
          <LabelledInput
            label="WHERE YOU FOUND THE ITEM"
            maxLength={500}
            value={foundLocation}
            onValueChange={edit(setFoundLocation)}
          />
          <FormMessage message={error} />
          <Button
            type="submit"
            colorPalette="teal"
            loading={isSubmitting}
            loadingText="Informing the owner…"
          >
            Inform the Owner
          </Button>
          <Text fontSize="sm">{FINDER_DATA_RULE}</Text>
        </Stack>
      </form>
    </Stack>
  )
}
