import { useState } from 'react'
import { Button, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { resendConfirmation } from '@/features/auth/api/resend-confirmation'
import { authRefusalMessage } from '@/features/auth/auth-refusal'

export const CHECK_INBOX = (email: string) =>
  `Check your inbox: we sent a link to ${email}. Open it to confirm your e-mail address, then log in.`
export const NOT_CONFIRMED = (email: string) =>
  `Your e-mail address ${email} is not confirmed yet. Open the link we sent you to confirm it, then log in.`
export const RESEND = 'Send the link again'
export const RESENT = (email: string) => `We sent a new link to ${email}. It works for an hour.`
const RESEND_FAILED = 'The link could not be sent. Please try again in a minute.'

/**
 * Why an owner cannot log in yet: their e-mail address is not confirmed. Says so
 * (just registered, or refused at sign-in) and offers to send the link again.
 */
export function ConfirmEmailNotice({
  email,
  reason,
}: {
  email: string
  reason: 'registered' | 'refused'
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [isSending, setIsSending] = useState(false)

  const resend = async () => {
    if (isSending) return
    setIsSending(true)
    try {
      await resendConfirmation(email)
      setOutcome({ ok: true, message: RESENT(email) })
    } catch (failure) {
      setOutcome({ ok: false, message: authRefusalMessage(failure, RESEND_FAILED) })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Stack gap="3" bg="brand.subtle" borderRadius="l2" p="3">
      <Text role="status" fontWeight="medium">
        {reason === 'registered' ? CHECK_INBOX(email) : NOT_CONFIRMED(email)}
      </Text>
      <Button
        variant="outline"
        colorPalette="teal"
        alignSelf="flex-start"
        loading={isSending}
        onClick={() => void resend()}
      >
        {RESEND}
      </Button>
      {outcome && <FormMessage message={outcome.message} tone={outcome.ok ? 'success' : 'error'} />}
    </Stack>
  )
}
