import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
import { atom, useAtomValue } from '@/lib/jotai'
import { confirmationAtom } from '@/lib/confirmation'
import { translate } from '@/lib/i18n/runtime'
import { type Item, stateAtom, userAtom } from '@/lib/store'
import { Dashboard } from '@/features/items/components/dashboard'
import {
  EditItemForm,
  itemSavedText,
  tooLongMessage,
} from '@/features/items/components/edit-item-form'
import { LostNoteTooLongError } from '@/features/items/api/update-item'
import { renderUi } from '@/testing/render-app'
import { englishLeftIn, inPseudoLocale } from '@/testing/pseudo-locale'

function itemRow(id: string, name: string, code: string, status: string | null): Item {
  return {
    id,
    tag_id: `tag-${id}`,
    tag_code: code,
    owner_id: 'owner-1',
    name,
    status,
    found_by: null,
    created_at: '2026-02-01T09:00:00Z',
    status_changed_at: null,
    lost_note: null,
    return_instructions: null,
    photo_path: null,
  } as Item
}

const keys = itemRow('item-1', 'Keys', 'HW7K3M9QPX', null)
const bag = itemRow('item-2', 'Blue rucksack', 'HWABCDEFGH', 'LOST')
const bike = itemRow('item-3', 'Bike', 'HW23456789', 'FOUND')
/** The test's own data: item names, tag codes, the owner's name. */
const DATA = ['Blue rucksack', 'Keys', 'Bike', 'HW7K3M9QPX', 'HWABCDEFGH', 'HW23456789', 'Olivia']

// Mounts its children only when the test says, so a page can read what the store holds then.
const isShownAtom = atom(false)
function Later({ children }: { children: ReactNode }) {
  return useAtomValue(isShownAtom) ? children : null
}

describe("the owner's items in the pseudo-locale (no English left)", () => {
  inPseudoLocale()

  it('the dashboard without items', async () => {
    const { container, store } = renderUi(
      <Later>
        <Dashboard />
      </Later>,
    )
    act(() => {
      store.set(stateAtom, { items: [] })
      store.set(isShownAtom, true)
    })
    await screen.findByRole('heading', { level: 2 })
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the dashboard with items of each status and a confirmation', async () => {
    const { container, store } = renderUi(
      <Later>
        <Dashboard />
      </Later>,
    )
    const saved = itemSavedText(bag)
    act(() => {
      store.set(userAtom, { doc: { full_name: 'Olivia' } as never })
      store.set(stateAtom, { items: [keys, bag, bike] })
      store.set(confirmationAtom, translate(saved.id, saved.values))
      store.set(isShownAtom, true)
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Blue rucksack')
    expect(screen.getAllByRole('link')).toHaveLength(5)
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the edit screen of a LOST item, with its lost-mode fields and an error', async () => {
    const { container, store, user } = renderUi(<EditItemForm />, {
      url: '/editTag?itemId=item-2',
    })
    act(() => store.set(stateAtom, { items: [bag] }))
    const name = await screen.findByDisplayValue('Blue rucksack')
    await user.clear(name)
    await user.click(container.querySelector('button[type="submit"]')!)
    await screen.findByRole('alert')
    expect(screen.getAllByRole('checkbox')).toHaveLength(3)
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the edit screen of an item that is not the owner’s', async () => {
    const { container, store } = renderUi(<EditItemForm />, { url: '/editTag?itemId=not-mine' })
    act(() => store.set(stateAtom, { items: [keys] }))
    await screen.findByRole('alert')
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the messages said after Save and for a text the database finds too long', () => {
    const said = [
      itemSavedText(keys),
      itemSavedText(bag),
      tooLongMessage(new LostNoteTooLongError('lost_note', 200)),
      tooLongMessage(new LostNoteTooLongError('lost_note', null)),
      tooLongMessage(new LostNoteTooLongError('return_instructions', 500)),
      tooLongMessage(new LostNoteTooLongError('return_instructions', null)),
    ].map(({ id, values }) => translate(id, values))
    const root = document.createElement('div')
    root.textContent = said.join(' | ')
    expect(englishLeftIn(root, DATA)).toEqual([])
    expect(said[2]).toContain('200')
  })
})
