import { useState, type FormEvent } from 'react'
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { updatePassword } from '@/features/auth/api/update-password'
import { authRefusalMessage } from '@/features/auth/auth-refusal'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'
import { VALIDATION_MESSAGE_IDS } from '@/features/auth/validation-messages'

/**
 * /password-reset/update: the e-mailed recovery link signs the owner in (implicit
 * flow, PASSWORD_RECOVERY); here they choose a new password, then go to /dashboard.
 */
export function UpdatePasswordForm() {
  const navigate = useNavigate()
  const { authed } = useAtomValue(userAtom)
  const [password, setPassword] = useState('')
  const [repeatPassword, setRepeatPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const t = useT()

  if (authed === false) {
    return (
      <Stack gap="4" maxW="md" mx="auto" w="full">
        <FormMessage message={t('auth.update.linkInvalid')} />
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.passwordReset}>{t('auth.update.resetPassword')}</RouterLink>
        </Link>
      </Stack>
    )
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    if (password === '' || repeatPassword === '')
      return setError(t(VALIDATION_MESSAGE_IDS.missingFields))
    if (password !== repeatPassword) return setError(t(VALIDATION_MESSAGE_IDS.passwordsDiffer))
    setError(null)
    setIsSubmitting(true)
    try {
      await updatePassword(password)
      void navigate(paths.dashboard, { replace: true })
    } catch (failure) {
      setError(authRefusalMessage(failure, t('auth.update.failed')))
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <Heading as="h2" size="xl">
        {t('auth.update.heading')}
      </Heading>
      <Text>{t('auth.update.intro')}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label={t('auth.field.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />
          <LabelledInput
            label={t('auth.field.repeatPassword')}
            type="password"
            autoComplete="new-password"
            value={repeatPassword}
            onValueChange={setRepeatPassword}
          />
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            {t('auth.update.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
