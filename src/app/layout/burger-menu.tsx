import { lazy, Suspense, useRef, useState } from 'react'
import { IconButton } from '@chakra-ui/react'
import { MenuIcon } from '@/components/ui/icons'
import { useIsHydrated } from '@/lib/use-is-hydrated'

const MenuDrawer = lazy(() => import('@/app/layout/menu-drawer'))

/** The header's burger menu button (SPEC.md §2); the drawer loads on first use. */
export function BurgerMenu({ isSignedIn }: { isSignedIn: boolean }) {
  const [isOpen, setIsOpen] = useState(false)
  const [wasOpened, setWasOpened] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  // On a prerendered page a press before the app has hydrated would do nothing.
  const isHydrated = useIsHydrated()
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        variant="ghost"
        size="lg"
        disabled={!isHydrated}
        onClick={() => {
          setWasOpened(true)
          setIsOpen(true)
        }}
      >
        <MenuIcon boxSize="6" />
      </IconButton>
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
