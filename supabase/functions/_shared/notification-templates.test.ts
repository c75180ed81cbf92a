import assert from 'node:assert/strict'
import {
  DELETE_MY_DETAILS,
  finderDeleteDetailsUrl,
  type RenderableRow,
  renderEmail,
  type Template,
} from './notification-templates.ts'

const CHAT = '1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80'
const FINDER_LINK = `http://localhost:5173/chat?chatId=${CHAT}#token=s3cr3t-T0ken_x`
const DELETE_LINK = `http://localhost:5173/chat?chatId=${CHAT}&delete=my-details#token=s3cr3t-T0ken_x`

function email(template: Template, payload: Record<string, unknown>) {
  const row: RenderableRow = {
    dedupe_key: `r1:${template}`,
    template,
    recipient: 'fenella@finder.example',
    payload: { item_name: 'Blue rucksack', finder_name: 'Fenella', ...payload },
  }
  return renderEmail(row)
}

Deno.test(
  "the finder's e-mails link to their chat with its deletion asked for, on their own token",
  () => {
    for (const template of ['finder_thanks_email', 'finder_new_link_email'] as const) {
      const { html, text } = email(template, { chat_url: FINDER_LINK })
      const escaped = DELETE_LINK.replace(/&/g, '&amp;')
      assert.ok(
        html.includes(`<a href="${escaped}" style="color:#1E889C">${DELETE_MY_DETAILS}</a>`),
        `${template}: the link in the HTML part`,
      )
      assert.ok(text.includes(`${DELETE_MY_DETAILS}: ${DELETE_LINK}\n`), `${template}: plain text`)
      // the chat link itself is unchanged
      assert.ok(text.includes(`Open the chat: ${FINDER_LINK}\n`), template)
    }
  },
)

Deno.test('the link reuses the finder_chat_url when the row has one', () => {
  const own = `http://localhost:5173/chat?chatId=${CHAT}#token=fresh`
  assert.equal(
    finderDeleteDetailsUrl({ chat_url: FINDER_LINK, finder_chat_url: own }),
    `http://localhost:5173/chat?chatId=${CHAT}&delete=my-details#token=fresh`,
  )
})

Deno.test('no link without a finder token: the owner’s link lets nobody delete a finder', () => {
  for (const chatUrl of [`http://localhost:5173/chat?chatId=${CHAT}`, '', 'http://x/#token=t']) {
    assert.equal(finderDeleteDetailsUrl({ chat_url: chatUrl }), '')
    const { html, text } = email('finder_thanks_email', { chat_url: chatUrl })
    assert.ok(!html.includes(DELETE_MY_DETAILS), chatUrl)
    assert.ok(!text.includes(DELETE_MY_DETAILS), chatUrl)
  }
})

Deno.test("the owner's e-mails never carry the finder's deletion link", () => {
  for (const template of ['owner_found_email', 'reminder_email'] as const) {
    const { html, text } = email(template, { chat_url: FINDER_LINK })
    assert.ok(!html.includes('delete=my-details'), template)
    assert.ok(!text.includes(DELETE_MY_DETAILS), template)
  }
})

const ALL_FINDER_TEMPLATES = [
  'finder_thanks_email',
  'finder_new_link_email',
  'finder_returned_email',
  'chat_closed_email',
] as const

Deno.test("a Polish finder's e-mails are in Polish, English ones word for word as before", () => {
  const polish = email('finder_thanks_email', { chat_url: FINDER_LINK, finder_language: 'pl' })
  assert.equal(polish.subject, 'Dziękujemy za zgłoszenie znalezionego przedmiotu')
  assert.ok(polish.html.startsWith('<!doctype html><html lang="pl">'))
  assert.ok(polish.text.startsWith('Dziękujemy, Fenella!\n'))
  assert.ok(polish.text.includes('Właściciel przedmiotu „Blue rucksack” został powiadomiony.'))
  assert.ok(polish.html.includes('<strong>„Blue rucksack”</strong>'))
  assert.ok(polish.text.includes(`Otwórz czat: ${FINDER_LINK}\n`))
  assert.ok(polish.text.includes('Usuń teraz moje dane: '))
  assert.ok(polish.text.includes('Twoje dane usuwamy 7 dni po tym'))
  assert.ok(polish.text.includes('albo 30 dni po Twoim zgłoszeniu'))
  assert.ok(!/Open the chat|Thank you|Delete my details/.test(polish.text))

  const english = email('finder_thanks_email', { chat_url: FINDER_LINK })
  assert.equal(english.subject, 'Thank you for reporting a found item')
  assert.ok(english.text.startsWith('Thank you, Fenella!\n'))
  assert.ok(
    english.text.includes(
      'Your details are deleted 7 days after the owner marks the item found, or 30 days after your report if they do not.',
    ),
  )
  // An unknown language is English, never an error.
  assert.deepEqual(
    email('finder_thanks_email', { chat_url: FINDER_LINK, finder_language: 'xx' }),
    english,
  )
})

