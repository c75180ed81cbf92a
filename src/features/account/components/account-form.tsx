import { useState, type FormEvent, type ReactNode } from 'react'
import { Button, SimpleGrid, Stack } from '@chakra-ui/react'
import { Navigate, useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { useFieldValues } from '@/lib/use-field-values'
import { confirmationAtom } from '@/lib/confirmation'
import { useAtom, useSetAtom } from '@/lib/jotai'
import { type Profile, userAtom } from '@/lib/store'
import { hasControlCharacters } from '@/lib/control-characters'
import { areAllFilled, isValidUkMobile, PROFILE_MAX_LENGTH } from '@/lib/validation'
import { updateProfile } from '@/features/account/api/update-profile'
import { AccountRights } from '@/features/account/components/account-rights'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

type AccountFields = {
  fullName: string
  dob: string
  address: string
  county: string
  country: string
  mobileNumber: string
}

function fieldsOf(profile: Profile): AccountFields {
  return {
    fullName: profile.full_name ?? '',
    dob: profile.dob ?? '',
    address: profile.address ?? '',
    county: profile.county ?? '',
    country: profile.country ?? '',
    mobileNumber: profile.mobile_number ?? '',
  }
}

/**
 * /account, signed in (SPEC.md §2): the profile's fields, prefilled; 'Save Settings'
 * → /dashboard. Without a profile holding an e-mail it goes to /dashboard. Below
 * the form: what the app layer adds (`extra`: notifications), download my data,
 * delete my account.
 */
export function AccountForm({ extra }: { extra?: ReactNode } = {}) {
  const [user, setUser] = useAtom(userAtom)
  const profile = user.doc
  const navigate = useNavigate()
  const setConfirmation = useSetAtom(confirmationAtom)
  const t = useT()
  if (!profile?.email) return <Navigate to={paths.dashboard} replace />
  return (
    <>
      <AccountFormFields profile={profile} onSaved={(doc) => setUser({ doc })} />
      {extra}
      <AccountRights
        onDeleted={() => {
          setConfirmation(t('account.delete.done'))
          void navigate(paths.root, { replace: true })
        }}
      />
    </>
  )
}

function AccountFormFields({
  profile,
  onSaved,
}: {
  profile: Profile
  onSaved: (profile: Profile) => void
}) {
  const navigate = useNavigate()
  const setConfirmation = useSetAtom(confirmationAtom)
  const { values: fields, bind: field } = useFieldValues<AccountFields>(() => fieldsOf(profile), {
    maxLength: PROFILE_MAX_LENGTH,
  })
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const t = useT()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    if (!areAllFilled(Object.values(fields))) {
      setError(t('account.validation.missingFields'))
      return
    }
    // Every field is there: name what is wrong with the number (SPEC.md §8's 'Bad
    // mobile' text), not 'Please fill in all fields'.
    if (!isValidUkMobile(fields.mobileNumber)) {
      setError(t('account.validation.invalidMobile'))
      return
    }
    if (hasControlCharacters(Object.values(fields))) {
      setError(t('account.validation.badCharacters'))
      return
    }
    setError(null)
    setIsSubmitting(true)
    try {
      const saved = await updateProfile(profile.id, {
        full_name: fields.fullName.trim(),
        dob: fields.dob,
        address: fields.address.trim(),
        county: fields.county.trim(),
        country: fields.country.trim(),
        mobile_number: fields.mobileNumber.trim(),
      })
      onSaved(saved)
      setConfirmation(t('account.saved'))
      void navigate(paths.dashboard)
    } catch (failure) {
      console.error('Saving account settings failed', failure)
      setError(t('account.saveFailed'))
      setIsSubmitting(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4" maxW="2xl" mx="auto" w="full">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <LabelledInput
            label={t('account.field.fullName')}
            autoComplete="name"
            {...field('fullName')}
          />
          <LabelledInput
            label={t('account.field.dob')}
            type="date"
            autoComplete="bday"
            {...field('dob')}
          />
          <LabelledInput
            label={t('account.field.address')}
            autoComplete="street-address"
            {...field('address')}
          />
          <LabelledInput
            label={t('account.field.county')}
            autoComplete="address-level1"
            {...field('county')}
          />
          <LabelledInput
            label={t('account.field.country')}
            autoComplete="country-name"
            {...field('country')}
          />
          <LabelledInput
            label={t('account.field.mobileNumber')}
            type="tel"
            autoComplete="tel"
            {...field('mobileNumber')}
          />
        </SimpleGrid>
        <FormMessage message={error} />
        <Button type="submit" colorPalette="teal" loading={isSubmitting}>
          {t('account.save')}
        </Button>
      </Stack>
    </form>
  )
}
