import { describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { isOfflineAtom } from '@/lib/realtime/connectivity-state'
import type { ConversationRow } from '@/lib/chat/types'
import { messageAlertText, reportAlertText } from '@/features/owner-hub/alert-text'
import { ItemConversations } from '@/features/owner-hub/components/item-conversations'
import { OwnerAlerts } from '@/features/owner-hub/components/owner-alerts'
import { conversationsAtom, ownerAlertsAtom, type OwnerAlert } from '@/features/owner-hub/state'
import { renderUi } from '@/testing/render-app'
import { englishLeftIn, inPseudoLocale } from '@/testing/pseudo-locale'

vi.mock('@/features/owner-hub/api/mark-report-opened', () => ({
  markReportOpened: () => Promise.resolve(),
}))

// The time as the hub writes it: en-GB's words this round (dates keep their formatting).
const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
  new Date('2026-11-21T10:00:00Z'),
)
/** The test's own data: item names, the finders' names and words, the time. */
const DATA = ['Keys', 'Fiona', 'Bus stop', 'Found them at the station', WHEN]

const conversation = (
  chatId: string,
  finder: string | null,
  where: string | null,
  unread: number,
  closedAt: string | null = null,
): ConversationRow => ({
  chat_id: chatId,
  report_id: `report-${chatId}`,
  item_id: 'item-keys',
  item_name: 'Keys',
  // What the database leaves empty (the generated type says string).
  finder_first_name: finder ?? '',
  found_location: where ?? '',
  found_at: chatId === 'c4' ? '' : '2026-11-21T10:00:00Z',
  unread,
  closed_at: closedAt,
})

const alert = (id: string, message: OwnerAlert['message']): OwnerAlert => ({
  id,
  kind: 'message',
  itemId: 'item-keys',
  chatId: 'c1',
  itemName: 'Keys',
  message,
})

describe("the owner's hub in the pseudo-locale (no English left)", () => {
  inPseudoLocale()

  it("an item's conversations: named or not, unread, closed, without a time or place", async () => {
    const { container, store } = renderUi(<ItemConversations itemId="item-keys" />)
    act(() =>
      store.set(conversationsAtom, [
        conversation('c1', 'Fiona', 'Bus stop', 2),
        conversation('c2', null, 'Bus stop', 0, '2026-11-22T10:00:00Z'),
        conversation('c3', 'Fiona', null, 0),
        conversation('c4', null, null, 1),
      ]),
    )
    expect(await screen.findAllByRole('link')).toHaveLength(4)
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the toasts of every kind, offline', async () => {
    const { container, store } = renderUi(<OwnerAlerts />)
    act(() => {
      store.set(isOfflineAtom, true)
      store.set(ownerAlertsAtom, [
        alert('a1', reportAlertText('Keys', 'Fiona')),
        alert('a2', reportAlertText(null, 'Fiona')),
        alert('a3', reportAlertText('Keys', null)),
        alert('a4', reportAlertText(null, null)),
        alert('a5', messageAlertText('Keys', 'Found them at the station')),
        alert('a6', messageAlertText(null, 'Found them at the station')),
        alert('a7', messageAlertText('Keys', '', 1)),
        alert('a8', messageAlertText(null, '', 3)),
      ])
    })
    expect(await screen.findAllByRole('link')).toHaveLength(8)
    expect(screen.getAllByRole('status')).not.toHaveLength(0)
    expect(englishLeftIn(container, DATA)).toEqual([])
  })
})
