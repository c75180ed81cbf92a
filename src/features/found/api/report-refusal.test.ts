import { describe, expect, it } from 'vitest'
import { refusalMessage } from '@/features/found/api/report-refusal'

const body = (error: Record<string, unknown>) => ({ error })

describe('a refusal from the report functions, in the finder’s words', () => {
  it('maps the stable codes (in message, as the functions now send them) to catalog messages', () => {
    expect(refusalMessage(body({ code: 'x', message: 'invalid_email' }), 'error.serverError')).toBe(
      'error.invalidEmail',
    )
    expect(refusalMessage(body({ message: 'tag_not_found' }), 'error.serverError')).toBe(
      'error.tagNotFound',
    )
    expect(refusalMessage(body({ message: 'too_many_requests' }), 'error.serverError')).toBe(
      'error.tooManyFromYou',
    )
    expect(refusalMessage(body({ message: 'proof_failed' }), 'error.serverError')).toBe(
      'error.proofFailed',
    )
  })

  it('tells the two limits of too_many_reports apart by the hint', () => {
    expect(
      refusalMessage(body({ message: 'too_many_reports', hint: 'tag' }), 'error.serverError'),
    ).toBe('error.tooManyReports')
    expect(
      refusalMessage(body({ message: 'too_many_reports', hint: 'finder' }), 'error.serverError'),
    ).toBe('error.tooManyFromYou')
  })

  it('invalid_input: one line for the name and phone, else the length', () => {
    expect(
      refusalMessage(
        body({ message: 'invalid_input', detail: 'finder_name' }),
        'error.serverError',
      ),
    ).toBe('error.oneLine')
    expect(
      refusalMessage(
        body({ message: 'invalid_input', detail: 'found_location' }),
        'error.serverError',
      ),
    ).toBe('error.tooLong')
  })

  it('still understands today’s English sentences, before the code in `code`', () => {
    expect(
      refusalMessage(
        body({
          code: 'too_many_reports',
          message: 'You have sent several reports in a short time. Please try again later.',
        }),
        'error.serverError',
      ),
    ).toBe('error.tooManyFromYou')
    expect(
      refusalMessage(
        body({
          code: 'invalid_input',
          message: 'Please write your name and phone number on one line each.',
        }),
        'error.serverError',
      ),
    ).toBe('error.oneLine')
    expect(
      refusalMessage(
        body({ code: 'too_many_reports', message: 'Too many reports.' }),
        'error.serverError',
      ),
    ).toBe('error.tooManyReports')
  })

  it('shows no unknown server words: the fallback instead', () => {
    expect(
      refusalMessage(
        body({ code: 'new_thing', message: 'Some new English sentence.' }),
        'error.serverError',
      ),
    ).toBe('error.serverError')
    expect(refusalMessage(null, 'error.invalidEmail')).toBe('error.invalidEmail')
    expect(refusalMessage('not json', 'error.invalidEmail')).toBe('error.invalidEmail')
  })
})
