import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { PageSpinner } from '@/components/ui/page-spinner'
import { paths } from '@/lib/paths'
import { isMissingChunkError, reloadOnceForNewBuild } from '@/app/new-build'
import { msgId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

/**
 * The product's words for a page that failed to show, as catalog messages: a finder
 * reads them in their language (the catalog is loaded before the app renders).
 */
export const ERROR_TEXT_IDS = {
  title: msgId('errorPage.title'),
  body: msgId('errorPage.body'),
  newBuildTitle: msgId('errorPage.newBuildTitle'),
  newBuildBody: msgId('errorPage.newBuildBody'),
  reloading: msgId('errorPage.reloading'),
  reload: msgId('errorPage.reload'),
  goHome: msgId('common.goHome'),
} as const

/** One decision per error (a render may run twice: StrictMode, a remount). */
const reloads = new WeakMap<object, boolean>()
function reloadDecision(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  let decision = reloads.get(error)
  if (decision === undefined) {
    decision = reloadOnceForNewBuild()
    reloads.set(error, decision)
  }
  return decision
}

/**
 * What a route shows when its page throws or its code file cannot be loaded
 * (react-router's errorElement): the product's words, a reload and a way home.
 * A code file gone after a deploy reloads the page once to the new build
 * (new-build.ts) before it says anything.
 */
function ErrorContent() {
  const error = useRouteError()
  const t = useT()
  const isNewBuild = isMissingChunkError(error)
  const isReloading = isNewBuild && reloadDecision(error)
  useEffect(() => {
    if (!isReloading) console.error('A page could not be shown', error)
  }, [error, isReloading])
  if (isReloading) {
    return (
      <Stack gap="2" align="center">
        <PageSpinner />
        <Text>{t(ERROR_TEXT_IDS.reloading)}</Text>
      </Stack>
    )
  }
  return (
    <Stack gap="4" align="center" textAlign="center" py="8" maxW="md" mx="auto" role="alert">
      <Heading as="h2" size="2xl">
        {t(isNewBuild ? ERROR_TEXT_IDS.newBuildTitle : ERROR_TEXT_IDS.title)}
      </Heading>
      <Text>{t(isNewBuild ? ERROR_TEXT_IDS.newBuildBody : ERROR_TEXT_IDS.body)}</Text>
      <Button colorPalette="teal" size="lg" onClick={() => window.location.reload()}>
        {t(ERROR_TEXT_IDS.reload)}
      </Button>
      {/* A full page load: whatever broke this page stays behind. */}
      <Link href={paths.root} colorPalette="teal">
        {t(ERROR_TEXT_IDS.goHome)}
      </Link>
    </Stack>
  )
}

/** A page's error, inside the layout (header and footer stay). */
export function RouteErrorPage() {
  return <ErrorContent />
}

/** The layout's own error: the page alone, with the product's name above it. */
export function AppErrorPage() {
  return (
    <Flex direction="column" minH="100dvh" bg="page.plain">
      <Box as="header" py="3" px="4" borderBottomWidth="1px" borderColor="border.muted">
        <Text fontWeight="semibold" fontSize="lg">
          Homeward
        </Text>
      </Box>
      <Box as="main" flex="1" px="4" py="4">
        <ErrorContent />
      </Box>
    </Flex>
  )
}