Deno.test(
  'every finder e-mail in every language: no placeholder left, no English, its direction',
  () => {
    const english = Object.fromEntries(
      ALL_FINDER_TEMPLATES.map((template) => [
        template,
        email(template, { chat_url: FINDER_LINK }),
      ]),
    )
    for (const language of [
      'cy',
      'pl',
      'ro',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'uk',
      'ar',
      'zh-Hans',
    ]) {
      for (const template of ALL_FINDER_TEMPLATES) {
        const payload = {
          chat_url: FINDER_LINK,
          finder_language: language,
          finder_details_deleted_on: '2026-12-03T12:00:00Z',
        }
        const rendered = email(template, payload)
        const where = `${language} ${template}`
        assert.ok(!/\{\w+\}/.test(rendered.subject + rendered.text), `${where}: a placeholder left`)
        assert.notEqual(rendered.subject, english[template]?.subject, `${where}: English subject`)
        assert.ok(!rendered.text.includes('Open the chat'), `${where}: English button`)
        assert.ok(rendered.html.includes(`<html lang="${language}"`), where)
        assert.equal(rendered.html.includes('dir="rtl"'), language === 'ar', where)
        assert.ok(rendered.text.includes('Blue rucksack'), `${where}: the item`)
      }
    }
    const welsh = email('finder_returned_email', {
      finder_language: 'cy',
      finder_details_deleted_on: '2026-12-03T12:00:00Z',
    })
    assert.ok(welsh.text.includes('Caiff eich manylion eu dileu ar 3 Rhagfyr 2026.'), welsh.text)
    const german = email('finder_returned_email', {
      finder_language: 'de',
      finder_details_deleted_on: '2026-12-03T12:00:00Z',
    })
    assert.ok(german.text.includes('Ihre Daten werden am 3. Dezember 2026 gelöscht.'), german.text)
  },
)

Deno.test('without an item name a finder e-mail reads without one (no doubled spaces)', () => {
  for (const language of ['pl', 'ro', 'uk', 'en']) {
    const { text } = renderEmail({
      dedupe_key: 'k',
      template: 'finder_thanks_email',
      recipient: 'f@x.test',
      payload: { finder_language: language, chat_url: FINDER_LINK },
    })
    assert.ok(!/ {2}| \./.test(text.split('\n')[2] ?? ''), `${language}: ${text.split('\n')[2]}`)
  }
})

Deno.test(
  "the owner is told the finder's language after the specification's words, never for English",
  () => {
    const owner = (finder_language?: string) =>
      renderEmail({
        dedupe_key: 'k',
        template: 'owner_found_email',
        recipient: 'owner@x.test',
        payload: {
          item_name: 'Keys',
          finder_name: 'Piotr',
          chat_url: FINDER_LINK,
          finder_language,
        },
      })
    const polish = owner('pl')
    assert.equal(polish.subject, 'Your item was found: Keys')
    assert.ok(polish.text.startsWith('Your item was found!\n'))
    assert.ok(
      polish.text.includes(
        'The finder writes in Polish. Your browser can translate their messages in the chat.\n',
      ),
    )
    assert.ok(polish.html.includes('The finder writes in Polish.'))
    for (const english of [owner('en'), owner(undefined), owner('xx')]) {
      assert.ok(!english.text.includes('The finder writes in'))
    }
    assert.ok(owner('zh-Hans').text.includes('The finder writes in Chinese (Simplified).'))
  },
)
