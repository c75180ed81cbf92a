import { describe, expect, it } from 'vitest'
import { confirmationText } from '@/features/return/components/owner-chat-actions'

const summary = { item_name: 'Blue rucksack', item_status: 'LOST', finder_first_name: 'Fiona' }
const preview = (openConversations: number, finderDetailsDeletedOn = '2026-11-28T12:00:00Z') => ({
  openConversations,
  finderDetailsDeletedOn,
})

describe("the owner's questions, in the owner's catalog's English", () => {
  it('closing one conversation, with and without a status and a name', () => {
    expect(confirmationText({ action: 'close', preview: preview(1) }, summary)).toEqual({
      title: 'Close this conversation with Fiona?',
      lines: [
        'Fiona is told it is closed, and neither of you can write in it any more.',
        'Blue rucksack keeps its status (LOST); other conversations about it stay open.',
        "Fiona's details will be deleted on 28 November 2026.",
      ],
      confirm: 'Yes, close it',
    })
    const bare = confirmationText(
      { action: 'close', preview: preview(1, '') },
      { ...summary, item_status: '', finder_first_name: ' ' },
    )
    expect(bare.title).toBe('Close this conversation with the finder?')
    expect(bare.lines).toEqual([
      'The finder is told it is closed, and neither of you can write in it any more.',
      'Blue rucksack keeps its status; other conversations about it stay open.',
      "The finder's details will be deleted in 7 days.",
    ])
  })

  it('marking it returned: one conversation, or several', () => {
    const one = confirmationText({ action: 'return', preview: preview(1) }, summary)
    expect(one.title).toBe('Mark Blue rucksack as returned?')
    expect(one.lines).toEqual([
      'Blue rucksack will be marked FOUND.',
      'Its conversation (this one) will be closed: the finder is told in the chat and by e-mail that the item is home, and nobody can write in it any more.',
      "The finders' details will be deleted on 28 November 2026.",
    ])
    expect(one.confirm).toBe('Yes, mark as returned')
    expect(confirmationText({ action: 'return', preview: preview(3) }, summary).lines[1]).toBe(
      'All 3 of its open conversations, this one included, will be closed: each finder is told in the chat and by e-mail that the item is home, and nobody can write in them any more.',
    )
  })
})
