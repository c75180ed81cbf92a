import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale, loadOwnerMessages } from '@/lib/i18n/i18n'
import { translate } from '@/lib/i18n/runtime'

describe('the owner’s messages', () => {
  afterEach(() => loadLocale('en'))

  it('join the active language; a language without an owner catalog reads English', async () => {
    await loadLocale('pl')
    await loadOwnerMessages()
    expect(translate('title.tag')).not.toBe('Found a tag?')
    expect(translate('pages.title.dashboard')).toBe('Dashboard')
  })

  it('follow a change of language (the pseudo-locale has its own)', async () => {
    await loadOwnerMessages()
    await loadLocale('en-XA')
    expect(translate('pages.title.dashboard')).toBe('Đåšĥƀöåŕđ ẋẋẋ')
    await loadLocale('en')
    expect(translate('pages.title.dashboard')).toBe('Dashboard')
  })
})
