import { useState, type FormEvent } from 'react'
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { sendPasswordReset } from '@/features/auth/api/send-password-reset'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

/** /password-reset: e-mails a recovery link (SPEC.md §5 "Password reset"). */
export function PasswordResetForm() {
  const [email, setEmail] = useState('')
  const [outcome, setOutcome] = useState<{ message: string; tone: 'error' | 'success' } | null>(
    null,
  )
  const [isSubmitting, setIsSubmitting] = useState(false)
  const t = useT()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    setOutcome(null)
    setIsSubmitting(true)
    try {
      if (email.trim() === '') throw new Error('No e-mail given')
      await sendPasswordReset(email)
      setOutcome({ message: t('auth.reset.sent'), tone: 'success' })
    } catch {
      setOutcome({ message: t('auth.reset.failed'), tone: 'error' })
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <Heading as="h2" size="xl">
        {t('auth.reset.heading')}
      </Heading>
      <Text>{t('auth.reset.intro')}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <FormMessage message={outcome?.message ?? null} tone={outcome?.tone} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <Stack direction="row" gap="6">
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.login}>{t('auth.reset.login')}</RouterLink>
        </Link>
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.register}>{t('auth.reset.register')}</RouterLink>
        </Link>
      </Stack>
    </Stack>
  )
}
