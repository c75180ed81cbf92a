import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { restError, restGet, rpc } from '@/testing/supabase-handlers'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { WaysBackPanel } from '@/features/return/components/ways-back'

const CHAT = '3f2b8c1e-7a4d-4e6b-9c0a-1d2e3f4a5b6c'

afterEach(() => activateCatalog('en', en))

function answer(options: string[]) {
  server.use(
    rpc('chat_ways_back', [
      {
        return_options: options,
        item_status: 'LOST',
        found_latitude: 53.958,
        found_longitude: -1.093,
        found_accuracy_m: 20,
        found_position_at: '2026-11-21T10:30:00.000Z',
      },
    ]),
    restGet('chat_returns', []),
  )
}

const panel = (role: 'finder' | 'owner') => ({
  chatId: CHAT,
  role,
  finderFirstName: 'Ann',
  isClosed: false,
})

describe("the finder's ways back in their language", () => {
  it('shows the ways, the hand-in form and its refusals in Polish', async () => {
    answer(['hand_in', 'post'])
    server.use(restError('rpc/record_hand_in', { message: 'way_back_not_accepted', code: 'P0001' }))
    activateCatalog('pl', pl)
    const user = userEvent.setup()
    renderUi(<WaysBackPanel {...panel('finder')} />)
    expect(await screen.findByRole('heading', { name: 'Sposoby zwrotu' })).toBeInTheDocument()
    expect(screen.getByText('Właściciel akceptuje:')).toBeInTheDocument()
    expect(screen.getByText('Odesłanie pocztą na koszt właściciela')).toBeInTheDocument()
    expect(screen.getByText(/^Miejsce znalezienia:/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Otwórz w OpenStreetMap' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Odeślij pocztą' })).toBeInTheDocument()

    const submit = screen.getByRole('button', { name: 'Powiadom właściciela' })
    await user.click(submit)
    expect(screen.getByText('Podaj, gdzie oddano przedmiot.')).toBeInTheDocument()
    await user.type(
      screen.getByPlaceholderText('Biuro rzeczy znalezionych na dworcu w Yorku'),
      'Dworzec',
    )
    await user.click(submit)
    expect(
      await screen.findByText('Właściciel nie akceptuje tego sposobu zwrotu dla tego przedmiotu.'),
    ).toBeInTheDocument()
  })

  it('says an unknown refusal in general words, never the server’s English', async () => {
    answer(['post'])
    server.use(
      restError('rpc/ask_for_postal_address', { message: 'Something broke inside', code: 'XX000' }),
    )
    activateCatalog('pl', pl)
    const user = userEvent.setup()
    renderUi(<WaysBackPanel {...panel('finder')} />)
    await user.click(await screen.findByRole('button', { name: 'Odeślij pocztą' }))
    expect(await screen.findByText('Nie udało się. Spróbuj ponownie.')).toBeInTheDocument()
    expect(screen.queryByText(/Something broke/)).toBeNull()
  })

  it("keeps the owner's ways back in English", async () => {
    answer(['post'])
    activateCatalog('pl', pl)
    renderUi(<WaysBackPanel {...panel('owner')} />)
    expect(await screen.findByRole('heading', { name: 'Ways back' })).toBeInTheDocument()
    expect(screen.getByText('You accept:')).toBeInTheDocument()
    expect(screen.getByText("Post it back at the owner's cost")).toBeInTheDocument()
  })
})
