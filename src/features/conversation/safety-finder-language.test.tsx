import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { restGet } from '@/testing/supabase-handlers'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { SafetyActions } from '@/features/conversation/components/safety-actions'
import { ScamWarning } from '@/features/conversation/components/scam-warning'

const CHAT = '3f2b8c1e-7a4d-4e6b-9c0a-1d2e3f4a5b6c'

afterEach(() => activateCatalog('en', en))

const props = (role: 'finder' | 'owner') => ({
  chatId: CHAT,
  role,
  isClosed: false,
  onChanged: () => undefined,
})

describe("the finder's safety texts", () => {
  it('reports and leaves in Polish on a Polish phone', async () => {
    activateCatalog('pl', pl)
    const user = userEvent.setup()
    renderUi(<SafetyActions {...props('finder')} />)
    expect(screen.getByRole('group', { name: 'Zgłoś lub zablokuj' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Opuść i zablokuj' }))
    expect(screen.getByText(/Opuścić tę rozmowę\?/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Anuluj' }))
    await user.click(screen.getByRole('button', { name: 'Zgłoś właściciela' }))
    const form = screen.getByRole('form', { name: 'Zgłoś właściciela' })
    expect(form).toHaveTextContent('Dlaczego zgłaszasz właściciela?')
    expect(screen.getByRole('option', { name: 'Prosi o pieniądze lub kody' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }))
    expect(screen.getByText('Wybierz, dlaczego zgłaszasz tę rozmowę.')).toBeInTheDocument()
  })

  it("keeps the owner's safety box in English whatever the language", async () => {
    server.use(restGet('finder_blocks', []))
    activateCatalog('pl', pl)
    renderUi(<SafetyActions {...props('owner')} />)
    expect(screen.getByRole('button', { name: 'Report the finder' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Block the finder' })).toBeInTheDocument()
  })

  it('warns the finder about scams in their language, the owner in English', () => {
    activateCatalog('pl', pl)
    renderUi(
      <>
        <ScamWarning isForFinder />
        <ScamWarning />
      </>,
    )
    const [finder, owner] = screen.getAllByTestId('scam-warning')
    expect(finder).toHaveTextContent(
      'Nigdy nie płać, zanim przedmiot nie wróci. Homeward nigdy nie prosi o kody.',
    )
    expect(owner).toHaveTextContent(
      'Never pay before the item is back. Homeward never asks for codes.',
    )
  })
})
