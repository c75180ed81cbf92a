import { useState } from 'react'
import { Button, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { resendConfirmation } from '@/features/auth/api/resend-confirmation'
import { authRefusalMessage } from '@/features/auth/auth-refusal'
import { useT } from '@/lib/i18n/use-t'

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
  const t = useT()

  const resend = async () => {
    if (isSending) return
    setIsSending(true)
    try {
      await resendConfirmation(email)
      setOutcome({ ok: true, message: t('auth.confirm.resent', { email }) })
    } catch (failure) {
      setOutcome({
        ok: false,
        message: authRefusalMessage(failure, t('auth.confirm.resendFailed')),
      })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Stack gap="3" bg="brand.subtle" borderRadius="l2" p="3">
      <Text role="status" fontWeight="medium">
        {reason === 'registered'
          ? t('auth.confirm.checkInbox', { email })
          : t('auth.confirm.notConfirmed', { email })}
      </Text>
      <Button
        variant="outline"
        colorPalette="teal"
        alignSelf="flex-start"
        loading={isSending}
        onClick={() => void resend()}
      >
        {t('auth.confirm.resend')}
      </Button>
      {outcome && <FormMessage message={outcome.message} tone={outcome.ok ? 'success' : 'error'} />}
    </Stack>
  )
}
