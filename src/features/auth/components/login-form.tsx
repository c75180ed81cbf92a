import { useId, useState, type FormEvent } from 'react'
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { isAuthError } from '@supabase/supabase-js'
import { signIn } from '@/features/auth/api/sign-in'
import { ConfirmEmailNotice } from '@/features/auth/components/confirm-email-notice'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

/**
 * E-mail and password sign-in (SPEC.md §2 /login, §5 "Login"). Used on /login and
 * in place of the pages that show the login screen when signed out. Where to go
 * afterwards is the page's business: the session hook updates the store. `notice`
 * says why the visitor was sent here (e.g. an unclaimed tag). `registeredEmail`:
 * the owner has just signed up and must confirm their e-mail first.
 */
export function LoginForm({
  notice,
  registeredEmail = null,
}: {
  notice?: string | null
  registeredEmail?: string | null
}) {
  const formId = useId()
  const [email, setEmail] = useState(registeredEmail ?? '')
  // The address whose confirmation is outstanding: just registered, or refused as unconfirmed.
  const [unconfirmed, setUnconfirmed] = useState<{
    email: string
    reason: 'registered' | 'refused'
  } | null>(registeredEmail ? { email: registeredEmail, reason: 'registered' } : null)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const t = useT()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    setError(null)
    setIsSubmitting(true)
    try {
      await signIn(email, password)
    } catch (failure) {
      setError(t('auth.login.failed'))
      // The password was right but the address is not confirmed: say so, and offer the link again.
      if (isAuthError(failure) && failure.code === 'email_not_confirmed') {
        setUnconfirmed({ email: email.trim(), reason: 'refused' })
      }
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <Heading as="h2" size="xl">
        {t('auth.login.heading')}
      </Heading>
      {notice && (
        <Text role="status" fontWeight="medium" bg="brand.subtle" borderRadius="l2" p="3">
          {notice}
        </Text>
      )}
      {unconfirmed && (
        <ConfirmEmailNotice
          key={`${unconfirmed.reason}:${unconfirmed.email}`}
          email={unconfirmed.email}
          reason={unconfirmed.reason}
        />
      )}
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <LabelledInput
            label={t('auth.field.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <Link asChild colorPalette="teal" alignSelf="flex-start">
        <RouterLink to={paths.passwordReset}>{t('auth.login.resetPassword')}</RouterLink>
      </Link>
      <Stack direction="row" gap="3">
        <Button asChild variant="outline" colorPalette="teal" flex="1">
          <RouterLink to={paths.register}>{t('auth.login.signUp')}</RouterLink>
        </Button>
        <Button type="submit" form={formId} colorPalette="teal" flex="1" disabled={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </Stack>
  )
}
