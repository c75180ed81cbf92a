import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { HeaderTitle } from '@/app/layout/header-title'
import { activateOwnerMessages, dropOwnerMessages } from '@/lib/i18n/i18n'
import { messages as ownerEnglish } from '@/locales/compiled/owner/en'
import { renderUi } from '@/testing/render-app'

describe('HeaderTitle', () => {
  afterEach(() => activateOwnerMessages('en', ownerEnglish))

  it("shows the route's title, never a bare id, while the owner's catalog is on its way", async () => {
    dropOwnerMessages()
    renderUi(<HeaderTitle title="Dashboard" />)
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
  })
})
