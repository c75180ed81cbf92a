/**
 * The finder's language on the local stack (issue 48): the real report-found Edge
 * Function in Deno, the real SQL, the dev inbox. A report from a Polish page makes
 * the owner's e-mail and text say the finder writes in Polish, and the finder's
 * e-mails (the chat link, then a new link) arrive in Polish; the chat summary
 * gives the owner the language.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import {
  outboxOf,
  startFanoutStack,
  until,
  type FanoutStack,
} from '../../local-supabase/testing/fanout-fixtures.ts'
import { firstLink, latestEmailTo } from '../../local-supabase/testing/test-stack.ts'
import { solvedProof } from '../../local-supabase/testing/proof-of-work.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

let fanout: FanoutStack

beforeAll(async () => {
  fanout = await startFanoutStack()
})

afterAll(async () => {
  await fanout?.close()
})

it("a Polish finder: the owner is told so, the finder's e-mails come in Polish", async () => {
  const { stack } = fanout
  const owner = await fanout.owner({ mobile: '07700 900321' })
  const finder = await fanout.finder()
  const finderEmail = `polish-finder-${owner.id}@example.com`

  const { data, error } = await finder.functions.invoke<{
    reportId: string
    chatId: string
    chatUrl: string
  }>('report-found', {
    body: {
      tagCode: owner.tagCode,
      name: 'Piotr',
      email: finderEmail,
      foundLocation: 'Peron 2',
      language: 'pl',
      idempotencyKey: crypto.randomUUID(),
      proof: await solvedProof(finder),
    },
  })
  expect(error).toBeNull()
  const reportId = data?.reportId ?? ''
  await until(
    async () => Object.values(await outboxOf(stack, reportId)).every((s) => s === 'sent'),
    'every notification accepted',
  )

  const toOwner = await latestEmailTo(stack, owner.email)
  expect(toOwner?.Subject).toBe('Your item was found: Blue rucksack')
  expect(toOwner?.Text).toContain('The finder writes in Polish.')
  const [sms] = await fanout.sms('+447700900321')
  expect(sms?.Body).toMatch(
    /^Your item was found! .*The finder writes in Polish\. Chat with the finder: /,
  )

  const toFinder = await latestEmailTo(stack, finderEmail)
  expect(toFinder?.Subject).toBe('Dziękujemy za zgłoszenie znalezionego przedmiotu')
  expect(toFinder?.Text).toContain('Właściciel przedmiotu „Blue rucksack” został powiadomiony.')
  expect(toFinder?.HTML).toContain('<html lang="pl">')
  const link = new URL(firstLink(toFinder?.Text ?? ''))
  expect(link.href).toBe(data?.chatUrl)

  // "Send me a new link": the new link's e-mail is in Polish too.
  const asked = await finder.rpc('request_chat_link', {
    chat_id: data?.chatId ?? '',
    token: link.hash.replace('#token=', ''),
  })
  expect(asked.error).toBeNull()
  await fanout.dispatch()
  await until(async () => {
    const latest = await latestEmailTo(stack, finderEmail)
    return latest?.Subject === 'Twój nowy link do czatu' ? latest : null
  }, 'the new link e-mail, in Polish')

  // The owner's chat header reads the language from the chat summary.
  const summary = await owner.client.rpc('chat_summary', { chat_id: data?.chatId ?? '' })
  expect(summary.error).toBeNull()
  expect(summary.data?.[0]?.finder_language).toBe('pl')
})

it('an unknown language is English, never an error', async () => {
  const { stack } = fanout
  const owner = await fanout.owner({})
  const finder = await fanout.finder()
  const finderEmail = `other-finder-${owner.id}@example.com`
  const { data, error } = await finder.functions.invoke<{ reportId: string }>('report-found', {
    body: {
      tagCode: owner.tagCode,
      name: 'Kim',
      email: finderEmail,
      language: 'tlh',
      proof: await solvedProof(finder),
    },
  })
  expect(error).toBeNull()
  await until(
    async () =>
      Object.values(await outboxOf(stack, data?.reportId ?? '')).every((s) => s === 'sent'),
    'every notification accepted',
  )
  expect((await latestEmailTo(stack, finderEmail))?.Subject).toBe(
    'Thank you for reporting a found item',
  )
  expect((await latestEmailTo(stack, owner.email))?.Text).not.toContain('writes in')
})
