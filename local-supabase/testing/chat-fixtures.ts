/**
 * Shared by the chat stack tests and bench/chat-latency.ts: an owner with an
 * activated item, a finder's report on it (create_found_report, as the
 * report-found Edge Function calls it), and supabase-js clients for both.
 */
import { randomInt, randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from './test-stack.ts'
import { TAG_CODE_ALPHABET } from '../../src/types/rules.generated.ts'
import { mintToken, userClient, type UserClient } from './realtime-support.ts'
import type { Database } from '../../src/types/database.types.ts'

export function randomTagCode(): string {
  let code = 'HW'
  for (let i = 0; i < 8; i++) code += TAG_CODE_ALPHABET[randomInt(TAG_CODE_ALPHABET.length)]
  return code
}

/** A user row in auth.users and a client signed in as it (a minted access token). */
export async function seededUser(
  stack: TestStack,
  { isAnonymous = false, apiUrl = stack.apiUrl } = {},
): Promise<UserClient> {
  const user = await userClient(stack, { apiUrl })
  await stack.context.db.query(
    `insert into auth.users (id, aud, role, email, is_anonymous, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
    [user.id, isAnonymous ? null : `owner-${user.id}@example.com`, isAnonymous],
  )
  user.setToken(await mintToken(stack, user.id))
  return user
}

/** An activated tag and its item, owned by ownerId. */
export async function activatedItem(
  stack: TestStack,
  ownerId: string,
  name = 'Blue rucksack',
): Promise<{ itemId: string; tagCode: string }> {
  const tagCode = randomTagCode()
  const tag = await stack.context.db.query<{ id: string }>(
    `insert into public.tags (code, activation_code_hash, status, activated_at)
     values ($1, 'not-used', 'activated', now()) returning id`,
    [tagCode],
  )
  const item = await stack.context.db.query<{ id: string }>(
    `insert into public.items (tag_id, tag_code, owner_id, name) values ($1, $2, $3, $4) returning id`,
    [tag.rows[0]?.id, tagCode, ownerId, name],
  )
  return { itemId: String(item.rows[0]?.id), tagCode }
}

/** A row create_found_report returns (the generated database types). */
export type Report = Database['public']['Functions']['create_found_report']['Returns'][number]

/** A finder's report, through the service role as the report-found function makes it. */
export async function reportFound(
  service: SupabaseClient,
  tagCode: string,
  finderId: string,
): Promise<Report> {
  const { data, error } = await service.rpc('create_found_report', {
    tag_code: tagCode,
    finder_id: finderId,
    finder_name: 'Fiona Finder',
    finder_email: `finder-${randomUUID()}@example.com`,
    finder_phone: '07700900456',
    finder_address: '2 Mill Road, Cambridge',
    found_location: 'Bus stop on Hills Road',
    site_url: 'http://localhost:5173',
  })
  if (error) throw new Error(`create_found_report: ${error.message}`)
  const report = (Array.isArray(data) ? data[0] : data) as Report | undefined
  if (!report) throw new Error('create_found_report returned nothing')
  return report
}

export type MessageRow = {
  id: string
  chat_id: string
  sender_id: string
  sender_role: string
  body: string
  created_at: string
  position: number
  photo_paths: string[]
  scam_signals: string[]
}

export const MESSAGE_COLUMNS =
  'id,chat_id,sender_id,sender_role,body,created_at,position,photo_paths,scam_signals'

/** Sends as the app does: a client-chosen id, upsert ignoring duplicates. */
export async function sendMessage(
  client: SupabaseClient,
  chatId: string,
  body: string,
  id: string = randomUUID(),
): Promise<{ id: string; rows: MessageRow[] }> {
  const { data, error } = await client
    .from('messages')
    .upsert({ id, chat_id: chatId, body }, { onConflict: 'id', ignoreDuplicates: true })
    .select(MESSAGE_COLUMNS)
  if (error) throw new Error(`send: ${error.message}`)
  return { id, rows: (data ?? []) as MessageRow[] }
}
