import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Button, CloseButton, Drawer, IconButton, Link, Portal, Stack } from '@chakra-ui/react'
import { MenuIcon } from '@/components/ui/icons'
import { env } from '@/lib/env'
import { MENU_LINKS } from '@/app/layout/menu-links'

type BurgerMenuProps = { isSignedIn: boolean }

/** Logout loads the sign-out call (and supabase-js) only when chosen. */
function logout() {
  void import('@/features/auth/api/sign-out').then(({ signOut }) => signOut())
}

/** The header's burger menu (SPEC.md §2). Internal links navigate in-app and close it. */
export function BurgerMenu({ isSignedIn }: BurgerMenuProps) {
  const [isOpen, setIsOpen] = useState(false)
  const close = () => setIsOpen(false)

  return (
    <Drawer.Root
      open={isOpen}
      onOpenChange={(details) => setIsOpen(details.open)}
      placement="start"
    >
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="lg">
          <MenuIcon boxSize="6" />
        </IconButton>
      </Drawer.Trigger>
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
                {isSignedIn && (
                  <Button
                    variant="outline"
                    alignSelf="start"
                    mt="2"
                    onClick={() => {
                      close()
                      logout()
                    }}
                  >
                    Logout
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
