import { describe, expect, it } from 'vitest'
import { messageAlertText } from '@/features/chat/alert-text'
import { checkMessage, lastStored, mergeMessages, upsertLocal } from '@/features/chat/message-list'
import type { ChatMessage, MessageRow } from '@/features/chat/types'

const row = (id: string, createdAt: string, body = id): MessageRow =>
  ({
    id,
    chat_id: 'c',
    sender_id: 's',
    sender_role: 'finder',
    body,
    created_at: createdAt,
  }) as MessageRow

const pending = (id: string): ChatMessage => ({
  id,
  chatId: 'c',
  senderRole: 'owner',
  body: id,
  createdAt: null,
  status: 'sending',
})

describe('checkMessage', () => {
  it('ignores empty and whitespace-only text', () => {
    expect(checkMessage('')).toEqual({ ok: false, reason: 'empty' })
    expect(checkMessage(' \n\t ')).toEqual({ ok: false, reason: 'empty' })
  })

  it('trims, and allows 2000 characters counted as Postgres does', () => {
    expect(checkMessage('  hi  ')).toEqual({ ok: true, body: 'hi' })
    expect(checkMessage('😀'.repeat(2000))).toMatchObject({ ok: true })
    expect(checkMessage('😀'.repeat(2001))).toEqual({ ok: false, reason: 'too_long' })
  })
})

describe('mergeMessages', () => {
  it('sorts by timestamp then id, whatever order rows arrive in', () => {
    const merged = mergeMessages(
      [],
      [
        row('b', '2026-11-21T10:00:01Z'),
        row('c', '2026-11-21T10:00:00.5Z'),
        row('a', '2026-11-21T10:00:01Z'),
      ],
    )
    expect(merged.map((m) => m.id)).toEqual(['c', 'a', 'b'])
  })

  it('keeps one entry per id; the stored row replaces our pending copy', () => {
    let list = mergeMessages([], [row('a', '2026-11-21T10:00:00Z')])
    list = upsertLocal(list, pending('p'))
    list = mergeMessages(list, [row('a', '2026-11-21T10:00:00Z')])
    expect(list.map((m) => [m.id, m.status])).toEqual([
      ['a', 'sent'],
      ['p', 'sending'],
    ])
    list = mergeMessages(list, [row('p', '2026-11-21T10:00:02Z'), row('b', '2026-11-21T10:00:01Z')])
    expect(list.map((m) => [m.id, m.status])).toEqual([
      ['a', 'sent'],
      ['b', 'sent'],
      ['p', 'sent'],
    ])
    expect(lastStored(list)?.id).toBe('p')
  })

  it('never turns a stored message back into a pending one', () => {
    const list = mergeMessages([], [row('p', '2026-11-21T10:00:00Z')])
    expect(upsertLocal(list, { ...pending('p'), status: 'failed' })[0]?.status).toBe('sent')
  })
})

describe('messageAlertText', () => {
  it('names the item and previews the message on one line', () => {
    expect(messageAlertText('Keys', 'Found them\n\nat the  station')).toBe(
      'New message about your Keys: “Found them at the station”',
    )
    expect(messageAlertText(null, 'x'.repeat(100))).toBe(
      `New message from the finder: “${'x'.repeat(79)}…”`,
    )
  })
})
