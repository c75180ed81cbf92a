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
