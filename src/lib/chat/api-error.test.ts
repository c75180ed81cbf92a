import { describe, expect, it } from 'vitest'
import { ChatApiError, NOT_FOUND_TEXT, throwIfError } from '@/lib/chat/api-error'

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
    expect(error.message).toBe(NOT_FOUND_TEXT.chat_not_found)
    expect(error.reason).toBe('chat_not_found')
    expect(error.isNetwork).toBe(false)

    const item = caught(() =>
      throwIfError({ status: 404, error: { code: 'PT404', message: 'item_not_found' } }),
    )
    expect(item.message).toBe('This item is no longer in your account.')
  })

  it('passes other refusals through as the database worded them', () => {
    const error = caught(() =>
      throwIfError({
        status: 400,
        error: { code: '22023', message: 'Please say where you handed it in.' },
      }),
    )
    expect(error.message).toBe('Please say where you handed it in.')
    expect(error.reason).toBeUndefined()
    expect(
      caught(() => throwIfError({ status: 0, error: { message: 'fetch failed' } })).isNetwork,
    ).toBe(true)
  })

  it('returns a result without an error', () => {
    const result = { status: 204, error: null, data: null }
    expect(throwIfError(result)).toBe(result)
  })
})
