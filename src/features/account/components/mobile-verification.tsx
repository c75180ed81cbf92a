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
import { useT, type MessageValues } from '@/lib/i18n/use-t'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

const SEND_REFUSALS: Record<SendRefusal, MessageId> = {
  too_many_codes: msgId('account.mobile.send.tooManyCodes'),
  no_mobile_number: msgId('account.mobile.send.noMobileNumber'),
  already_verified: msgId('account.mobile.verified'),
  failed: msgId('account.mobile.send.failed'),
}

/** What to say about the server's answer to a code. */
function verifyMessage(result: VerifyOutcome): { id: MessageId; values?: MessageValues } {
  switch (result.outcome) {
    case 'verified':
      return { id: msgId('account.mobile.verified') }
    case 'wrong_code':
      return {
        id: msgId('account.mobile.wrongCode'),
        values: { attemptsLeft: result.attemptsLeft },
      }
    case 'expired':
      return { id: msgId('account.mobile.expired') }
    case 'too_many_attempts':
      return { id: msgId('account.mobile.tooManyAttempts') }
    case 'no_code':
      return { id: msgId('account.mobile.noCode') }
    case 'not_signed_in':
      return { id: msgId('account.mobile.notSignedIn') }
  }
}

/** The code the owner types from the text, and its submit button. */
function CodeEntry(props: {
  code: string
  onCodeChange: (code: string) => void
  isBusy: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
}) {
  const t = useT()
  return (
    <form onSubmit={(event) => void props.onSubmit(event)} noValidate>
      <Stack gap="3" maxW="sm">
        <LabelledInput
          label={t('account.mobile.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={props.code}
          onValueChange={props.onCodeChange}
        />
        <Button type="submit" colorPalette="teal" loading={props.isBusy}>
          {t('account.mobile.verify')}
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
  const t = useT()

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
      setMessage({ ok: true, text: t('account.mobile.codeSent', { number: sent.mobileNumber }) })
    } catch (failure) {
      const reason = failure instanceof SendCodeRefused ? failure.reason : 'failed'
      if (reason === 'already_verified') {
        setStatus('verified')
        setMessage({ ok: true, text: t('account.mobile.verified') })
      } else {
        setMessage({ ok: false, text: t(SEND_REFUSALS[reason]) })
      }
    } finally {
      setIsBusy(false)
    }
  }

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isBusy) return
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setMessage({ ok: false, text: t('account.mobile.codeNotSixDigits') })
      return
    }
    setIsBusy(true)
    setMessage(null)
    try {
      const result = await verifyMobileCode(code)
      if (result.outcome === 'verified') setStatus('verified')
      if (result.outcome === 'too_many_attempts' || result.outcome === 'expired')
        setCodeSentTo(null)
      const said = verifyMessage(result)
      setMessage({ ok: result.outcome === 'verified', text: t(said.id, said.values) })
    } catch {
      setMessage({ ok: false, text: t('account.mobile.checkFailed') })
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
        {t('account.mobile.heading')}
      </Heading>
      <Text>{t('account.mobile.textsOff', { number })}</Text>
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
          {codeSentTo ? t('account.mobile.sendNewCode') : t('account.mobile.sendCode')}
        </Button>
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.account}>{t('account.mobile.changeNumber')}</RouterLink>
        </Link>
      </Stack>
    </Stack>
  )
}
