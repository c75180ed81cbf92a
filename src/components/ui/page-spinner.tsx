import { Center, Spinner } from '@chakra-ui/react'
import { useT } from '@/lib/i18n/use-t'

/** Shown while something the page needs is not known yet (e.g. the sign-in state). */
export function PageSpinner() {
  const t = useT()
  return (
    <Center role="status" aria-label={t('common.loading')} py="16">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
    </Center>
  )
}
