import { describe, expect, it } from 'vitest'
import { endNotice, type Translate } from '@/features/conversation/closure'
import { translateIn } from '@/lib/i18n/runtime'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { messages as ownerEn } from '@/locales/compiled/owner/en'

// As the app joins them: the finder's catalog over the owner's (English this round).
const polish: Translate = (id, values) =>
  translateIn({ locale: 'pl', messages: { ...ownerEn, ...pl } }, id, values)
const english: Translate = (id, values) =>
  translateIn({ locale: 'en', messages: { ...ownerEn, ...en } }, id, values)

const returned = {
  closed_reason: 'returned',
  item_name: 'Blue rucksack',
  finder_first_name: 'Ann',
  finder_details_deleted_on: '2026-12-03T12:00:00Z',
}

describe('endNotice', () => {
  it("says the finder's end in English with SPEC.md's words", () => {
    const notice = endNotice(returned, 'finder', english)
    expect(notice.headline).toBe(
      'Blue rucksack is home: the owner has marked it returned. Thank you for helping it find its way back!',
    )
    expect(notice.data).toBe('Your details will be deleted on 3 December 2026.')
    expect(notice.next).toBe(
      'Nothing more to do. If you want your details gone sooner, delete them now.',
    )
    expect(notice.deleteDetails).toBe('Delete my details now')
  })

  it("says the finder's end in the finder's language, with the date in its words", () => {
    const notice = endNotice(returned, 'finder', polish, 'pl')
    expect(notice.headline).toContain('Blue rucksack')
    expect(notice.headline).toContain('właściciel')
    expect(notice.data).toBe('Twoje dane zostaną usunięte 3 grudnia 2026.')
    expect(notice.noMoreHere).toBe('W tej rozmowie nie można już wysyłać wiadomości.')
    expect(notice.goHome).toBe('Strona główna')
    // Blocked: the finder is still not told, in any language.
    const blocked = endNotice({ ...returned, closed_reason: 'blocked' }, 'finder', polish, 'pl')
    expect(blocked.headline).toBe('Właściciel zamknął tę rozmowę.')
    expect(blocked.next).toContain('biura rzeczy znalezionych')
  })

  it("keeps the owner's end in English whatever the catalog", () => {
    const notice = endNotice(returned, 'owner', polish, 'pl')
    expect(notice.headline).toBe(
      'You marked Blue rucksack as returned. Thank you for letting Ann know.',
    )
    expect(notice.data).toBe("The finder's details will be deleted on 3 December 2026.")
    expect(notice.noMoreHere).toBe('No more messages can be sent in this conversation.')
  })
})
