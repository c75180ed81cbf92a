import { useId, useState, type FormEvent } from 'react'
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { signIn } from '@/features/auth/api/sign-in'
import { paths } from '@/lib/paths'

export const LOGIN_FAILED = 'Login credentials incorrect.'

/**
 * E-mail and password sign-in (SPEC.md §2 /login, §5 "Login"). Used on /login and
 * in place of the pages that show the login screen when signed out. Where to go
 * afterwards is the page's business: the session hook updates the store. `notice`
 * says why the visitor was sent here (e.g. an unclaimed tag).
 */
export function LoginForm({ notice }: { notice?: string | null }) {
  const formId = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    setError(null)
    setIsSubmitting(true)
    try {
      await signIn(email, password)
    } catch {
      setError(LOGIN_FAILED)
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <Heading as="h2" size="xl">
        Welcome back!
      </Heading>
      {notice && (
        <Text role="status" fontWeight="medium" bg="brand.subtle" borderRadius="l2" p="3">
          {notice}
        </Text>
      )}
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label="EMAIL"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <LabelledInput
            label="PASSWORD"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            Login
          </Button>
        </Stack>
      </form>
      <Link asChild colorPalette="teal" alignSelf="flex-start">
        <RouterLink to={paths.passwordReset}>Reset Password</RouterLink>
      </Link>
      <Stack direction="row" gap="3">
        <Button asChild variant="outline" colorPalette="teal" flex="1">
          <RouterLink to={paths.register}>Sign up</RouterLink>
        </Button>
        <Button type="submit" form={formId} colorPalette="teal" flex="1" disabled={isSubmitting}>
          Login
        </Button>
      </Stack>
    </Stack>
  )
}
