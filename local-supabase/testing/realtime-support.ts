/**
 * Shared by the Realtime conformance tests: a tiny room/member schema with the
 * same shape of RLS policies on realtime.messages as the app's chats (members
 * read and write `room:<id>` topics; `announce:<id>` is read-only for them), tokens minted for arbitrary users, and
 * supabase-js clients that use them.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Database } from '../db/types.ts'
import { signAccessToken } from '../keys.ts'
import type { TestStack } from './test-stack.ts'

export const ROOM_SCHEMA = `
create table if not exists public.rt_rooms (id uuid primary key default gen_random_uuid());
create table if not exists public.rt_members (
  room_id uuid not null references public.rt_rooms (id),
  user_id uuid not null,
  primary key (room_id, user_id)
);
create table if not exists public.rt_posts (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rt_rooms (id),
  author uuid not null default auth.uid(),
  body text not null
);
alter table public.rt_members enable row level security;
alter table public.rt_posts enable row level security;
grant select on public.rt_members to authenticated;
grant select, insert on public.rt_posts to authenticated;
create policy rt_members_select on public.rt_members for select to authenticated
  using (user_id = (select auth.uid()));
create policy rt_posts_select on public.rt_posts for select to authenticated
  using (exists (select 1 from public.rt_members m
                 where m.room_id = rt_posts.room_id and m.user_id = (select auth.uid())));
create policy rt_posts_insert on public.rt_posts for insert to authenticated
  with check (author = (select auth.uid()) and exists (select 1 from public.rt_members m
              where m.room_id = rt_posts.room_id and m.user_id = (select auth.uid())));
create or replace function public.rt_posts_broadcast() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.send(to_jsonb(new), 'post', 'room:' || new.room_id::text, true);
  return null;
end $$;
create trigger rt_posts_broadcast after insert on public.rt_posts
  for each row execute function public.rt_posts_broadcast();
alter publication supabase_realtime add table public.rt_posts;
create policy rt_room_read on realtime.messages for select to authenticated
  using (exists (select 1 from public.rt_members m
                 where (select realtime.topic()) in ('room:' || m.room_id::text,
                                                     'announce:' || m.room_id::text)
                   and m.user_id = (select auth.uid())));
create policy rt_room_write on realtime.messages for insert to authenticated
  with check (exists (select 1 from public.rt_members m
                      where 'room:' || m.room_id::text = (select realtime.topic())
                        and m.user_id = (select auth.uid())));
`

export async function createRoom(db: Database, members: string[]): Promise<string> {
  const room = await db.query<{ id: string }>(
    'insert into public.rt_rooms default values returning id',
  )
  const id = room.rows[0]!.id
  for (const user of members) {
    await db.query('insert into public.rt_members (room_id, user_id) values ($1, $2)', [id, user])
  }
  return id
}

/** How a minted token is signed: with the stack's signing key (ES256, kid), or the legacy HS256 secret. */
export type Signing = 'signing-key' | 'legacy'

export function mintToken(
  stack: TestStack,
  sub: string,
  expiresInSeconds = 3600,
  signing: Signing = 'signing-key',
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return signAccessToken(
    { sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresInSeconds },
    signing === 'legacy' ? stack.config.jwtSecret : stack.config.jwtKeys,
  )
}

export type UserClient = { id: string; client: SupabaseClient; setToken(token: string): void }

/** A supabase-js client whose access token is a minted JWT for a new user id. */
export async function userClient(
  stack: TestStack,
  { apiUrl = stack.apiUrl, expiresInSeconds = 3600, signing = 'signing-key' as Signing } = {},
): Promise<UserClient> {
  const id = randomUUID()
  let token = await mintToken(stack, id, expiresInSeconds, signing)
  const client = createClient(apiUrl, stack.config.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never, reconnectAfterMs: () => 200 },
  })
  return { id, client, setToken: (next) => (token = next) }
}

/** Resolves with the first terminal status of a subscription. */
export function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status !== 'CLOSED' || error) resolve({ status, ...(error ? { error } : {}) })
    })
  })
}

/** Polls until check() is truthy; rejects with the description after the timeout. */
export async function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  description: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Lets in-flight frames arrive, to show that something did NOT happen. */
export function settle(ms = 400): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
