import { useState, type FormEvent } from 'react'
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { MESSAGES } from '@/lib/validation'
import { updatePassword } from '@/features/auth/api/update-password'
import { authRefusalMessage } from '@/features/auth/auth-refusal'
import { paths } from '@/lib/paths'

export const LINK_INVALID = 'This password reset link is invalid or has expired.'

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

  if (authed === false) {
    return (
      <Stack gap="4" maxW="md" mx="auto" w="full">
        <FormMessage message={LINK_INVALID} />
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.passwordReset}>Reset Password</RouterLink>
        </Link>
      </Stack>
    )
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    if (password === '' || repeatPassword === '') return setError(MESSAGES.missingFields)
    if (password !== repeatPassword) return setError(MESSAGES.passwordsDiffer)
    setError(null)
    setIsSubmitting(true)
    try {
      await updatePassword(password)
      void navigate(paths.dashboard, { replace: true })
    } catch (failure) {
      setError(authRefusalMessage(failure, 'Please try again.'))
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <Heading as="h2" size="xl">
        Choose a new password
      </Heading>
      <Text>Your new password replaces the old one straight away.</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label="NEW PASSWORD"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />
          <LabelledInput
            label="REPEAT PASSWORD"
            type="password"
            autoComplete="new-password"
            value={repeatPassword}
            onValueChange={setRepeatPassword}
          />
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            Update password
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
