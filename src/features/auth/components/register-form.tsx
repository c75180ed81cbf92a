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
  PASSWORD_MIN_LENGTH,
  PROFILE_MAX_LENGTH,
} from '@/lib/validation'
import { useT } from '@/lib/i18n/use-t'
import type { MessageId } from '@/lib/i18n/message-id'
import { VALIDATION_MESSAGE_IDS as PROBLEMS } from '@/features/auth/validation-messages'
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

/** SPEC.md §5 "Sign-up", checked in this order: the problem's message, null when all is well. */
export function checkRegistration(fields: RegisterFields): MessageId | null {
  if (!areAllFilled(Object.values(fields))) return PROBLEMS.missingFields
  if (hasControlCharacters(Object.values(fields))) return PROBLEMS.badCharacters
  if (!isValidEmail(fields.email)) return PROBLEMS.invalidEmail
  if (fields.password !== fields.repeatPassword) return PROBLEMS.passwordsDiffer
  if (!isValidUkMobile(fields.mobileNumber)) return PROBLEMS.invalidMobile
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
  const t = useT()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    const problem = checkRegistration(fields)
    setError(problem && t(problem))
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
      setError(authRefusalMessage(failure, t('auth.register.failed')))
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="2xl" mx="auto" w="full">
      <Heading as="h2" size="xl">
        {t('auth.register.heading')}
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LabelledInput
              label={t('auth.field.fullName')}
              autoComplete="name"
              {...field('fullName')}
            />
            <LabelledInput
              label={t('auth.field.email')}
              type="email"
              autoComplete="email"
              {...field('email')}
            />
            <LabelledInput
              label={t('auth.field.mobileNumber')}
              type="tel"
              autoComplete="tel"
              {...field('mobileNumber')}
            />
            <LabelledInput
              label={t('auth.field.dob')}
              type="date"
              autoComplete="bday"
              {...field('dob')}
            />
            <LabelledInput
              label={t('auth.field.password')}
              type="password"
              autoComplete="new-password"
              {...field('password')}
            />
            <LabelledInput
              label={t('auth.field.repeatPassword')}
              type="password"
              autoComplete="new-password"
              {...field('repeatPassword')}
            />
            <LabelledInput
              label={t('auth.field.address')}
              autoComplete="street-address"
              {...field('address')}
            />
            <LabelledInput
              label={t('auth.field.county')}
              autoComplete="address-level1"
              {...field('county')}
            />
            <LabelledInput
              label={t('auth.field.country')}
              autoComplete="country-name"
              {...field('country')}
            />
          </SimpleGrid>
          <Text color="fg.muted" fontSize="sm">
            {t('auth.register.passwordHint', { minLength: PASSWORD_MIN_LENGTH })}
          </Text>
          <PrivacyNoticeLink>{t('auth.register.privacy')}</PrivacyNoticeLink>
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={paths.login}>{t('auth.register.login')}</RouterLink>
      </Button>
    </Stack>
  )
}
