import { afterEach, describe, expect, it } from 'vitest'
import { pageLanguage } from '@/lib/page-language'

describe('pageLanguage', () => {
  afterEach(() => {
    document.documentElement.lang = ''
  })

  it("is the page's language when the server writes in it", () => {
    expect(pageLanguage('pl')).toBe('pl')
    expect(pageLanguage('zh-Hans')).toBe('zh-Hans')
    expect(pageLanguage('cy')).toBe('cy')
  })

  it('reads a regional tag as its language, any Chinese as Simplified', () => {
    expect(pageLanguage('pl-PL')).toBe('pl')
    expect(pageLanguage('en-GB')).toBe('en')
    expect(pageLanguage('PT-br')).toBe('pt')
    expect(pageLanguage('zh-CN')).toBe('zh-Hans')
  })

  it('is English for anything else, and reads <html lang> by default', () => {
    expect(pageLanguage('')).toBe('en')
    expect(pageLanguage('tlh')).toBe('en')
    document.documentElement.lang = 'uk'
    expect(pageLanguage()).toBe('uk')
  })
})
