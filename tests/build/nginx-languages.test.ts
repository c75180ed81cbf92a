import { describe, expect, it } from 'vitest'
import { nginxLanguagesFile } from '../../scripts/lib/host-rules'
import { negotiateLocale, parseAcceptLanguage, SOURCE_LOCALE } from '../../src/lib/i18n/locales'

/** The Accept-Language map's regex lines, as nginx tries them: in order, first match wins. */
function acceptMap(): { pattern: RegExp; folder: string }[] {
  const file = nginxLanguagesFile()
  const block = /map \$http_accept_language \$homeward_accept_locale \{\n([\s\S]*?)\n\}/.exec(
    file,
  )?.[1]
  if (!block) throw new Error('no Accept-Language map')
  return [...block.matchAll(/^\s*"~\*(.*)" (\/\S+);$/gm)].map(([, regex, folder]) => ({
    pattern: new RegExp(regex!, 'i'),
    folder: folder!,
  }))
}

/** The locale nginx's map picks for a header ('en': no folder, the English page). */
function nginxChoice(header: string): string {
  const hit = acceptMap().find(({ pattern }) => pattern.test(header))
  return hit ? hit.folder.slice(1) : SOURCE_LOCALE
}

describe('the nginx map of Accept-Language', () => {
  it('picks the language the app would (the first one we have), so no page changes language after it paints', () => {
    const headers = [
      'pl-PL,pl;q=0.9,en;q=0.8',
      'en-GB,en;q=0.9,pl;q=0.8',
      'ja,pl;q=0.8',
      'ja-JP, ko;q=0.9, ar-EG;q=0.8',
      'zh-TW,zh;q=0.9',
      'zh-Hant-HK, zh-CN;q=0.8',
      'zh-TW',
      '*, de;q=0.5',
      'pt-BR',
      'fil,uk;q=0.7',
      'english',
      '',
    ]
    for (const header of headers) {
      expect(nginxChoice(header), header).toBe(negotiateLocale(parseAcceptLanguage(header)))
    }
    expect(nginxChoice('ja,pl;q=0.8')).toBe('pl')
    expect(nginxChoice('zh-TW,zh;q=0.9')).toBe('zh-Hans')
    expect(nginxChoice('en-GB,pl;q=0.8')).toBe('en')
  })
})
