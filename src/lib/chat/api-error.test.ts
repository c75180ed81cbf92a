import { describe, expect, it } from 'vitest'
import { ChatApiError, throwIfError } from '@/lib/chat/api-error'
import { REFUSAL_TEXT } from '@/lib/chat/refusal-text'

const caught = (run: () => unknown): ChatApiError => {
  try {
    run()
  } catch (error) {
    if (error instanceof ChatApiError) return error
    throw error
  }
  throw new Error('expected a ChatApiError')
}

describe('throwIfError', () => {
  it('turns a not-found refusal (404, PT404) into words, keeping its code', () => {
    const error = caught(() =>
      throwIfError({
        status: 404,
        error: { code: 'PT404', message: 'chat_not_found' },
      }),
    )
    expect(error.message).toBe(REFUSAL_TEXT.chat_not_found)
    expect(error.reason).toBe('chat_not_found')
    expect(error.isNetwork).toBe(false)

    const item = caught(() =>
      throwIfError({ status: 404, error: { code: 'PT404', message: 'item_not_found' } }),
    )
    expect(item.message).toBe('This item is no longer in your account.')
  })

  it('turns every refusal code into the person’s words, and leaves a code it does not know', () => {
    const error = caught(() =>
      throwIfError({ status: 400, error: { code: '22023', message: 'place_required' } }),
    )
    expect(error.message).toBe('Please say where you handed it in.')
    expect(error.reason).toBe('place_required')
    const closed = caught(() =>
      throwIfError({ status: 400, error: { code: 'P0001', message: 'chat_closed' } }),
    )
    expect(closed.message).toBe('This conversation is closed. No more messages can be sent in it.')
    const unknown = caught(() =>
      throwIfError({ status: 400, error: { code: 'P0001', message: 'too_many_messages' } }),
    )
    expect(unknown.message).toBe('too_many_messages')
    expect(unknown.reason).toBeUndefined()
    const own = caught(() =>
      throwIfError(
        { status: 400, error: { code: 'P0001', message: 'reason_required' } },
        { reason_required: 'Give a reason for what you do.' },
      ),
    )
    expect(own.message).toBe('Give a reason for what you do.')
    expect(
      caught(() => throwIfError({ status: 0, error: { message: 'fetch failed' } })).isNetwork,
    ).toBe(true)
  })

  it('returns a result without an error', () => {
    const result = { status: 204, error: null, data: null }
    expect(throwIfError(result)).toBe(result)
  })
})
