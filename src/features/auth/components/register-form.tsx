import { useState, type FormEvent } from 'react'
import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { PrivacyNoticeLink } from '@/components/ui/privacy-notice-link'
import { useFieldValues } from '@/lib/use-field-values'
import { hasControlCharacters } from '@/lib/control-characters'
import {
  areAllFilled,
  isValidEmail,
  isValidUkMobile,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  PROFILE_MAX_LENGTH,
} from '@/lib/validation'
import { signUp } from '@/features/auth/api/sign-up'
import { authRefusalMessage } from '@/features/auth/auth-refusal'
import { paths } from '@/lib/paths'

type RegisterFields = {
  fullName: string
  email: string
  mobileNumber: string
  password: string
  repeatPassword: string
  dob: string
  address: string
  county: string
  country: string
}

const EMPTY: RegisterFields = {
  fullName: '',
  email: '',
  mobileNumber: '',
  password: '',
  repeatPassword: '',
  dob: '',
  address: '',
  county: '',
  country: '',
}

const PASSWORD_HINT = `Your password needs at least ${PASSWORD_MIN_LENGTH} characters. We will e-mail you a link to confirm your address.`

/** SPEC.md §5 "Sign-up", checked in this order; null when all is well. */
export function checkRegistration(fields: RegisterFields): string | null {
  if (!areAllFilled(Object.values(fields))) return MESSAGES.missingFields
  if (hasControlCharacters(Object.values(fields))) return MESSAGES.badCharacters
  if (!isValidEmail(fields.email)) return MESSAGES.invalidEmail
  if (fields.password !== fields.repeatPassword) return MESSAGES.passwordsDiffer
  if (!isValidUkMobile(fields.mobileNumber)) return MESSAGES.invalidMobile
  return null
}

/** /register: create an owner account; success goes to /login. */
export function RegisterForm() {
  const navigate = useNavigate()
  const { values: fields, bind: field } = useFieldValues<RegisterFields>(EMPTY, {
    maxLength: PROFILE_MAX_LENGTH,
  })
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    const problem = checkRegistration(fields)
    setError(problem)
    if (problem) return
    setIsSubmitting(true)
    try {
      await signUp(fields.email, fields.password, {
        full_name: fields.fullName.trim(),
        dob: fields.dob,
        address: fields.address.trim(),
        county: fields.county.trim(),
        country: fields.country.trim(),
        mobile_number: fields.mobileNumber.trim(),
      })
      // SPEC.md §2: success goes to /login, which says to confirm the e-mail first.
      void navigate(paths.login, { state: { registered: fields.email.trim() } })
    } catch (failure) {
      setError(authRefusalMessage(failure, 'Registration failed. Please try again.'))
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="2xl" mx="auto" w="full">
      <Heading as="h2" size="xl">
        Protect your items
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LabelledInput label="FULL NAME" autoComplete="name" {...field('fullName')} />
            <LabelledInput label="EMAIL" type="email" autoComplete="email" {...field('email')} />
            <LabelledInput
              label="MOBILE NUMBER"
              type="tel"
              autoComplete="tel"
              {...field('mobileNumber')}
            />
            <LabelledInput label="D.O.B" type="date" autoComplete="bday" {...field('dob')} />
            <LabelledInput
              label="PASSWORD"
              type="password"
              autoComplete="new-password"
              {...field('password')}
            />
            <LabelledInput
              label="REPEAT PASSWORD"
              type="password"
              autoComplete="new-password"
              {...field('repeatPassword')}
            />
            <LabelledInput label="ADDRESS" autoComplete="street-address" {...field('address')} />
            <LabelledInput label="COUNTY" autoComplete="address-level1" {...field('county')} />
            <LabelledInput label="COUNTRY" autoComplete="country-name" {...field('country')} />
          </SimpleGrid>
          <Text color="fg.muted" fontSize="sm">
            {PASSWORD_HINT}
          </Text>
          <PrivacyNoticeLink>
            We keep these details to run your account and to tell you when your items are found.
          </PrivacyNoticeLink>
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            Sign up
          </Button>
        </Stack>
      </form>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={paths.login}>Login</RouterLink>
      </Button>
    </Stack>
  )
}
