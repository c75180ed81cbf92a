import { useEffect, useState, type RefObject } from 'react'
import { Link as RouterLink } from 'react-router'
import { Button, CloseButton, Drawer, Link, Portal, Stack } from '@chakra-ui/react'
import { env } from '@/lib/env'
import { MENU_LINKS } from '@/app/layout/menu-links'
import { loadOwnerMessages } from '@/lib/i18n/i18n'
import { useT } from '@/lib/i18n/use-t'

type MenuDrawerProps = {
  isSignedIn: boolean
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** The menu button, focused again when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>
}

/**
 * Logout loads the sign-out call (and supabase-js) only when chosen. As for a refused
 * sign-out (SPEC §4), a chunk that cannot be loaded is only logged.
 */
function logout() {
  import('@/features/auth/api/sign-out')
    .then(({ signOut }) => signOut())
    .catch((error: unknown) => console.error('Logout failed', error))
}

/**
 * Whether the owner's messages are in, loading them for a signed-in account: Logout is
 * the owner's word, and a finder's page (prerendered) does not load them by itself.
 */
function useOwnerMessages(isSignedIn: boolean): boolean {
  const [hasThem, setHasThem] = useState(false)
  useEffect(() => {
    if (!isSignedIn) return
    let isCurrent = true
    loadOwnerMessages()
      .then(() => {
        if (isCurrent) setHasThem(true)
      })
      .catch((error: unknown) => console.error("The owner's messages did not load", error))
    return () => {
      isCurrent = false
    }
  }, [isSignedIn])
  return hasThem
}

/**
 * The burger menu's drawer (SPEC.md §2), loaded when first opened: the dialog
 * machinery stays out of the first page load. Internal links navigate in-app and close it.
 */
export default function MenuDrawer({ isSignedIn, isOpen, onOpenChange, trigger }: MenuDrawerProps) {
  const close = () => onOpenChange(false)
  const t = useT()
  const hasOwnerMessages = useOwnerMessages(isSignedIn)
  // Mount closed, then open: a dialog mounted already open (the chunk arriving after the
  // click) could take the end of that click for an outside interaction and close itself.
  const [isMounted, setIsMounted] = useState(false)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsMounted(true))
    return () => cancelAnimationFrame(frame)
  }, [])

  return (
    <Drawer.Root
      open={isOpen && isMounted}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="start"
      finalFocusEl={() => trigger.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Main menu" gap="2">
                {MENU_LINKS.map((link) =>
                  'external' in link ? (
                    // The shop is another site: the whole window goes there.
                    <Link key={link.label} href={env.shopUrl} fontSize="lg" py="1">
                      {link.label}
                    </Link>
                  ) : (
                    <Link key={link.label} asChild fontSize="lg" py="1">
                      <RouterLink to={link.to} onClick={close}>
                        {link.label}
                      </RouterLink>
                    </Link>
                  ),
                )}
                {isSignedIn && hasOwnerMessages && (
                  <Button
                    variant="outline"
                    alignSelf="start"
                    mt="2"
                    onClick={() => {
                      close()
                      logout()
                    }}
                  >
                    {t('layout.menu.logout')}
                  </Button>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
