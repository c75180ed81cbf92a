import { Center, Spinner } from '@chakra-ui/react'

/** Shown while something the page needs is not known yet (e.g. the sign-in state). */
export function PageSpinner() {
  return (
    <Center role="status" aria-label="Loading" py="16">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
    </Center>
  )
}
