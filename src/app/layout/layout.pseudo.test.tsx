import { createRef } from 'react'
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { ProfileLink } from '@/app/layout/profile-link'
import MenuDrawer from '@/app/layout/menu-drawer'
import { renderUi } from '@/testing/render-app'
import { englishLeftIn, inPseudoLocale } from '@/testing/pseudo-locale'

describe("the layout's words in the pseudo-locale (no English left)", () => {
  inPseudoLocale()

  it("the header's link to the dashboard", async () => {
    const { container } = renderUi(<ProfileLink kind="profile" />)
    expect(await screen.findByRole('link')).toHaveAttribute('href', '/dashboard')
    expect(englishLeftIn(container)).toEqual([])
  })

  it('the menu with Logout, for a signed-in account', async () => {
    renderUi(
      <MenuDrawer
        isSignedIn
        isOpen
        onOpenChange={() => {}}
        trigger={createRef<HTMLButtonElement>()}
      />,
    )
    await screen.findByRole('button', { name: /^Ĺöĝöûŧ/ })
    // The whole drawer: its title, links, Logout and close button.
    expect(englishLeftIn(await screen.findByRole('dialog'))).toEqual([])
  })
})
