import { Link as RouterLink } from 'react-router'
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

/** Any unknown path (SPEC.md §2); a finder's mistyped tag link lands here, so it speaks their language. */
export function NotFoundPage() {
  const t = useT()
  return (
    <Stack gap="4" align="center" textAlign="center" py="8">
      <Heading as="h2" size="3xl">
        404
      </Heading>
      <Text fontSize="lg">{t('notFound.text')}</Text>
      <Button asChild size="lg">
        <RouterLink to={paths.root}>{t('common.goHome')}</RouterLink>
      </Button>
    </Stack>
  )
}
