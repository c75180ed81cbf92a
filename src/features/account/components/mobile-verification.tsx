import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { paths } from '@/lib/paths'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import {
  getMobileVerification,
  SendCodeRefused,
  sendMobileCode,
  verifyMobileCode,
  type SendRefusal,
  type VerifyOutcome,
} from '@/features/account/api/mobile-verification'

export const TEXTS_OFF_HEADING = 'We are not texting you yet'
export const TEXTS_OFF = (number: string) =>
  `Your mobile number ${number} is not verified, so when someone finds one of your items we tell you by e-mail only. Verify it with a code we text to it, and we will text you too.`
export const SEND_CODE = 'Send me a code'
export const SEND_NEW_CODE = 'Send a new code'
export const CODE_LABEL = 'CODE FROM THE TEXT'
export const VERIFY = 'Verify my number'
export const CODE_SENT = (number: string) =>
  `We texted a 6-digit code to ${number}. It works for 10 minutes.`
export const VERIFIED =
  'Your mobile number is verified. We will text you when one of your items is found.'

const SEND_REFUSALS: Record<SendRefusal, string> = {
  too_many_codes: 'You have asked for 5 codes in the last hour. Please try again later.',
  no_mobile_number: 'Add your mobile number in Account Settings first.',
  already_verified: VERIFIED,
  failed: 'The code could not be sent. Please try again.',
}

function verifyMessage(result: VerifyOutcome): string {
  switch (result.outcome) {
    case 'verified':
      return VERIFIED
    case 'wrong_code':
      return `That code is not right. You have ${result.attemptsLeft} ${result.attemptsLeft === 1 ? 'try' : 'tries'} left.`
    case 'expired':
      return 'That code has expired. Send yourself a new one.'
    case 'too_many_attempts':
      return 'Too many wrong tries: that code no longer works. Send yourself a new one.'
    case 'no_code':
      return 'There is no code waiting for this number. Send yourself a new one.'
    case 'not_signed_in':
      return 'Please log in again.'
  }
}

/** The code the owner types from the text, and its submit button. */
function CodeEntry(props: {
  code: string
  onCodeChange: (code: string) => void
  isBusy: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
}) {
  return (
    <form onSubmit={(event) => void props.onSubmit(event)} noValidate>
      <Stack gap="3" maxW="sm">
        <LabelledInput
          label={CODE_LABEL}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={props.code}
          onValueChange={props.onCodeChange}
        />
        <Button type="submit" colorPalette="teal" loading={props.isBusy}>
          {VERIFY}
        </Button>
      </Stack>
    </form>
  )
}

type Status = 'loading' | 'unverified' | 'verified' | 'unknown'

/**
 * The owner's mobile number is checked by a code texted to it before report texts go
 * there (DESIGN.md "Production profile"). Until then the dashboard says texts are off
 * and why, and lets the owner verify: send a code, type it in.
 */
export function MobileVerification() {
  const { config, doc } = useAtomValue(userAtom)
  const ownerId = config.id
  const number = doc?.mobile_number?.trim() ?? ''
  const unmountSignal = useUnmountSignal()
  const [status, setStatus] = useState<Status>('loading')
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const load = useCallback(() => {
    if (!ownerId || !number) return
    getMobileVerification(ownerId, unmountSignal()).then(
      (row) => {
        const verified = row?.mobile_number === doc?.mobile_number && Boolean(row?.verified_at)
        setStatus(verified ? 'verified' : 'unverified')
        if (!verified && row?.code_expires_at && Date.parse(row.code_expires_at) > Date.now()) {
          setCodeSentTo(row.mobile_number)
        }
      },
      () => setStatus('unknown'),
    )
  }, [ownerId, number, doc?.mobile_number, unmountSignal])
  useEffect(load, [load])

  if (!number || status === 'loading' || status === 'unknown') return null
  if (status === 'verified') {
    return message?.ok ? (
      <Text role="status" fontWeight="medium" bg="brand.subtle" borderRadius="l2" p="3">
        ✓ {message.text}
      </Text>
    ) : null
  }

  const send = async () => {
    if (isBusy) return
    setIsBusy(true)
    setMessage(null)
    try {
      const sent = await sendMobileCode()
      setCodeSentTo(sent.mobileNumber)
      setCode('')
      setMessage({ ok: true, text: CODE_SENT(sent.mobileNumber) })
    } catch (failure) {
      const reason = failure instanceof SendCodeRefused ? failure.reason : 'failed'
      if (reason === 'already_verified') {
        setStatus('verified')
        setMessage({ ok: true, text: VERIFIED })
      } else {
        setMessage({ ok: false, text: SEND_REFUSALS[reason] })
      }
    } finally {
      setIsBusy(false)
    }
  }

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isBusy) return
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setMessage({ ok: false, text: 'Enter the 6 digits of the code we texted you.' })
      return
    }
    setIsBusy(true)
    setMessage(null)
    try {
      const result = await verifyMobileCode(code)
      if (result.outcome === 'verified') setStatus('verified')
      if (result.outcome === 'too_many_attempts' || result.outcome === 'expired')
        setCodeSentTo(null)
      setMessage({ ok: result.outcome === 'verified', text: verifyMessage(result) })
    } catch {
      setMessage({ ok: false, text: 'The code could not be checked. Please try again.' })
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <Stack
      as="section"
      aria-labelledby="mobile-verification-heading"
      gap="3"
      bg="brand.subtle"
      borderRadius="l2"
      p="4"
    >
      <Heading as="h3" size="md" id="mobile-verification-heading">
        {TEXTS_OFF_HEADING}
      </Heading>
      <Text>{TEXTS_OFF(number)}</Text>
      {codeSentTo ? (
        <CodeEntry code={code} onCodeChange={setCode} isBusy={isBusy} onSubmit={verify} />
      ) : null}
      <FormMessage message={message?.text ?? null} tone={message?.ok ? 'success' : 'error'} />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
        <Button
          variant={codeSentTo ? 'outline' : 'solid'}
          colorPalette="teal"
          loading={isBusy && !codeSentTo}
          disabled={isBusy}
          onClick={() => void send()}
        >
          {codeSentTo ? SEND_NEW_CODE : SEND_CODE}
        </Button>
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.account}>Wrong number? Change it in Account Settings</RouterLink>
        </Link>
      </Stack>
    </Stack>
  )
}
