import { lazy, Suspense, useRef, useState } from 'react'
import { IconButton } from '@chakra-ui/react'
import { MenuIcon } from '@/components/ui/icons'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { MENU_BEFORE_APP_ID, MenuBeforeApp } from '@/app/layout/menu-before-app'
import { useT } from '@/lib/i18n/use-t'

const MenuDrawer = lazy(() => import('@/app/layout/menu-drawer'))

/**
 * The header's burger menu button (SPEC.md §2); the drawer loads on first use. On a
 * prerendered page, until the app has hydrated, the button opens the plain menu instead
 * (the browser's own popover), which stays in the page in case it is open as the app arrives.
 */
export function BurgerMenu({ isSignedIn }: { isSignedIn: boolean }) {
  const t = useT()
  const [isOpen, setIsOpen] = useState(false)
  const [wasOpened, setWasOpened] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const isHydrated = useIsHydrated()
  const [hasMenuBeforeApp] = useState(!isHydrated)
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={isHydrated ? isOpen : undefined}
        popoverTarget={isHydrated ? undefined : MENU_BEFORE_APP_ID}
        variant="ghost"
        size="lg"
        onClick={() => {
          // A press React replays from before hydration has opened the plain menu already.
          if (!isHydrated) return
          setWasOpened(true)
          setIsOpen(true)
        }}
      >
        <MenuIcon boxSize="6" />
      </IconButton>
      {hasMenuBeforeApp && <MenuBeforeApp />}
      {wasOpened && (
        <Suspense fallback={null}>
          <MenuDrawer
            isSignedIn={isSignedIn}
            isOpen={isOpen}
            onOpenChange={setIsOpen}
            trigger={trigger}
          />
        </Suspense>
      )}
    </>
  )
}
