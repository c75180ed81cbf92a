import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderUi } from '@/testing/render-app'
import { activateCatalog } from '@/lib/i18n/i18n'
import { finderFoundLine, foundLine } from '@/lib/chat/found-line'
import { translateIn } from '@/lib/i18n/runtime'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import type { Translate } from '@/features/conversation/closure'
import { ChatDetailsSheet } from '@/features/conversation/components/chat-details'

afterEach(() => activateCatalog('en', en))

const found = {
  finder_first_name: 'Ann',
  found_location: 'On a bench at the station',
  found_at: '2026-11-21T10:02:00.000Z',
}

describe("the details sheet on the finder's side", () => {
  it("says where and when it was found in SPEC.md's words in English", () => {
    const t: Translate = (id, values) => translateIn({ locale: 'en', messages: en }, id, values)
    expect(finderFoundLine(found, t, 'en')).toBe(foundLine(found))
    expect(finderFoundLine({ ...found, found_at: '' }, t, 'en')).toBe(
      'Found by Ann: “On a bench at the station”',
    )
  })

  it("says it in the finder's language, with its quotes and date", () => {
    const t: Translate = (id, values) => translateIn({ locale: 'pl', messages: pl }, id, values)
    const line = finderFoundLine(found, t, 'pl')
    expect(line).toMatch(/^Znalazca: Ann, 21 lis 2026.*: „On a bench at the station”$/)
  })

  it('names the sheet and its close button in Polish for the finder, in English for the owner', () => {
    activateCatalog('pl', pl)
    const { unmount } = renderUi(
      <ChatDetailsSheet isOpen onOpenChange={() => undefined} {...{ role: 'finder' as const }}>
        <p>details</p>
      </ChatDetailsSheet>,
    )
    expect(screen.getByText('Szczegóły rozmowy')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Zamknij szczegóły' })).toBeInTheDocument()
    unmount()
    renderUi(
      <ChatDetailsSheet isOpen onOpenChange={() => undefined} {...{ role: 'owner' as const }}>
        <p>details</p>
      </ChatDetailsSheet>,
    )
    expect(screen.getByText('Chat details')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close the details' })).toBeInTheDocument()
  })
})
