import { describe, expect, it } from 'vitest'
import { areAllFilled, isValidEmail, isValidUkMobile } from '@/lib/validation'

describe('isValidUkMobile', () => {
  it.each([
    '07700900123',
    '07700 900 123',
    '+447700900123',
    '+44 7700 900123',
    '07700900123#123',
    '+447700900123 #1234',
  ])('accepts %s', (value) => expect(isValidUkMobile(value)).toBe(true))
  it.each([
    '',
    '7700900123',
    '+337700900123',
    '0770090012',
    '077009001234',
    '07700900123#12',
    '07700900123#12345',
    '00447700900123',
    'abc',
  ])('refuses %s', (value) => expect(isValidUkMobile(value)).toBe(false))
})

describe('isValidEmail', () => {
  it.each(['a@b.co', 'ann.smith@example.com', 'me@shop.london', ' x@y.online '])(
    'accepts %s',
    (value) => expect(isValidEmail(value)).toBe(true),
  )
  it.each(['', 'a@b', 'a b@c.com', 'a@b.c', '@b.com', 'a@.com', 'a@b.c0m'])('refuses %s', (value) =>
    expect(isValidEmail(value)).toBe(false),
  )
})

describe('areAllFilled', () => {
  it('needs every value non-blank', () => {
    expect(areAllFilled(['a', 'b'])).toBe(true)
    expect(areAllFilled(['a', '  '])).toBe(false)
    expect(areAllFilled(['a', null])).toBe(false)
  })
})
