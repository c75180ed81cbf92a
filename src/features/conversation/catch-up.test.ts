import { describe, expect, it } from 'vitest'
import { createCatchUp } from '@/features/conversation/catch-up'
import type { MessageRow } from '@/lib/chat/types'

const row = (position: number): MessageRow =>
  ({
    id: `m${position}`,
    chat_id: 'c',
    sender_id: 's',
    sender_role: 'finder',
    body: `message ${position}`,
    created_at: '2026-11-21T12:00:00Z',
    photo_paths: [],
    scam_signals: [],
    position,
  }) as MessageRow

describe('createCatchUp', () => {
  it('fetches for a notice past what it holds, and not for one it holds already', async () => {
    let stored = [row(1), row(2)]
    const asked: number[] = []
    const catchUp = createCatchUp({
      fetchAfter: (after) => {
        asked.push(after)
        return Promise.resolve(stored.filter((r) => r.position > after))
      },
      apply: () => undefined,
    })
    await catchUp()
    expect(asked).toEqual([0])
    // the notice of a message fetched already (e.g. our own, or a repeat)
    await catchUp(2)
    await catchUp(1)
    expect(asked).toEqual([0])
    stored = [...stored, row(3)]
    await catchUp(3)
    expect(asked).toEqual([0, 2])
    // a notice without a position (a resync) always fetches
    await catchUp()
    expect(asked).toEqual([0, 2, 3])
  })
})
