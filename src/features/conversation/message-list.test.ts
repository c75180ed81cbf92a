import { describe, expect, it } from 'vitest'
import { createCatchUp } from '@/features/conversation/catch-up'
import { lastPosition, mergeMessages, upsertLocal } from '@/features/conversation/message-list'
import { checkMessage, MAX_MESSAGE_LENGTH } from '@/features/conversation/message-rules'
import { senderLabel } from '@/features/conversation/sender-label'
import type { ChatMessage, MessageRow } from '@/lib/chat/types'

const row = (id: string, position: number, createdAt = '2026-11-21T10:00:00Z'): MessageRow => ({
  id,
  chat_id: 'c',
  sender_id: 's',
  sender_role: 'finder',
  body: id,
  created_at: createdAt,
  position,
  photo_paths: [],
  scam_signals: [],
})

const pending = (id: string): ChatMessage => ({
  id,
  chatId: 'c',
  senderId: 'me',
  senderRole: 'owner',
  body: id,
  photoPaths: [],
  createdAt: null,
  position: null,
  status: 'sending',
})

describe('checkMessage (mirrors the database rule)', () => {
  it('ignores empty and whitespace-only text of any kind', () => {
    for (const blank of ['', ' \n\t ', '\r\n', '\u00a0\u2003', '\u3000\ufeff', '\u2028\v\f']) {
      expect(checkMessage(blank)).toEqual({ ok: false, reason: 'empty' })
    }
  })

  it('trims, and allows MAX_MESSAGE_LENGTH characters counted as Postgres does', () => {
    expect(MAX_MESSAGE_LENGTH).toBe(2000)
    expect(checkMessage('\n\t hi \u00a0')).toEqual({ ok: true, body: 'hi' })
    expect(checkMessage('😀'.repeat(2000))).toMatchObject({ ok: true })
    expect(checkMessage('😀'.repeat(2001))).toEqual({ ok: false, reason: 'too_long' })
  })

  it('drops invisible control characters (a NUL Postgres cannot store), keeping line breaks', () => {
    expect(checkMessage('hi\u0000 there\u0007\nbye\u007f')).toEqual({
      ok: true,
      body: 'hi there\nbye',
    })
    expect(checkMessage('\u0000\u0001')).toEqual({ ok: false, reason: 'empty' })
  })
})

describe('mergeMessages', () => {
  it("orders by the server's position, whatever the timestamps or arrival order", () => {
    const merged = mergeMessages(
      [],
      [row('b', 7, '2026-11-21T10:00:00Z'), row('c', 9, '2026-11-21T09:00:00Z'), row('a', 3)],
    )
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c'])
  })

  it('keeps one entry per id; the stored row replaces our pending copy', () => {
    let list = mergeMessages([], [row('a', 1)])
    list = upsertLocal(list, pending('p'))
    list = mergeMessages(list, [row('a', 1)])
    expect(list.map((m) => [m.id, m.status])).toEqual([
      ['a', 'sent'],
      ['p', 'sending'],
    ])
    list = mergeMessages(list, [row('p', 5), row('b', 2)])
    expect(list.map((m) => [m.id, m.status])).toEqual([
      ['a', 'sent'],
      ['b', 'sent'],
      ['p', 'sent'],
    ])
    expect(lastPosition(list)).toBe(5)
  })

  it('never turns a stored message back into a pending one', () => {
    const list = mergeMessages([], [row('p', 1)])
    expect(upsertLocal(list, { ...pending('p'), status: 'failed' })[0]?.status).toBe('sent')
  })
})

describe('createCatchUp', () => {
  it("fetches after what it fetched, not after our own later sends, so the other side's rows are never skipped", async () => {
    const stored = [row('theirs-1', 1), row('mine', 3), row('theirs-2', 2)]
    const asked: number[] = []
    let held: ChatMessage[] = []
    const catchUp = createCatchUp({
      fetchAfter: (after) => {
        asked.push(after)
        return Promise.resolve(stored.filter((r) => r.position > after))
      },
      apply: (rows) => {
        held = mergeMessages(held, rows)
      },
    })
    held = mergeMessages(held, [row('mine', 3)]) // our send, stored while we were offline
    await catchUp()
    expect(held.map((m) => m.id)).toEqual(['theirs-1', 'theirs-2', 'mine'])
    await catchUp()
    expect(asked).toEqual([0, 3])
  })

  it('folds calls made during a fetch into one more fetch after it', async () => {
    const releases: (() => void)[] = []
    let fetches = 0
    const catchUp = createCatchUp({
      fetchAfter: () => {
        fetches += 1
        return new Promise((resolve) => releases.push(() => resolve([])))
      },
      apply: () => undefined,
    })
    const first = catchUp()
    const second = catchUp()
    const third = catchUp()
    expect(fetches).toBe(1)
    releases.shift()?.()
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fetches).toBe(2)
    releases.shift()?.()
    await Promise.all([first, second, third])
    expect(fetches).toBe(2)
  })
})

describe('senderLabel', () => {
  it('says "You" only for the viewer\'s own messages; others by first name and role', () => {
    const finder = { senderId: 'f', senderRole: 'finder' as const }
    const owner = { senderId: 'o', senderRole: 'owner' as const }
    expect(senderLabel(finder, 'f', 'Fred')).toBe('You')
    expect(senderLabel(finder, 'o', 'Fred')).toBe('Fred, finder')
    expect(senderLabel(finder, 'o', null)).toBe('The finder')
    expect(senderLabel(owner, 'f', 'Fred')).toBe('The owner')
    expect(senderLabel(owner, 'o', 'Fred')).toBe('You')
    // The same role from another session (the owner on a second device, say) is not "You".
    expect(senderLabel({ senderId: 'f2', senderRole: 'finder' }, 'f', 'Fred')).toBe('Fred, finder')
  })
})
