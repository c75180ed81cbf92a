import { Box, Link, Stack } from '@chakra-ui/react'
import { env } from '@/lib/env'
import { MENU_LINKS } from '@/app/layout/menu-links'
import { useT } from '@/lib/i18n/use-t'

export const MENU_BEFORE_APP_ID = 'menu-before-app'

/**
 * The burger menu of a prerendered page before the app's JavaScript has arrived: the
 * same links as the drawer, as plain links (a page load each), in a `popover` the browser
 * opens and closes by itself (Escape or a tap outside closes it). Logout needs the app,
 * so it is not here; nor is the sign-in state, which the prerendered page does not know.
 */
export function MenuBeforeApp() {
  const t = useT()
  return (
    <Box
      as="nav"
      id={MENU_BEFORE_APP_ID}
      popover="auto"
      aria-label={t('menu.main')}
      position="fixed"
      inset="0"
      insetInlineEnd="auto"
      m="0"
      h="100dvh"
      w="xs"
      maxW="85vw"
      p="6"
      bg="bg"
      color="fg"
      borderWidth="0"
      borderInlineEndWidth="1px"
      borderColor="border"
      _backdrop={{ bg: 'blackAlpha.500' }}
    >
      <Stack gap="2">
        {MENU_LINKS.map((link) => (
          <Link
            key={link.label}
            href={'external' in link ? env.shopUrl : link.to}
            fontSize="lg"
            py="1"
          >
            {t(link.label)}
          </Link>
        ))}
      </Stack>
    </Box>
  )
}
