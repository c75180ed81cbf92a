-- Homeward's schema as one baseline: every table, function, policy, trigger
-- and schedule as it stands, organised by concern. It replaces the 23 migrations
-- of 21–24 November 2026 and the 13 of 26 November 2026 (squashed before any
-- hosted project ran them; git history keeps them). Change the schema with a
-- new, small migration named
-- after the current UTC time, then regenerate supabase/schema.sql (the current
-- schema as the database sees it) and src/types/database.types.ts.
--
-- Sections:
--   1. Extensions and the private schema
--   2. Helpers
--   3. Abuse limits and retention periods
--   4. Profiles
--   5. Tags and items (activation, the public tag lookup, lost mode, ways back)
--   6. Found reports and chats (tables, members, invites, messages, ways back)
--   7. Reporting a found item (the finder's report in one call, challenge limits)
--   8. Chat (joining, new links, the owner's conversations, read marks,
--      closing a conversation, marking an item returned, ways back)
--   9. Notifications (the outbox, SMS answer window)
--  10. Receipts and reminders (reminder settings)
--  11. Realtime (private broadcast topics, owner alert windows)
--  12. Photos (Storage policies, the photos to delete)
--  13. Purge of finder data
--  14. Account rights (export, account deletion, a finder's own deletion)
--  15. Schedules (pg_cron, pg_net, Vault)

-- ============================================================================
-- 1. Extensions and the private schema
-- ============================================================================

create extension if not exists pgcrypto with schema extensions;

create schema if not exists app_private;
comment on schema app_private is 'Internal helpers and throttling state; not exposed through the API.';
revoke all on schema app_private from public;
grant usage on schema app_private to anon, authenticated, service_role;

-- ============================================================================
-- 2. Helpers
-- ============================================================================

-- The caller's user id, or null when there is none or the claim is malformed.
-- Never raises, so it is safe inside policies.
create function app_private.current_user_id()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  return auth.uid();
exception
  when others then
    return null;
end;
$$;
revoke all on function app_private.current_user_id() from public;
grant execute on function app_private.current_user_id() to anon, authenticated, service_role;

-- True when the caller's JWT says the user signed in anonymously. Never raises.
create function app_private.is_anonymous_user()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false);
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_anonymous_user() from public;
grant execute on function app_private.is_anonymous_user() to anon, authenticated, service_role;

-- The data rules that the app, the Edge Functions and SQL share, in one place:
-- app_private.data_rules(). `npm run db:generate` writes it into
-- rules.generated.ts for the app (src/types) and for the functions
-- (supabase/functions/_shared), and CI's `db:generate -- --check` fails when they
-- differ. The SQL below reads the same values: tag codes (what a printed code is
-- made of, what reading a typed code drops), the finder's field limits and e-mail
-- shape, and the control characters no text may hold. The patterns are written so
-- that Postgres and JavaScript read them alike (\s, \x escapes, bracket classes).

create function app_private.data_rules()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    -- a printed code: tags_code_format, random_code
    'tag_code_alphabet', 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
    'tag_code_min_length', 8,
    'tag_code_max_length', 16,
    -- reading a typed or linked code: these characters are dropped (HW7K-3M9Q,
    -- "hw7k 3m9q"), together with control characters, and the rest upper-cased
    'tag_code_separators', '[\s-]',
    -- what is worth looking up once read; longer or other text is no code
    'typed_tag_code', '^[A-Z0-9]{1,64}$',
    'typed_tag_code_max_length', 64,
    -- C0 control characters other than tab, line feed and carriage return, and DEL
    'control_characters', '[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]',
    -- the finder's report, after trimming
    'finder_field_max_lengths', jsonb_build_object(
      'finder_name', 200,
      'finder_email', 320,
      'finder_phone', 40,
      'finder_address', 500,
      'found_location', 500
    ),
    'email_shape', '^[^\s@]+@[^\s@]+\.[^\s@]+$'
  );
$$;
comment on function app_private.data_rules() is
  'The data rules the app and the Edge Functions read (generated into rules.generated.ts by npm run db:generate) and the SQL checks apply: tag codes, the finder''s field limits and e-mail shape, control characters.';
revoke all on function app_private.data_rules() from public;

-- A typed or linked code as stored: control characters and separators dropped, upper case.
create function app_private.normalize_code(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(
    regexp_replace(coalesce(value, ''), app_private.data_rules() ->> 'control_characters', '', 'g'),
    app_private.data_rules() ->> 'tag_code_separators', '', 'g'));
$$;
revoke all on function app_private.normalize_code(text) from public;

-- A printed tag code: data_rules' alphabet and lengths.
create function app_private.is_tag_code(code text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select code ~ format('^[%s]{%s,%s}$', r ->> 'tag_code_alphabet',
                       r ->> 'tag_code_min_length', r ->> 'tag_code_max_length')
    from app_private.data_rules() r;
$$;
revoke all on function app_private.is_tag_code(text) from public;

-- A random code from data_rules' alphabet (no look-alikes: no 0/O, 1/I/L),
-- drawn from a cryptographic source without modulo bias.
create function app_private.random_code(code_length int)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := app_private.data_rules() ->> 'tag_code_alphabet';
  size constant int := char_length(alphabet);
  result text := '';
  random_bytes bytea;
  byte int;
  i int;
begin
  while char_length(result) < code_length loop
    random_bytes := extensions.gen_random_bytes(32);
    for i in 0 .. 31 loop
      byte := get_byte(random_bytes, i);
      -- discard the top bytes so every character is equally likely
      if byte < 256 - 256 % size and char_length(result) < code_length then
        result := result || substr(alphabet, (byte % size) + 1, 1);
      end if;
    end loop;
  end loop;
  return result;
end;
$$;
revoke all on function app_private.random_code(int) from public;

-- Keeps updated_at current on tables that have one.
create function app_private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function app_private.set_updated_at() from public;

-- Seconds from now until a moment, at least 1 (a Retry-After value).
create function app_private.seconds_until(moment timestamptz)
returns int
language sql
stable
set search_path = ''
as $$
  select greatest(1, ceil(extract(epoch from (moment - now()))))::int;
$$;
revoke all on function app_private.seconds_until(timestamptz) from public;

-- ============================================================================
-- 3. Abuse limits and retention periods
-- ============================================================================
-- Owned by SQL so every caller obeys them: reports per tag, per finder session
-- and per client address; the finder's own "thank you" e-mail at most once per
-- address per day; wrong activation codes per account and per account and tag;
-- proof-of-work challenges per client address and per user (section 7); chat
-- messages per member and the owner's alerts per chat (sections 6 and 11); new
-- chat links per finder address (section 8).
-- The numbers live in app_private.limits (README "Limits").

create table app_private.limits (
  name text primary key,
  max_count int not null constraint limits_max_count_check check (max_count >= 1),
  per interval not null constraint limits_per_check check (per > interval '0'),
  description text not null
);
comment on table app_private.limits is 'Abuse limits: at most max_count events per sliding window of length per. Change a row to tune a limit.';
revoke all on table app_private.limits from public, anon, authenticated;

insert into app_private.limits (name, max_count, per, description) values
  ('reports_per_tag', 3, interval '1 hour', 'found reports on one tag'),
  ('reports_per_finder', 5, interval '1 hour', 'found reports by one finder session'),
  ('reports_per_address', 5, interval '1 hour', 'found reports from one client address'),
  ('finder_emails_per_address', 1, interval '1 day', 'finder thank-you e-mails to one address'),
  ('activation_failures_per_account', 10, interval '1 hour', 'wrong activation attempts by one account'),
  ('activation_failures_per_account_tag', 5, interval '1 hour', 'wrong activation attempts by one account on one tag'),
  ('challenges_per_address', 60, interval '10 minutes', 'proof-of-work challenges issued to one client address'),
  ('challenges_per_user', 20, interval '10 minutes', 'proof-of-work challenges issued to one signed-in user'),
  ('messages_per_member', 20, interval '1 minute', 'chat messages sent by one member of one chat'),
  ('owner_alerts_per_chat', 1, interval '10 seconds', 'owner alerts (owner:<uid> broadcasts) for finders'' messages in one chat'),
  ('finder_new_links_per_address', 3, interval '1 day', 'new chat links e-mailed to one finder address, across all chats');

-- The limit's numbers; a missing row means "no limit" (max_count null).
create function app_private.limit_of(limit_name text, out max_count int, out per interval)
language sql
stable
set search_path = ''
as $$
  select l.max_count, l.per from app_private.limits l where l.name = limit_name;
$$;
revoke all on function app_private.limit_of(text) from public;

-- Seconds until one more event is allowed, given the times of past events
-- (newest first is not required), or 0 when under the limit.
create function app_private.wait_seconds(event_times timestamptz[], limit_name text)
returns int
language plpgsql
stable
set search_path = ''
as $$
declare
  lim record;
  recent timestamptz[];
begin
  select * into lim from app_private.limit_of(limit_name);
  if lim.max_count is null then
    return 0;
  end if;
  select array_agg(t order by t desc) into recent
    from (
      select t from unnest(event_times) t
       where t > now() - lim.per
       order by t desc
       limit lim.max_count
    ) newest;
  if coalesce(cardinality(recent), 0) < lim.max_count then
    return 0;
  end if;
  -- the oldest of the newest max_count events leaves the window first
  return greatest(1, ceil(extract(epoch from (recent[lim.max_count] + lim.per - now())))::int);
end;
$$;
revoke all on function app_private.wait_seconds(timestamptz[], text) from public;

-- The finder's client address, as the report-found function passes it in the
-- x-client-address header of its service-role REST call; null otherwise (a
-- client cannot reach found_reports, and an operator's SQL has no address).
-- Never raises.
create function app_private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  address text;
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '')
     <> 'service_role' then
    return null;
  end if;
  address := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-client-address';
  return nullif(left(trim(address), 100), '');
exception
  when others then
    return null;
end;
$$;
revoke all on function app_private.client_address() from public;

-- How long personal data is kept, owned by SQL once: the purge (section 13) and
-- a closed conversation's deletion date (section 8) read these rows, and the
-- privacy notice shows them (npm run db:generate writes them into
-- src/types/retention.generated.ts; tests/build checks the built notice against
-- this table). Change a row to change the rule everywhere.
create table app_private.retention_periods (
  name text primary key,
  keep_for interval not null constraint retention_periods_keep_for_check check (keep_for > interval '0'),
  description text not null
);
comment on table app_private.retention_periods is 'How long personal data is kept after an event. Read by purge_finder_data and shown in the privacy notice.';
revoke all on table app_private.retention_periods from public, anon, authenticated;

insert into app_private.retention_periods (name, keep_for, description) values
  ('finder_details_after_found', interval '7 days', 'a finder''s details, after the owner marks the item FOUND'),
  ('finder_details_after_report', interval '30 days', 'a finder''s details, after their report otherwise'),
  ('abuse_records', interval '1 day', 'the hashed network address of a report, and failed activation attempts');

-- The period of one rule. Never raises (used in a column default): an unknown
-- rule is null, which the purge treats as "now".
create function app_private.retention_of(rule text)
returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select p.keep_for from app_private.retention_periods p where p.name = rule;
$$;
revoke all on function app_private.retention_of(text) from public;
grant execute on function app_private.retention_of(text) to authenticated, service_role;

-- ============================================================================
-- 4. Profiles
-- ============================================================================
-- One profile per registered owner (SPEC.md §3 "User document").

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text,
  dob date,
  address text,
  county text,
  country text,
  mobile_number text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per registered owner: contact details used for alerts. Only the owner may read or change it.';

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select, insert, update on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy "Owners read their own profile"
  on public.profiles for select
  to authenticated
  using ((select auth.uid()) = id);

create policy "Registered owners create their own profile"
  on public.profiles for insert
  to authenticated
  with check ((select auth.uid()) = id and not (select app_private.is_anonymous_user()));

create policy "Owners update their own profile"
  on public.profiles for update
  to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function app_private.set_updated_at();

-- A metadata value as trimmed text, or null when absent or blank.
create function app_private.meta_text(meta jsonb, variadic keys text[])
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  key text;
  value text;
begin
  foreach key in array keys loop
    if jsonb_typeof(meta -> key) = 'string' then
      value := nullif(trim(meta ->> key), '');
      if value is not null then
        return value;
      end if;
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function app_private.meta_text(jsonb, text[]) from public;

-- A date, or null when the text is not one. Never raises.
create function app_private.safe_date(value text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  return value::date;
exception
  when others then
    return null;
end;
$$;
revoke all on function app_private.safe_date(text) from public;

-- SPEC.md §5: the profile is created only when uid, email, full name, dob,
-- address and country are all present; otherwise nothing happens. Anonymous
-- users never get one. Never blocks a sign-up.
create function app_private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  full_name text := app_private.meta_text(meta, 'full_name', 'fullName');
  dob date := app_private.safe_date(app_private.meta_text(meta, 'dob'));
  address text := app_private.meta_text(meta, 'address');
  country text := app_private.meta_text(meta, 'country');
  email text := nullif(trim(coalesce(new.email, '')), '');
begin
  if new.is_anonymous or new.id is null or email is null or full_name is null
     or dob is null or address is null or country is null then
    return new;
  end if;
  insert into public.profiles (id, email, full_name, dob, address, county, country, mobile_number)
  values (
    new.id,
    email,
    full_name,
    dob,
    address,
    app_private.meta_text(meta, 'county'),
    country,
    app_private.meta_text(meta, 'mobile_number', 'mobileNumber')
  )
  on conflict (id) do nothing;
  return new;
exception
  when others then
    raise warning 'profile not created for %: %', new.id, sqlerrm;
    return new;
end;
$$;
revoke all on function app_private.create_profile_for_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function app_private.create_profile_for_new_user();

-- ============================================================================
-- 5. Tags and items
-- ============================================================================
-- Tags (minted by the operator), the items owners attach them to, activation
-- through the activate-tag Edge Function with throttled attempts, the public
-- tag lookup and lost mode.

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  code text not null unique
    constraint tags_code_format check (app_private.is_tag_code(code)),
  activation_code_hash text not null,
  status text not null default 'unclaimed'
    constraint tags_status_check check (status in ('unclaimed', 'activated', 'deactivated')),
  batch text,
  created_at timestamptz not null default now(),
  activated_at timestamptz
);
comment on table public.tags is 'NFC tags: public code, hashed activation code and status. Reached only through SQL functions.';

alter table public.tags enable row level security;
revoke all on table public.tags from anon, authenticated;
grant all on table public.tags to service_role;

create table public.items (
  id uuid primary key default gen_random_uuid(),
  tag_id uuid not null unique references public.tags (id),
  tag_code text not null,
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null
    constraint items_name_length check (char_length(trim(name)) between 1 and 80),
  status text
    constraint items_status_check check (status in ('LOST', 'FOUND')),
  found_by uuid,
  created_at timestamptz not null default now(),
  status_changed_at timestamptz,
  lost_note text,
  return_instructions text,
  photo_path text
    constraint items_photo_path_shape check (
      photo_path is null
      or photo_path ~ ('^' || id::text || '/[0-9a-f-]{36}\.(jpg|png|webp)$')
    ),
  return_options text[] not null default '{hand_in,meet,post}'
    constraint items_return_options_known
      check (return_options <@ array['meet', 'hand_in', 'post']::text[])
);
comment on table public.items is 'An owner''s tagged item. Status is empty, LOST or FOUND; the owner may rename it and set its status.';
comment on column public.items.lost_note is 'The owner''s short note to a finder (e.g. "Reward offered"); shown by tag_status only while the item is LOST.';
comment on column public.items.return_instructions is 'How the owner would like the item returned; shown by tag_status only while the item is LOST.';
comment on column public.items.photo_path is
  'The item-photos object the item shows (<item_id>/<uuid>.<ext>); finders see it only while the item is LOST.';
comment on column public.items.return_options is
  'The ways back the owner accepts: meet (in a public place), hand_in (at a place the finder names), post (at the owner''s cost). Shown to the item''s finders in the chat.';

create index items_owner_id_idx on public.items (owner_id);

alter table public.items enable row level security;
revoke all on table public.items from anon, authenticated;
grant select on table public.items to authenticated;
grant update (name, status, lost_note, return_instructions, photo_path, return_options) on table public.items to authenticated;
grant all on table public.items to service_role;

create policy "Owners read their own items"
  on public.items for select
  to authenticated
  using ((select auth.uid()) = owner_id);

create policy "Owners update their own items"
  on public.items for update
  to authenticated
  using ((select auth.uid()) = owner_id)
  with check ((select auth.uid()) = owner_id);

create function app_private.items_track_status_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.status_changed_at := now();
  end if;
  return new;
end;
$$;
revoke all on function app_private.items_track_status_change() from public;

create trigger items_track_status_change
  before update on public.items
  for each row execute function app_private.items_track_status_change();

-- The one owner of the lost-note rules: trimmed, empty means none, and at most
-- note_max / instructions_max characters. A longer text is refused with
-- SQLSTATE 22001, the field in the message and the limit in the detail, so the
-- app can say how long it may be without keeping its own copy of the number.
-- Both are kept while the item is not LOST (so marking it LOST again brings them
-- back for the owner to review); tag_status hides them then.
create function app_private.items_check_lost_note()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  note_max constant int := 200;
  instructions_max constant int := 300;
begin
  new.lost_note := nullif(trim(new.lost_note), '');
  new.return_instructions := nullif(trim(new.return_instructions), '');
  if char_length(new.lost_note) > note_max then
    raise exception 'lost_note_too_long' using errcode = '22001', detail = note_max::text;
  end if;
  if char_length(new.return_instructions) > instructions_max then
    raise exception 'return_instructions_too_long'
      using errcode = '22001', detail = instructions_max::text;
  end if;
  return new;
end;
$$;
revoke all on function app_private.items_check_lost_note() from public;

create trigger items_check_lost_note
  before insert or update of lost_note, return_instructions on public.items
  for each row execute function app_private.items_check_lost_note();

-- The ways back the owner accepts for the item (section 8, "Ways back"): meet,
-- hand_in, post; all three by default; kept sorted and without repeats.

create function app_private.normalize_return_options()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.return_options := array(
    select distinct o from unnest(coalesce(new.return_options, '{}')) o order by o
  );
  return new;
end;
$$;
revoke all on function app_private.normalize_return_options() from public;

create trigger items_normalize_return_options
  before insert or update of return_options on public.items
  for each row execute function app_private.normalize_return_options();

-- Failed activation attempts, counted per account and per account and tag.
create table app_private.activation_failures (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  tag_code text not null,
  failed_at timestamptz not null default now()
);
comment on table app_private.activation_failures is 'Failed activation attempts, for throttling activate_tag.';
create index activation_failures_user_idx on app_private.activation_failures (user_id, failed_at);
create index activation_failures_code_idx on app_private.activation_failures (tag_code, failed_at);
create index activation_failures_user_code_idx
  on app_private.activation_failures (user_id, tag_code, failed_at);
revoke all on table app_private.activation_failures from public, anon, authenticated;

-- Seconds until the account may try again, or 0 (app_private.limits:
-- activation_failures_per_account and activation_failures_per_account_tag).
-- One account's guesses never lock another account out of a tag.
create function app_private.activation_retry_after(for_user uuid, for_code text)
returns int
language sql
stable
set search_path = ''
as $$
  select greatest(
    app_private.wait_seconds(
      array(select f.failed_at from app_private.activation_failures f
             where f.user_id = for_user
               and f.failed_at > now() - (select l.per from app_private.limits l
                                           where l.name = 'activation_failures_per_account')),
      'activation_failures_per_account'),
    app_private.wait_seconds(
      array(select f.failed_at from app_private.activation_failures f
             where f.user_id = for_user and f.tag_code = app_private.normalize_code(for_code)
               and f.failed_at > now() - (select l.per from app_private.limits l
                                           where l.name = 'activation_failures_per_account_tag')),
      'activation_failures_per_account_tag')
  );
$$;
revoke all on function app_private.activation_retry_after(uuid, text) from public;

create function app_private.record_activation_failure(for_user uuid, for_code text)
returns void
language sql
set search_path = ''
as $$
  insert into app_private.activation_failures (user_id, tag_code)
  values (for_user, left(app_private.normalize_code(for_code), 32));
$$;
revoke all on function app_private.record_activation_failure(uuid, text) from public;

-- tag_status, the public tag lookup, answers an object:
--   status               'activated', 'unclaimed' or 'not_found'
--   lost_note            the owner's note, only while the item is LOST, else null
--   return_instructions  the owner's return instructions, only while LOST, else null
--   lost_photo           true, present only while LOST and the item shows a photo, so
--                        the finder's page asks for it (lost_item_photo, then a signed
--                        URL) only then; no object name (it holds the item's id)
--   own_item             { id, name, status } only when the signed-in (non-anonymous)
--                        caller owns the item (the test scan); null for everyone else,
--                        so nobody else learns whose tag it is or whether it has an owner
--                        they could tell apart.
-- Never the owner's id, name or contact details.
create function public.tag_status(code text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with tag as (
    select t.id, t.status
      from public.tags t
     where t.code = app_private.normalize_code(tag_status.code)
       and t.status in ('activated', 'unclaimed')
  ),
  caller as (
    select case when app_private.is_anonymous_user() then null
                else app_private.current_user_id() end as id
  ),
  item as (
    select i.id, i.name, i.status, i.owner_id,
           case when i.status = 'LOST' then i.lost_note end as lost_note,
           case when i.status = 'LOST' then i.return_instructions end as return_instructions,
           i.status = 'LOST' and i.photo_path is not null as has_lost_photo
      from public.items i
      join tag on tag.id = i.tag_id and tag.status = 'activated'
  )
  select jsonb_build_object(
    'status', coalesce((select status from tag), 'not_found'),
    'lost_note', (select lost_note from item),
    'return_instructions', (select return_instructions from item),
    'own_item', (
      select jsonb_build_object('id', item.id, 'name', item.name, 'status', item.status)
        from item, caller
       where caller.id is not null and item.owner_id = caller.id
    )
  ) || coalesce(
    (select jsonb_build_object('lost_photo', true) from item where item.has_lost_photo),
    '{}'::jsonb
  );
$$;
comment on function public.tag_status(text) is 'The public tag lookup: status, the lost-mode note while LOST (and lost_photo: true when the item shows a photo), and own_item for the owner''s test scan. Never owner data.';
revoke all on function public.tag_status(text) from public, anon, authenticated;
grant execute on function public.tag_status(text) to anon, authenticated, service_role;

-- activate_tag: the registered owner owner_id claims an unclaimed tag with its
-- activation code and names the item, in one transaction. Service role only:
-- the activate-tag Edge Function verifies the owner and calls it on their
-- behalf, and a wrong guess is counted in the same transaction.
-- Answers { outcome, item?, retry_after? } with outcome one of
--   activated          the new item
--   already_yours      the tag is already on this owner's account (the item)
--   incorrect          wrong code pair, unknown, claimed or deactivated tag (counted)
--   too_many_attempts  retry_after seconds to wait
-- Raises invalid_input (P0001, detail names the field) for a missing or
-- malformed item name and not_an_owner (P0001) for an unknown or anonymous user.
create function public.activate_tag(owner_id uuid, code text, activation_code text, item_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := activate_tag.owner_id;
  wanted_code text := app_private.normalize_code(activate_tag.code);
  plain_code text := app_private.normalize_code(activate_tag.activation_code);
  name text := trim(coalesce(activate_tag.item_name, ''));
  tag public.tags;
  -- compared against when the tag is unknown, so both paths cost the same
  dummy_hash constant text := '$2a$08$S47Eq91Mi0Fm0865xXSq2.GJ5XgWbRN7fhCkGuahA/RbG/PK243q6';
  wait_seconds int;
  is_match boolean;
  item public.items;
begin
  if caller is null or not exists (
    select 1 from auth.users u where u.id = caller and not coalesce(u.is_anonymous, false)
  ) then
    raise exception 'not_an_owner' using errcode = 'P0001';
  end if;
  if wanted_code = '' or plain_code = '' or name = '' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'missing';
  end if;
  if char_length(name) > 80 or name ~ '[[:cntrl:]]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'item_name';
  end if;

  select * into item from public.items i
   where i.owner_id = caller
     and i.tag_id = (select t.id from public.tags t where t.code = wanted_code and t.status = 'activated');
  if item.id is not null then
    return jsonb_build_object('outcome', 'already_yours', 'item', to_jsonb(item));
  end if;

  wait_seconds := app_private.activation_retry_after(caller, wanted_code);
  if wait_seconds > 0 then
    return jsonb_build_object('outcome', 'too_many_attempts', 'retry_after', wait_seconds);
  end if;

  if wanted_code ~ '^[A-Z0-9]{1,32}$' and plain_code ~ '^[A-Z0-9]{1,64}$' then
    select * into tag from public.tags t where t.code = wanted_code for update;
  end if;
  is_match := extensions.crypt(left(plain_code, 64), coalesce(tag.activation_code_hash, dummy_hash))
                = coalesce(tag.activation_code_hash, dummy_hash)
              and tag.id is not null
              and tag.status = 'unclaimed';
  if not is_match then
    perform app_private.record_activation_failure(caller, wanted_code);
    return jsonb_build_object('outcome', 'incorrect');
  end if;

  insert into public.items (tag_id, tag_code, owner_id, name, status, found_by)
  values (tag.id, tag.code, caller, name, null, null)
  returning * into item;

  update public.tags t set status = 'activated', activated_at = now() where t.id = tag.id;
  return jsonb_build_object('outcome', 'activated', 'item', to_jsonb(item));
end;
$$;
revoke all on function public.activate_tag(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.activate_tag(uuid, text, text, text) to service_role;

-- mint_tags: creates tags; returns each code with its plain activation code,
-- exactly once (only a bcrypt hash is kept).
create function public.mint_tags(count int, batch text)
returns table (code text, activation_code text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  wanted int := mint_tags.count;
  batch_name text := nullif(trim(coalesce(mint_tags.batch, '')), '');
  new_code text;
  new_activation text;
  made int := 0;
begin
  if wanted is null or wanted < 1 or wanted > 10000 then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'count must be 1..10000';
  end if;
  while made < wanted loop
    new_code := 'HW' || app_private.random_code(8);
    new_activation := app_private.random_code(10);
    insert into public.tags (code, activation_code_hash, batch)
    values (new_code, extensions.crypt(new_activation, extensions.gen_salt('bf', 8)), batch_name)
    on conflict (code) do nothing;
    if found then
      made := made + 1;
      code := new_code;
      activation_code := new_activation;
      return next;
    end if;
  end loop;
end;
$$;
revoke all on function public.mint_tags(int, text) from public, anon, authenticated;
grant execute on function public.mint_tags(int, text) to service_role;

-- deactivate_tags: refunds; the tags stop resolving. Returns how many changed.
create function public.deactivate_tags(codes text[])
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed int;
begin
  update public.tags t
     set status = 'deactivated'
   where t.code in (select app_private.normalize_code(c) from unnest(deactivate_tags.codes) c)
     and t.status <> 'deactivated';
  get diagnostics changed = row_count;
  return changed;
end;
$$;
revoke all on function public.deactivate_tags(text[]) from public, anon, authenticated;
grant execute on function public.deactivate_tags(text[]) to service_role;

-- ============================================================================
-- 6. Found reports and chats
-- ============================================================================
-- A finder's report, its chat between the item's owner and the finder, the
-- chat's members, invites and messages.

create table public.found_reports (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.items (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  finder_id uuid references auth.users (id) on delete set null,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  created_at timestamptz not null default now(),
  purge_after timestamptz not null default now() + app_private.retention_of('finder_details_after_report'),
  purged_at timestamptz,
  owner_notified_at timestamptz,
  owner_notified_channels text[] not null default '{}',
  owner_opened_at timestamptz,
  owner_seen_chat_at timestamptz,
  idempotency_key text,
  found_latitude double precision,
  found_longitude double precision,
  found_accuracy_m double precision,
  found_position_at timestamptz,
  constraint found_reports_position_together check (
    (found_latitude is null) = (found_longitude is null)
    and (found_latitude is null) = (found_position_at is null)
    and (found_accuracy_m is null or found_latitude is not null)
  )
);
comment on table public.found_reports is 'A finder''s report of a found item, with their contact details until purged. Visible to the item''s owner and the finder who wrote it.';
comment on column public.found_reports.owner_notified_at is 'When a provider first accepted an alert to the owner (text or e-mail).';
comment on column public.found_reports.owner_notified_channels is 'The channels whose alert the provider accepted: sms, email.';
comment on column public.found_reports.owner_opened_at is 'When the owner first opened the report (dashboard or chat); no reminder after it.';
comment on column public.found_reports.owner_seen_chat_at is 'When the owner first opened the report''s chat.';
comment on column public.found_reports.idempotency_key is 'Chosen by the finder''s client, one per form submission; unique per finder.';
comment on column public.found_reports.found_latitude is
  'Where the finder found the item (WGS84 degrees), shared by the finder with share_found_location; purged with the finder''s details.';
comment on column public.found_reports.found_accuracy_m is
  'The accuracy of the shared position in metres, as the browser reported it.';

-- (item_id, created_at) and (finder_id, created_at) serve the foreign keys, RLS
-- and the abuse limits alike.
create index found_reports_owner_id_idx on public.found_reports (owner_id);
create index found_reports_unpurged_idx on public.found_reports (purge_after) where purged_at is null;
create index found_reports_item_created_idx on public.found_reports (item_id, created_at);
create index found_reports_finder_created_idx on public.found_reports (finder_id, created_at);
create unique index found_reports_finder_idempotency_key_idx
  on public.found_reports (finder_id, idempotency_key)
  where idempotency_key is not null;

alter table public.found_reports enable row level security;
revoke all on table public.found_reports from anon, authenticated;
grant select on table public.found_reports to authenticated;
grant all on table public.found_reports to service_role;

create policy "Owners and finders read their reports"
  on public.found_reports for select
  to authenticated
  using ((select auth.uid()) = owner_id or (select auth.uid()) = finder_id);

-- A chat is closed once (app_private.close_chat, section 8): when its item is
-- marked returned ('returned'), when the owner closes that one conversation
-- ('closed_by_owner'), when the finder deletes their details ('finder_left'),
-- when the owner deletes their account ('account_deleted'), or when the purge
-- removed the finder's details ('purged'). A closed chat refuses new messages
-- from everyone, in our words.
create table public.chats (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.items (id) on delete cascade,
  report_id uuid not null references public.found_reports (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_reason text
    constraint chats_closed_reason_check
      check (closed_reason in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged')),
  constraint chats_closed_together check ((closed_at is null) = (closed_reason is null))
);
comment on table public.chats is 'One chat per found report between the item''s owner and the finder. Members only.';
comment on column public.chats.closed_at is 'When the conversation was closed (app_private.close_chat); no message is accepted after it.';
comment on column public.chats.closed_reason is 'Why: returned, closed_by_owner, finder_left, account_deleted or purged.';

create index chats_item_id_idx on public.chats (item_id);
create index chats_report_id_idx on public.chats (report_id);
create index chats_owner_id_idx on public.chats (owner_id);

-- last_read_position: the position up to which the member has read the chat.
create table public.chat_members (
  chat_id uuid not null references public.chats (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null constraint chat_members_role_check check (role in ('owner', 'finder')),
  joined_at timestamptz not null default now(),
  last_read_position bigint not null default 0,
  primary key (chat_id, user_id)
);
comment on table public.chat_members is 'Who is in a chat, as owner or finder. Members see each other.';

create index chat_members_user_id_idx on public.chat_members (user_id);

-- True when the caller is a member of the chat. Never raises.
create function app_private.is_chat_member(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if caller is null or for_chat is null then
    return false;
  end if;
  return exists (
    select 1 from public.chat_members m where m.chat_id = for_chat and m.user_id = caller
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_chat_member(uuid) from public;
grant execute on function app_private.is_chat_member(uuid) to authenticated, service_role;

-- True when the chat was closed (app_private.close_chat) or its report purged:
-- nobody posts in it again. Never raises (used in a policy).
create function app_private.is_chat_closed(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.chats c join public.found_reports r on r.id = c.report_id
     where c.id = for_chat and (c.closed_at is not null or r.purged_at is not null)
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_chat_closed(uuid) from public;
grant execute on function app_private.is_chat_closed(uuid) to authenticated, service_role;

alter table public.chats enable row level security;
revoke all on table public.chats from anon, authenticated;
grant select on table public.chats to authenticated;
grant all on table public.chats to service_role;

create policy "Members read their chats"
  on public.chats for select
  to authenticated
  using ((select app_private.is_chat_member(id)));

alter table public.chat_members enable row level security;
revoke all on table public.chat_members from anon, authenticated;
grant select on table public.chat_members to authenticated;
grant all on table public.chat_members to service_role;

create policy "Members read the members of their chats"
  on public.chat_members for select
  to authenticated
  using ((select auth.uid()) = user_id or (select app_private.is_chat_member(chat_id)));

-- Invites: only a token's SHA-256 is kept. An invite is bound to the first
-- session that joins with it; invites replaced by request_chat_link are marked
-- replaced_at (told apart from those the owner revoked); site_url is where the
-- report was made, for the fresh link.
create table public.chat_invites (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid not null references public.chats (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  bound_user_id uuid references auth.users (id) on delete cascade,
  replaced_at timestamptz,
  reason text not null default 'report'
    constraint chat_invites_reason_check check (reason in ('report', 'resend')),
  site_url text
);
comment on table public.chat_invites is 'Hashed, expiring, revocable tokens that let a finder join a chat. Reached only through join_chat.';

create index chat_invites_chat_id_idx on public.chat_invites (chat_id);
create index chat_invites_bound_user_id_idx on public.chat_invites (bound_user_id);

alter table public.chat_invites enable row level security;
revoke all on table public.chat_invites from anon, authenticated;
grant all on table public.chat_invites to service_role;

-- Messages. The body rule (at most 2000 characters once any Unicode whitespace
-- is trimmed from both ends, and at least 1 unless the message carries a photo)
-- is owned here; the app mirrors MAX_MESSAGE_LENGTH. A message may carry up to
-- three photos (section 12).
-- position is server-assigned (the default only tells clients, and generated
-- types, not to send it): one sequence, taken while the chat row is locked, so
-- within a chat positions follow commit order and a reader catching up with
-- position > last held never sees a gap filled later.
create sequence app_private.message_position_seq as bigint;
revoke all on sequence app_private.message_position_seq from public;

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid not null references public.chats (id) on delete cascade,
  sender_id uuid not null default auth.uid(),
  sender_role text constraint messages_sender_role_check check (sender_role in ('owner', 'finder')),
  body text not null,
  created_at timestamptz not null default now(),
  position bigint not null default 0 constraint messages_position_key unique,
  photo_paths text[] not null default '{}'
    constraint messages_photo_paths_count check (cardinality(photo_paths) <= 3),
  constraint messages_body_length check (
    char_length(body) <= 2000
    and (char_length(body) >= 1 or cardinality(photo_paths) >= 1)
    and body !~ '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and body !~ '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
  )
);
comment on table public.messages is 'Chat messages. Members read them and insert their own; the id may be chosen by the client so a resend is a no-op.';
comment on column public.messages.position is
  'Server-assigned, strictly increasing in commit order within a chat; clients catch up with position > last held.';
comment on column public.messages.photo_paths is
  'Up to three chat-photos object names (<chat_id>/<sender_id>/<uuid>.<ext>), uploaded by the sender before the message.';

create index messages_chat_id_created_at_idx on public.messages (chat_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);
create index messages_chat_id_position_idx on public.messages (chat_id, position);
create index messages_photo_paths_idx on public.messages using gin (photo_paths);
-- (chat_id, sender_id, created_at) serves the per-member message limit.
create index messages_chat_sender_created_idx on public.messages (chat_id, sender_id, created_at);

alter table public.messages enable row level security;
revoke all on table public.messages from anon, authenticated;
grant select on table public.messages to authenticated;
grant insert (id, chat_id, body, photo_paths) on table public.messages to authenticated;
grant all on table public.messages to service_role;

create policy "Members read their chats' messages"
  on public.messages for select
  to authenticated
  using ((select app_private.is_chat_member(chat_id)));

create policy "Members send messages as themselves"
  on public.messages for insert
  to authenticated
  with check (
    (select auth.uid()) = sender_id
    and (select app_private.is_chat_member(chat_id))
    and sender_role is not null
  );

-- Restrictive: applies on top of whatever permissive insert policy messages has
-- (as does "A message's photos are the sender's uploads in that chat", section 12).
create policy "Nobody posts in a closed chat"
  on public.messages
  as restrictive
  for insert
  to authenticated
  with check (not (select app_private.is_chat_closed(chat_id)));

-- The characters JavaScript's String.prototype.trim removes (WhiteSpace and
-- LineTerminator), so the app and the database trim the same way.
create function app_private.trim_message(body text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(
    coalesce(body, ''),
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '',
    'g'
  );
$$;
revoke all on function app_private.trim_message(text) from public;

-- The sender's role comes from membership, never from the client; the time and
-- the position from the server; the body is trimmed of whitespace. Non-members
-- get no role, and the insert policy refuses them.
create function app_private.messages_set_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Serialises inserts per chat until commit, so positions follow commit order.
  perform 1 from public.chats c where c.id = new.chat_id for no key update;
  new.created_at := now();
  new.body := app_private.trim_message(new.body);
  new.position := nextval('app_private.message_position_seq');
  new.sender_role := (
    select m.role from public.chat_members m
     where m.chat_id = new.chat_id and m.user_id = new.sender_id
  );
  return new;
end;
$$;
revoke all on function app_private.messages_set_sender() from public;

create trigger messages_set_sender
  before insert on public.messages
  for each row execute function app_private.messages_set_sender();

-- A finder cannot flood an owner: each chat member sends at most
-- messages_per_member messages a window; the next is refused with SQLSTATE
-- P0001, message too_many_messages, detail = seconds to wait (the chat shows it
-- in our words). Runs after messages_set_sender, which locks the chat row, so
-- one chat's inserts are serialised and the count is exact, also within one
-- multi-row insert. A resend of a stored message (same id) is not counted: the
-- client's idempotent upsert ignores it.
create function app_private.throttle_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lim app_private.limits;
  oldest_counted timestamptz;
begin
  if new.sender_id is null or exists (select 1 from public.messages m where m.id = new.id) then
    return new;
  end if;
  select l.* into lim from app_private.limits l where l.name = 'messages_per_member';
  if lim.name is null then
    return new;
  end if;
  select m.created_at into oldest_counted
    from public.messages m
   where m.chat_id = new.chat_id and m.sender_id = new.sender_id
     and m.created_at > now() - lim.per
   order by m.created_at desc
  offset lim.max_count - 1 limit 1;
  if oldest_counted is not null then
    raise exception 'too_many_messages' using
      errcode = 'P0001',
      detail = greatest(1, ceil(extract(epoch from (oldest_counted + lim.per - now()))))::int::text;
  end if;
  return new;
end;
$$;
revoke all on function app_private.throttle_messages() from public;

-- Named to fire after messages_set_sender (triggers fire in name order).
create trigger messages_throttle
  before insert on public.messages
  for each row execute function app_private.throttle_messages();

-- A member writing in a closed chat is told so in words (the restrictive
-- policy "Nobody posts in a closed chat" still refuses everyone else).
create function app_private.messages_refuse_closed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if app_private.is_chat_closed(new.chat_id)
     and exists (
       select 1 from public.chat_members m
        where m.chat_id = new.chat_id and m.user_id = coalesce(new.sender_id, app_private.current_user_id())
     ) then
    raise exception 'This conversation is closed. No more messages can be sent in it.'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;
  return new;
end;
$$;
revoke all on function app_private.messages_refuse_closed() from public;

create trigger messages_refuse_closed
  before insert on public.messages
  for each row execute function app_private.messages_refuse_closed();

-- Ways back without meeting (section 8, "Ways back"), per chat: the finder's
-- hand-in (place, optional pin), a request to post it back, and the postal
-- address the owner shared with this chat only. Members read it (RLS); only the
-- ways-back functions write it; purge_reports deletes it with the finder's details.
create table public.chat_returns (
  chat_id uuid primary key references public.chats (id) on delete cascade,
  hand_in_place text,
  hand_in_latitude double precision,
  hand_in_longitude double precision,
  hand_in_accuracy_m double precision,
  handed_in_at timestamptz,
  post_requested_at timestamptz,
  postal_address text,
  address_shared_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint chat_returns_hand_in_place_length check (char_length(hand_in_place) between 1 and 200),
  constraint chat_returns_postal_address_length check (char_length(postal_address) between 1 and 500),
  constraint chat_returns_pin_together check (
    (hand_in_latitude is null) = (hand_in_longitude is null)
    and (hand_in_latitude is null or hand_in_place is not null)
  )
);
comment on table public.chat_returns is
  'How the item of one chat goes back without meeting: the finder''s hand-in (place, optional pin), a request to post it back, and the postal address the owner shared with this chat only. Members read it; written only by the ways-back functions; purged with the finder''s details.';
alter table public.chat_returns enable row level security;
revoke all on table public.chat_returns from anon, authenticated;
grant select on table public.chat_returns to authenticated;
grant all on table public.chat_returns to service_role;
create policy "Members read their chat's ways back" on public.chat_returns
  for select to authenticated
  using ((select app_private.is_chat_member(chat_returns.chat_id)));

-- ============================================================================
-- 7. Reporting a found item
-- ============================================================================
-- report_found (service role, from the report-found Edge Function) does the
-- finder's session check, the proof of work's one-time use and the report in
-- one transaction. The report inserts the found_reports row (its triggers check
-- the text and enforce the abuse limits), the chat, both members, the finder's
-- invite and the three alerts in the outbox.

-- A trimmed value, checked against a maximum length; null when blank.
create function app_private.clean_text(value text, max_length int)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  cleaned text := nullif(trim(coalesce(value, '')), '');
begin
  if char_length(cleaned) > max_length then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;
  return cleaned;
end;
$$;
revoke all on function app_private.clean_text(text, int) from public;

-- A new invite token: 256 random bits, URL-safe; only its SHA-256 is kept.
create function app_private.new_invite_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
$$;
revoke all on function app_private.new_invite_token() from public;

create function app_private.hash_token(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(coalesce(token, ''), 'sha256'), 'hex');
$$;
revoke all on function app_private.hash_token(text) from public;

-- The one place chat links are built. The owner's link carries no capability.
create function app_private.chat_url(base_url text, chat_id uuid, token text default null)
returns text
language sql
immutable
set search_path = ''
as $$
  select rtrim(base_url, '/') || '/chat?chatId=' || chat_id::text
         || case when token is null then '' else '#token=' || token end;
$$;
revoke all on function app_private.chat_url(text, uuid, text) from public;

-- Reports seen per client address (a hash of it), for the per-address limit.
-- Kept one day; purge_finder_data deletes older rows.
create table app_private.report_sources (
  id bigint generated always as identity primary key,
  address_hash text not null,
  created_at timestamptz not null default now()
);
comment on table app_private.report_sources is 'Hashed client addresses of recent found reports, for the per-address limit. Kept one day.';
create index report_sources_address_idx on app_private.report_sources (address_hash, created_at);
revoke all on table app_private.report_sources from public, anon, authenticated;

-- Before each report: refuses it with SQLSTATE P0001, message too_many_reports,
-- detail = seconds to wait and hint = which limit (tag, finder or address).
-- Locks serialise concurrent reports on one tag, finder and address, so a burst
-- cannot slip through between count and insert.
create function app_private.enforce_report_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := app_private.client_address();
  source_hash text;
  per_tag app_private.limits;
  per_finder app_private.limits;
  per_address app_private.limits;
  oldest timestamptz;
begin
  select l.* into per_tag from app_private.limits l where l.name = 'reports_per_tag';
  select l.* into per_finder from app_private.limits l where l.name = 'reports_per_finder';
  select l.* into per_address from app_private.limits l where l.name = 'reports_per_address';

  -- Each check: the max_count-th newest event inside the window, if there is
  -- one, is the one whose leaving it allows one more.
  perform pg_advisory_xact_lock(hashtextextended('report-item:' || new.item_id::text, 0));
  if per_tag.name is not null then
    select r.created_at into oldest
      from public.found_reports r
     where r.item_id = new.item_id and r.created_at > now() - per_tag.per
     order by r.created_at desc
    offset per_tag.max_count - 1 limit 1;
    if oldest is not null then
      raise exception 'too_many_reports' using errcode = 'P0001', hint = 'tag',
        detail = app_private.seconds_until(oldest + per_tag.per)::text;
    end if;
  end if;

  if new.finder_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('report-finder:' || new.finder_id::text, 0));
    if per_finder.name is not null then
      select r.created_at into oldest
        from public.found_reports r
       where r.finder_id = new.finder_id and r.created_at > now() - per_finder.per
       order by r.created_at desc
      offset per_finder.max_count - 1 limit 1;
      if oldest is not null then
        raise exception 'too_many_reports' using errcode = 'P0001', hint = 'finder',
          detail = app_private.seconds_until(oldest + per_finder.per)::text;
      end if;
    end if;
  end if;

  if address is not null then
    source_hash := encode(extensions.digest('homeward-report-source:' || address, 'sha256'), 'hex');
    perform pg_advisory_xact_lock(hashtextextended('report-address:' || source_hash, 0));
    if per_address.name is not null then
      select s.created_at into oldest
        from app_private.report_sources s
       where s.address_hash = source_hash and s.created_at > now() - per_address.per
       order by s.created_at desc
      offset per_address.max_count - 1 limit 1;
      if oldest is not null then
        raise exception 'too_many_reports' using errcode = 'P0001', hint = 'address',
          detail = app_private.seconds_until(oldest + per_address.per)::text;
      end if;
    end if;
    insert into app_private.report_sources (address_hash) values (source_hash);
  end if;
  return new;
end;
$$;
revoke all on function app_private.enforce_report_limits() from public;

create trigger found_reports_enforce_limits
  before insert on public.found_reports
  for each row execute function app_private.enforce_report_limits();

-- The finder's fields hold text only (data_rules' control characters; name, phone
-- and e-mail on one line) and the e-mail has data_rules' shape: invalid_input,
-- P0001, detail names the field, whatever function writes the report.
create function app_private.check_report_text()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  bad constant text := app_private.data_rules() ->> 'control_characters';
begin
  if new.finder_name ~ bad or new.finder_name ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_name';
  elsif new.finder_email ~ bad or new.finder_email ~ '[[:space:]]'
        or new.finder_email !~ (app_private.data_rules() ->> 'email_shape') then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_email';
  elsif new.finder_phone ~ bad or new.finder_phone ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_phone';
  elsif new.finder_address ~ bad then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_address';
  elsif new.found_location ~ bad then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'found_location';
  end if;
  return new;
end;
$$;
revoke all on function app_private.check_report_text() from public;

-- Named to fire before found_reports_enforce_limits: bad input uses up no limit.
create trigger found_reports_check_text
  before insert on public.found_reports
  for each row execute function app_private.check_report_text();

-- The report itself: the found_reports row (with the idempotency key, if any),
-- the chat, both members in one INSERT, the finder's invite and the alerts in
-- one INSERT; the fields' limits are data_rules' finder_field_max_lengths.
-- create_found_report and create_found_report_once call it.
create function app_private.insert_found_report(
  tag_code text,
  finder_id uuid,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  site_url text,
  idempotency_key text
)
returns table (report_id uuid, chat_id uuid, invite_token text, item_id uuid, owner_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  limits constant jsonb := app_private.data_rules() -> 'finder_field_max_lengths';
  wanted_code text := app_private.normalize_code(insert_found_report.tag_code);
  finder uuid := insert_found_report.finder_id;
  name text := app_private.clean_text(insert_found_report.finder_name, (limits ->> 'finder_name')::int);
  email text := app_private.clean_text(insert_found_report.finder_email, (limits ->> 'finder_email')::int);
  phone text := app_private.clean_text(insert_found_report.finder_phone, (limits ->> 'finder_phone')::int);
  address text := app_private.clean_text(insert_found_report.finder_address, (limits ->> 'finder_address')::int);
  location text := app_private.clean_text(insert_found_report.found_location, (limits ->> 'found_location')::int);
  base_url text := rtrim(trim(coalesce(insert_found_report.site_url, '')), '/');
  item public.items;
  owner_email text;
  owner_mobile text;
  owner_name text;
  new_report_id uuid;
  new_chat_id uuid;
  token text;
  details jsonb;
  owner_details jsonb;
begin
  if finder is null or wanted_code = '' or email is null or char_length(email) <= 3
     or base_url !~ '^https?://[^[:space:]]+$' then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = finder) then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;

  select i.* into item
    from public.items i
    join public.tags t on t.id = i.tag_id
   where t.code = wanted_code and t.status = 'activated';
  if item.id is null then
    raise exception 'tag_not_activated' using errcode = 'P0001';
  end if;

  insert into public.found_reports
    (item_id, owner_id, finder_id, finder_name, finder_email, finder_phone, finder_address,
     found_location, idempotency_key)
  values (item.id, item.owner_id, finder, name, email, phone, address, location,
          insert_found_report.idempotency_key)
  returning id into new_report_id;

  insert into public.chats (item_id, report_id, owner_id)
  values (item.id, new_report_id, item.owner_id)
  returning id into new_chat_id;

  -- the finder may be the owner (testing their own tag): one membership, as owner
  insert into public.chat_members (chat_id, user_id, role)
  values (new_chat_id, item.owner_id, 'owner'), (new_chat_id, finder, 'finder')
  on conflict do nothing;

  token := app_private.new_invite_token();
  insert into public.chat_invites (chat_id, token_hash, expires_at, reason, site_url)
  values (new_chat_id, app_private.hash_token(token), now() + interval '30 days', 'report', base_url);

  select p.email, p.mobile_number, p.full_name into owner_email, owner_mobile, owner_name
    from public.profiles p where p.id = item.owner_id;
  if owner_email is null then
    select u.email into owner_email from auth.users u where u.id = item.owner_id;
  end if;
  owner_mobile := nullif(trim(coalesce(owner_mobile, '')), '');

  details := jsonb_build_object(
    'item_name', item.name,
    'tag_code', item.tag_code,
    'owner_name', owner_name,
    'finder_name', name,
    'finder_email', email,
    'finder_phone', phone,
    'finder_address', address,
    'found_location', location,
    'chat_url', app_private.chat_url(base_url, new_chat_id, token),
    'report_id', new_report_id,
    'chat_id', new_chat_id
  );
  -- The owner signs in to chat: their link holds no token.
  owner_details := details || jsonb_build_object('chat_url', app_private.chat_url(base_url, new_chat_id));

  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  select new_report_id || ':' || n.template, n.channel, n.template, n.recipient, n.payload, new_report_id
    from (values
      (1, 'sms', 'found_sms', owner_mobile, owner_details),
      (2, 'email', 'owner_found_email', owner_email, owner_details),
      (3, 'email', 'finder_thanks_email', email, details)
    ) as n (position, channel, template, recipient, payload)
   where n.recipient is not null
   order by n.position;

  report_id := new_report_id;
  chat_id := new_chat_id;
  invite_token := token;
  item_id := item.id;
  owner_id := item.owner_id;
  return next;
end;
$$;
revoke all on function app_private.insert_found_report(text, uuid, text, text, text, text, text, text, text)
  from public, anon, authenticated;

create function public.create_found_report(
  tag_code text,
  finder_id uuid,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  site_url text
)
returns table (report_id uuid, chat_id uuid, invite_token text, item_id uuid, owner_id uuid)
language sql
security definer
set search_path = ''
as $$
  select * from app_private.insert_found_report(
    tag_code, finder_id, finder_name, finder_email, finder_phone, finder_address,
    found_location, site_url, null
  );
$$;
revoke all on function public.create_found_report(text, uuid, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.create_found_report(text, uuid, text, text, text, text, text, text)
  to service_role;

-- create_found_report, once per (finder, idempotency key). A repeat returns the
-- first report with replayed = true and no invite token (the finder is already
-- a member of its chat). Without a key every call is a new report.
create function public.create_found_report_once(
  tag_code text,
  finder_id uuid,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  site_url text,
  idempotency_key text default null
)
returns table (
  report_id uuid, chat_id uuid, invite_token text, item_id uuid, owner_id uuid, replayed boolean
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  wanted_key text := nullif(trim(coalesce(create_found_report_once.idempotency_key, '')), '');
  finder uuid := create_found_report_once.finder_id;
begin
  if wanted_key is not null then
    if char_length(wanted_key) > 100 then
      raise exception 'invalid_input' using errcode = 'P0001';
    end if;
    -- Two copies of one request at once: the second waits here for the first.
    perform pg_advisory_xact_lock(hashtextextended(coalesce(finder::text, '') || ':' || wanted_key, 0));
    select r.id, c.id, r.item_id, r.owner_id
      into report_id, chat_id, item_id, owner_id
      from public.found_reports r
      join public.chats c on c.report_id = r.id
     where r.finder_id = finder and r.idempotency_key = wanted_key
     order by c.created_at
     limit 1;
    if report_id is not null then
      invite_token := null;
      replayed := true;
      return next;
      return;
    end if;
  end if;

  select r.report_id, r.chat_id, r.invite_token, r.item_id, r.owner_id
    into report_id, chat_id, invite_token, item_id, owner_id
    from app_private.insert_found_report(
      create_found_report_once.tag_code,
      finder,
      create_found_report_once.finder_name,
      create_found_report_once.finder_email,
      create_found_report_once.finder_phone,
      create_found_report_once.finder_address,
      create_found_report_once.found_location,
      create_found_report_once.site_url,
      wanted_key
    ) r;
  replayed := false;
  return next;
end;
$$;
revoke all on function public.create_found_report_once(text, uuid, text, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.create_found_report_once(text, uuid, text, text, text, text, text, text, text)
  to service_role;

-- One-time use of proof-of-work challenges (the report-found bot check): a
-- challenge is recorded when first used and refused after; rows are dropped
-- once the challenge has expired anyway.
create table app_private.used_proof_challenges (
  challenge text primary key,
  expires_at timestamptz not null
);
comment on table app_private.used_proof_challenges is 'Proof-of-work challenges already used, until they expire.';
create index used_proof_challenges_expires_idx on app_private.used_proof_challenges (expires_at);
revoke all on table app_private.used_proof_challenges from public, anon, authenticated;

-- True the first time a challenge is used, false every time after.
create function public.use_proof_challenge(challenge text, expires_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted int;
begin
  if use_proof_challenge.challenge is null or use_proof_challenge.challenge !~ '^[0-9a-f]{64}$'
     or use_proof_challenge.expires_at is null then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;
  delete from app_private.used_proof_challenges u where u.expires_at < now() - interval '1 hour';
  insert into app_private.used_proof_challenges (challenge, expires_at)
  values (use_proof_challenge.challenge, use_proof_challenge.expires_at)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  return inserted = 1;
end;
$$;
revoke all on function public.use_proof_challenge(text, timestamptz) from public, anon, authenticated;
grant execute on function public.use_proof_challenge(text, timestamptz) to service_role;

-- Proof-of-work challenges are issued within limits: pow-challenge asks
-- public.count_challenge_issue before issuing one; over a limit it answers 429
-- with Retry-After. Per client address (hashed, kept a day, as for reports) and
-- per signed-in user (the finder's anonymous session); the numbers are rows of
-- app_private.limits (challenges_per_address, challenges_per_user).
create table app_private.challenge_issues (
  id bigint generated always as identity primary key,
  subject text not null,
  created_at timestamptz not null default now()
);
comment on table app_private.challenge_issues is 'Proof-of-work challenges issued recently, by subject (''address:'' and a hash of the client address, or ''user:'' and the user id), for the issuing limits. Kept one day.';
create index challenge_issues_subject_idx on app_private.challenge_issues (subject, created_at);
create index challenge_issues_created_idx on app_private.challenge_issues (created_at);
revoke all on table app_private.challenge_issues from public, anon, authenticated;

-- Seconds until one more challenge may be issued to the subject under the limit,
-- or 0. The max_count-th newest issue in the window is the one that leaves it first.
create function app_private.challenge_wait(for_subject text, limit_name text)
returns int
language plpgsql
stable
set search_path = ''
as $$
declare
  lim app_private.limits;
  oldest_counted timestamptz;
begin
  select l.* into lim from app_private.limits l where l.name = limit_name;
  if lim.name is null then
    return 0;
  end if;
  select c.created_at into oldest_counted
    from app_private.challenge_issues c
   where c.subject = for_subject and c.created_at > now() - lim.per
   order by c.created_at desc
  offset lim.max_count - 1 limit 1;
  if oldest_counted is null then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (oldest_counted + lim.per - now())))::int);
end;
$$;
revoke all on function app_private.challenge_wait(text, text) from public;

-- Counts one challenge for the caller's address and user, or, when either is
-- over its limit, counts nothing and returns the seconds to wait. A null address
-- or user is not limited on that count (pow-challenge passes what it knows).
-- Locks serialise concurrent requests of one subject, so a burst cannot slip
-- through between count and insert.
create function public.count_challenge_issue(client_address text default null, user_id uuid default null)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := nullif(left(trim(count_challenge_issue.client_address), 100), '');
  subjects text[] := '{}';
  subject text;
  wait int := 0;
begin
  if address is not null then
    subjects := subjects || ('address:' || encode(extensions.digest('homeward-challenge-source:' || address, 'sha256'), 'hex'));
  end if;
  if count_challenge_issue.user_id is not null then
    subjects := subjects || ('user:' || count_challenge_issue.user_id::text);
  end if;
  foreach subject in array subjects loop
    perform pg_advisory_xact_lock(hashtextextended('challenge-issue:' || subject, 0));
    wait := greatest(wait, app_private.challenge_wait(
      subject,
      case when subject like 'address:%' then 'challenges_per_address' else 'challenges_per_user' end
    ));
  end loop;
  if wait > 0 then
    return wait;
  end if;
  insert into app_private.challenge_issues (subject) select unnest(subjects);
  delete from app_private.challenge_issues c where c.created_at < now() - interval '1 day';
  return 0;
end;
$$;
revoke all on function public.count_challenge_issue(text, uuid) from public, anon, authenticated;
grant execute on function public.count_challenge_issue(text, uuid) to service_role;

-- report_found: the finder's session check, the proof of work's one-time use
-- and create_found_report_once in one transaction (one round trip for the
-- finder). The proof is used up even when the report is then refused (unknown
-- tag, too many reports, bad input): those refusals come back as a row
-- (failure, failure_detail, failure_hint) instead of an error, so the
-- transaction that records the proof's use still commits. Unexpected errors
-- roll everything back.
--
-- finder_id and finder_session_id come from the caller's JWT, verified by the
-- functions gateway (verify_jwt = true for report-found); like Auth's /user,
-- the user must exist and not be deleted, and the session, when the token
-- names one, must still exist (not signed out).
--
-- It answers the finder's chat link too (chat_url), built by
-- app_private.chat_url, the one builder of chat links, from the same site_url
-- the report's e-mails use: the report-found function passes it on instead of
-- building its own. With the finder's invite token, or without one when the
-- request repeated an earlier one (the finder is already a member).
create function public.report_found(
  tag_code text,
  finder_id uuid,
  finder_session_id uuid,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  site_url text,
  idempotency_key text,
  proof_challenge text,
  proof_expires_at timestamptz
)
returns table (
  report_id uuid,
  chat_id uuid,
  invite_token text,
  chat_url text,
  failure text,
  failure_detail text,
  failure_hint text
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  created record;
begin
  if report_found.finder_id is null
     or not exists (
       select 1 from auth.users u
        where u.id = report_found.finder_id and u.deleted_at is null
     )
     or (report_found.finder_session_id is not null and not exists (
       select 1 from auth.sessions s
        where s.id = report_found.finder_session_id and s.user_id = report_found.finder_id
     )) then
    failure := 'unauthorized';
    return next;
    return;
  end if;

  if not public.use_proof_challenge(report_found.proof_challenge, report_found.proof_expires_at) then
    failure := 'proof_reused';
    return next;
    return;
  end if;

  begin
    select * into created
      from public.create_found_report_once(
        report_found.tag_code,
        report_found.finder_id,
        report_found.finder_name,
        report_found.finder_email,
        report_found.finder_phone,
        report_found.finder_address,
        report_found.found_location,
        report_found.site_url,
        report_found.idempotency_key
      );
    report_id := created.report_id;
    chat_id := created.chat_id;
    invite_token := created.invite_token;
    chat_url := app_private.chat_url(trim(report_found.site_url), created.chat_id, created.invite_token);
  exception
    when sqlstate 'P0001' then
      get stacked diagnostics
        failure = message_text,
        failure_detail = pg_exception_detail,
        failure_hint = pg_exception_hint;
  end;
  return next;
end;
$$;
revoke all on function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamptz)
  to service_role;

-- ============================================================================
-- 8. Chat
-- ============================================================================

-- join_chat: an existing member gets their role again; the chat's owner is
-- 'owner' without a token; a valid, unexpired, unrevoked invite makes the
-- caller 'finder' and is bound to the first session that uses it. The same
-- invite from another session is 'invite_bound'; every other case is the same
-- 'invalid_invite'.
create function public.join_chat(chat_id uuid, token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  target uuid := join_chat.chat_id;
  chat_owner uuid;
  existing_role text;
  invite public.chat_invites;
begin
  if caller is null or target is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  select c.owner_id into chat_owner from public.chats c where c.id = target;
  if chat_owner is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  select m.role into existing_role
    from public.chat_members m where m.chat_id = target and m.user_id = caller;

  if existing_role is null and chat_owner = caller then
    insert into public.chat_members (chat_id, user_id, role) values (target, caller, 'owner')
    on conflict do nothing;
    existing_role := 'owner';
  end if;

  if nullif(join_chat.token, '') is not null and existing_role is distinct from 'owner' then
    select v.* into invite
      from public.chat_invites v
     where v.chat_id = target
       and v.token_hash = app_private.hash_token(join_chat.token)
       and v.expires_at > now()
       and v.revoked_at is null
     for update;
    if invite.id is not null and invite.bound_user_id is null then
      update public.chat_invites v set bound_user_id = caller where v.id = invite.id;
    elsif invite.id is not null and invite.bound_user_id <> caller and existing_role is null then
      raise exception 'invite_bound' using errcode = 'P0001';
    end if;
  end if;

  if existing_role is not null then
    return existing_role;
  end if;
  if invite.id is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  insert into public.chat_members (chat_id, user_id, role) values (target, caller, 'finder')
  on conflict do nothing;
  return 'finder';
end;
$$;
revoke all on function public.join_chat(uuid, text) from public, anon, authenticated;
grant execute on function public.join_chat(uuid, text) to authenticated, service_role;

-- revoke_chat_invites: the chat's owner withdraws every invite to it.
create function public.revoke_chat_invites(chat_id uuid)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed int;
begin
  update public.chat_invites v
     set revoked_at = now()
   where v.chat_id = revoke_chat_invites.chat_id
     and v.revoked_at is null
     and exists (
       select 1 from public.chats c
        where c.id = v.chat_id and c.owner_id = app_private.current_user_id()
     );
  get diagnostics changed = row_count;
  return changed;
end;
$$;
revoke all on function public.revoke_chat_invites(uuid) from public, anon, authenticated;
grant execute on function public.revoke_chat_invites(uuid) to authenticated, service_role;

-- request_chat_link ("Send me a new link"): only the finder's current link
-- (the live invite's token) or the session bound to it may ask. It revokes
-- every live invite, removes every session bound to them from the chat (the
-- old link reads nothing more) and has a fresh link e-mailed to the finder's
-- address; nothing is shown to the caller. Refused once the owner revoked the
-- invites or the finder's details were purged. The e-mails count against one
-- limit per finder address per day across all chats
-- (finder_new_links_per_address), refused as too_many_requests with the
-- seconds to wait in the detail.
create function public.request_chat_link(chat_id uuid, token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  target uuid := request_chat_link.chat_id;
  invite public.chat_invites;
  report public.found_reports;
  item_name text;
  wait int;
  new_token text;
  new_invite_id uuid;
  chat_url text;
begin
  if caller is null or target is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  perform 1 from public.chats c where c.id = target for no key update;
  -- The current link, by its token or by the session it is bound to.
  select v.* into invite
    from public.chat_invites v
   where v.chat_id = target
     and v.revoked_at is null
     and (v.token_hash = app_private.hash_token(nullif(request_chat_link.token, ''))
          or v.bound_user_id = caller)
   order by v.created_at desc
   limit 1;
  if invite.id is null or invite.site_url is null
     or exists (
       select 1 from public.chat_invites v
        where v.chat_id = target and v.revoked_at is not null and v.replaced_at is null
     ) then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  select r.* into report
    from public.found_reports r join public.chats c on c.report_id = r.id
   where c.id = target;
  if report.id is null or report.purged_at is not null or report.finder_email is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  -- One limit per finder address per day, across all chats.
  perform pg_advisory_xact_lock(hashtextextended('new-link:' || lower(report.finder_email), 0));
  wait := app_private.wait_seconds(
    array(
      select n.created_at from public.notifications n
       where n.template = 'finder_new_link_email'
         and lower(n.recipient) = lower(report.finder_email)
         and n.created_at > now() - coalesce((select l.per from app_private.limits l
                                                where l.name = 'finder_new_links_per_address'),
                                               interval '1 day')
    ),
    'finder_new_links_per_address'
  );
  if wait > 0 then
    raise exception 'too_many_requests' using errcode = 'P0001', detail = wait::text;
  end if;

  -- Every session bound to a link being replaced leaves the chat.
  delete from public.chat_members m
   using public.chat_invites v
   where v.chat_id = target and v.revoked_at is null
     and m.chat_id = target and m.role = 'finder' and m.user_id = v.bound_user_id;

  update public.chat_invites v
     set revoked_at = now(), replaced_at = now()
   where v.chat_id = target and v.revoked_at is null;

  new_token := app_private.new_invite_token();
  insert into public.chat_invites (chat_id, token_hash, expires_at, reason, site_url)
  values (target, app_private.hash_token(new_token), now() + interval '30 days', 'resend', invite.site_url)
  returning id into new_invite_id;

  select i.name into item_name from public.items i where i.id = report.item_id;
  chat_url := app_private.chat_url(invite.site_url, target, new_token);
  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  values (
    new_invite_id || ':finder_new_link_email',
    'email',
    'finder_new_link_email',
    report.finder_email,
    jsonb_build_object(
      'item_name', item_name,
      'finder_name', report.finder_name,
      'chat_url', chat_url,
      'report_id', report.id,
      'chat_id', target
    ),
    report.id
  );
end;
$$;
revoke all on function public.request_chat_link(uuid, text) from public, anon, authenticated;
grant execute on function public.request_chat_link(uuid, text) to authenticated, service_role;

-- The first word of a finder's name, or null once purged.
create function app_private.first_name(full_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(split_part(trim(coalesce(full_name, '')), ' ', 1), '');
$$;
revoke all on function app_private.first_name(text) from public;

-- chat_summary: what a chat is about, for its members only: the item, the
-- finder's first name, where and when it was found, the caller's role, and
-- whether the conversation is closed, why, and the date the finder's details
-- are deleted.
create function public.chat_summary(chat_id uuid)
returns table (
  chat_id uuid,
  item_id uuid,
  item_name text,
  item_status text,
  finder_first_name text,
  found_location text,
  found_at timestamptz,
  viewer_role text,
  closed_at timestamptz,
  closed_reason text,
  finder_details_deleted_on timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.item_id, i.name, i.status,
         app_private.first_name(r.finder_name), r.found_location, r.created_at, m.role,
         c.closed_at, c.closed_reason,
         case when r.purged_at is null then r.purge_after end
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = app_private.current_user_id()
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.id = chat_summary.chat_id;
$$;
revoke all on function public.chat_summary(uuid) from public, anon, authenticated;
grant execute on function public.chat_summary(uuid) to authenticated, service_role;

-- list_conversations: the caller's chats as an owner, one per report, newest
-- first, with the finder's first name, where and when, and unread messages.
create function public.list_conversations()
returns table (
  chat_id uuid,
  report_id uuid,
  item_id uuid,
  item_name text,
  finder_first_name text,
  found_location text,
  found_at timestamptz,
  unread int
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.report_id, c.item_id, i.name,
         app_private.first_name(r.finder_name), r.found_location, r.created_at,
         (select count(*)::int from public.messages msg
           where msg.chat_id = c.id and msg.position > m.last_read_position
             and msg.sender_id <> m.user_id)
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = c.owner_id
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.owner_id = app_private.current_user_id()
   order by r.created_at desc, c.id;
$$;
revoke all on function public.list_conversations() from public, anon, authenticated;
grant execute on function public.list_conversations() to authenticated, service_role;

-- mark_chat_read: the caller has read their chat up to a position.
create function public.mark_chat_read(chat_id uuid, up_to bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.chat_members m
     set last_read_position = greatest(m.last_read_position, least(
           coalesce(mark_chat_read.up_to, 0),
           coalesce((select max(msg.position) from public.messages msg where msg.chat_id = m.chat_id), 0)
         ))
   where m.chat_id = mark_chat_read.chat_id and m.user_id = app_private.current_user_id();
$$;
revoke all on function public.mark_chat_read(uuid, bigint) from public, anon, authenticated;
grant execute on function public.mark_chat_read(uuid, bigint) to authenticated, service_role;

-- Closing a conversation. Closing is app_private.close_chat only (the reasons
-- are listed with public.chats, section 6): it stamps the chat, brings the
-- finder's deletion date (found_reports.purge_after, the latest the purge
-- deletes them) forward to at most finder_details_after_found away, cancels the
-- report's reminders and tells both members live on chat:<id> (and the owner's
-- dashboard on owner:<owner_id>). chat_summary shows the date to both sides.
--
-- 'Mark as returned': the owner asks first (return_preview: how many
-- conversations it closes and the date the finders' details are deleted), then
-- mark_item_returned marks the item FOUND, closes every open conversation about
-- it ('returned') and queues one e-mail to each of those finders saying the
-- item is home, thanking them and giving that date. The owner can also close
-- one conversation (close_conversation) without marking the item returned.

-- How long a finder's details are kept once their conversation is closed:
-- retention_periods' finder_details_after_found (section 3), which the privacy
-- notice states and purge_finder_data applies, so the date told to both sides,
-- the purge and the notice cannot drift apart.
create function app_private.closed_chat_retention()
returns interval
language sql
stable
set search_path = ''
as $$
  select app_private.retention_of('finder_details_after_found');
$$;
revoke all on function app_private.closed_chat_retention() from public;

-- Closes a chat: idempotent (a closed chat keeps its first reason and time).
-- Returns true when this call closed it.
create function app_private.close_chat(p_chat_id uuid, p_reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  deleted_on timestamptz;
begin
  if p_reason is null or p_reason not in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged') then
    raise exception 'close_chat: unknown reason %', coalesce(p_reason, 'null') using errcode = '22023';
  end if;

  update public.chats c
     set closed_at = now(), closed_reason = p_reason
   where c.id = p_chat_id and c.closed_at is null
  returning c.* into chat;
  if chat.id is null then
    return false;
  end if;

  update public.found_reports r
     set purge_after = least(r.purge_after, chat.closed_at + app_private.closed_chat_retention())
   where r.id = chat.report_id
  returning r.purge_after into deleted_on;

  -- No reminder about a conversation that is over.
  update public.notifications n
     set status = 'cancelled', locked_until = null, lease_id = null
   where n.report_id = chat.report_id
     and n.template in ('reminder_sms', 'reminder_email')
     and n.status in ('pending', 'unknown');

  perform realtime.send(
    jsonb_build_object(
      'chat_id', chat.id,
      'item_id', chat.item_id,
      'closed_at', chat.closed_at,
      'closed_reason', chat.closed_reason,
      'finder_details_deleted_on', deleted_on
    ),
    'closed',
    'chat:' || chat.id::text,
    true
  );
  perform realtime.send(
    jsonb_build_object(
      'chat_id', chat.id,
      'item_id', chat.item_id,
      'closed_at', chat.closed_at,
      'closed_reason', chat.closed_reason
    ),
    'closed',
    'owner:' || chat.owner_id::text,
    true
  );
  return true;
end;
$$;
revoke all on function app_private.close_chat(uuid, text) from public;
grant execute on function app_private.close_chat(uuid, text) to service_role;

-- What 'Mark as returned' would do now, for the item's owner only (no row for
-- anyone else): conversations it would close and when their finders' details go.
create function public.return_preview(item_id uuid)
returns table (open_conversations int, finder_details_deleted_on timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*)::int from public.chats c
           where c.item_id = i.id and c.closed_at is null),
         now() + app_private.closed_chat_retention()
    from public.items i
   where i.id = return_preview.item_id
     and i.owner_id = app_private.current_user_id();
$$;
revoke all on function public.return_preview(uuid) from public, anon, authenticated;
grant execute on function public.return_preview(uuid) to authenticated, service_role;

-- The item is home: FOUND, each open conversation closed as 'returned', and
-- each of those finders e-mailed once (dedupe key per chat). Owner only;
-- anyone else gets 'item_not_found'. Marking it again changes nothing more.
create function public.mark_item_returned(item_id uuid)
returns table (
  id uuid,
  status text,
  conversations_closed int,
  finder_details_deleted_on timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  item public.items;
  chat record;
  closed int := 0;
begin
  select i.* into item from public.items i
   where i.id = mark_item_returned.item_id and i.owner_id = caller
   for update;
  if item.id is null or caller is null then
    raise exception 'item_not_found' using errcode = 'P0002';
  end if;

  update public.items i set status = 'FOUND' where i.id = item.id and i.status is distinct from 'FOUND';

  for chat in
    select c.id, c.report_id from public.chats c
     where c.item_id = item.id and c.closed_at is null
     order by c.created_at
  loop
    if app_private.close_chat(chat.id, 'returned') then
      closed := closed + 1;
      insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
      select chat.id || ':finder_returned_email', 'email', 'finder_returned_email', r.finder_email,
             jsonb_build_object(
               'item_name', item.name,
               'finder_name', app_private.first_name(r.finder_name),
               'finder_details_deleted_on', r.purge_after,
               'site_url', (select v.site_url from public.chat_invites v
                             where v.chat_id = chat.id and v.site_url is not null
                             order by v.created_at limit 1),
               'chat_id', chat.id,
               'report_id', r.id
             ),
             r.id
        from public.found_reports r
       where r.id = chat.report_id and r.purged_at is null and r.finder_email is not null
      on conflict (dedupe_key) do nothing;
    end if;
  end loop;

  return query select item.id, 'FOUND'::text, closed, now() + app_private.closed_chat_retention();
end;
$$;
revoke all on function public.mark_item_returned(uuid) from public, anon, authenticated;
grant execute on function public.mark_item_returned(uuid) to authenticated, service_role;

-- The owner closes one conversation (a wrong or unhelpful report); the item's
-- status is left alone. Only the chat's owner; anyone else: 'chat_not_found'.
create function public.close_conversation(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.chats c
     where c.id = close_conversation.chat_id and c.owner_id = app_private.current_user_id()
  ) then
    raise exception 'chat_not_found' using errcode = 'P0002';
  end if;
  perform app_private.close_chat(close_conversation.chat_id, 'closed_by_owner');
end;
$$;
revoke all on function public.close_conversation(uuid) from public, anon, authenticated;
grant execute on function public.close_conversation(uuid) to authenticated, service_role;

-- Ways back without meeting, and where it is with consent. The owner chooses
-- which ways back they accept for an item (items.return_options, section 5:
-- meet in a public place, hand it in at a place the finder names, post it back
-- at the owner's cost); by default all three. In the chat the finder picks one:
--   record_hand_in(chat, place, pin?)  "I handed it in at …": stored per chat
--                                      (public.chat_returns, section 6), written
--                                      into the chat as the finder's message,
--                                      and the owner is alerted at once on
--                                      owner:<uid> as for any new message;
--   ask_for_postal_address(chat)       "Post it back": the finder asks, in the chat;
--   share_postal_address(chat, text)   the owner shares a postal address with this
--                                      one chat (withdraw_postal_address takes it back).
-- A finder may share where the item was found (share_found_location): the
-- browser's position and its accuracy, stored with the report. chat_ways_back()
-- gives the members the item's accepted ways back and the shared position.
-- Everything here is finder data or shared with one finder: purge_reports
-- deletes it with the finder's details. Live notices ('ways_back' on chat:<id>)
-- carry no personal data: the client re-reads.

-- A position from the browser, checked: raises in plain words, never stores nonsense.
create function app_private.check_position(latitude double precision, longitude double precision, accuracy_m double precision)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if latitude is null or longitude is null or accuracy_m is null then
    raise exception 'A position needs a latitude, a longitude and its accuracy.'
      using errcode = '22023', hint = 'invalid_position';
  end if;
  if latitude = 'NaN'::double precision or latitude < -90 or latitude > 90 then
    raise exception 'The latitude must be between -90 and 90 degrees.'
      using errcode = '22023', hint = 'invalid_position';
  end if;
  if longitude = 'NaN'::double precision or longitude < -180 or longitude > 180 then
    raise exception 'The longitude must be between -180 and 180 degrees.'
      using errcode = '22023', hint = 'invalid_position';
  end if;
  if accuracy_m = 'NaN'::double precision or accuracy_m < 0 or accuracy_m = 'Infinity'::double precision then
    raise exception 'The accuracy must be a number of metres, 0 or more.'
      using errcode = '22023', hint = 'invalid_position';
  end if;
end;
$$;
revoke all on function app_private.check_position(double precision, double precision, double precision) from public;

-- The chat, when the caller is its member in the given role and it is open; raises otherwise.
create function app_private.open_chat_as(for_chat uuid, wanted_role text)
returns public.chats
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  select c.* into chat
    from public.chats c
    join public.chat_members m on m.chat_id = c.id
   where c.id = for_chat and m.user_id = app_private.current_user_id() and m.role = wanted_role;
  if chat.id is null then
    raise exception 'chat_not_found' using errcode = 'P0002';
  end if;
  if app_private.is_chat_closed(chat.id) then
    raise exception 'This conversation is closed. No more messages can be sent in it.'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;
  return chat;
end;
$$;
revoke all on function app_private.open_chat_as(uuid, text) from public;

-- Refuses a way back the owner does not accept for the chat's item.
create function app_private.require_return_option(chat public.chats, option text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.items i where i.id = chat.item_id and option = any (i.return_options)
  ) then
    raise exception 'The owner does not accept this way back for this item.'
      using errcode = 'P0001', hint = 'option_not_accepted';
  end if;
end;
$$;
revoke all on function app_private.require_return_option(public.chats, text) from public;

-- Tells the chat's members to re-read its ways back (no personal data in it).
create function app_private.announce_ways_back(chat public.chats, what text)
returns void
language sql
security definer
set search_path = ''
as $$
  select realtime.send(
    jsonb_build_object('chat_id', chat.id, 'item_id', chat.item_id, 'what', what),
    'ways_back',
    'chat:' || chat.id::text,
    true
  );
$$;
revoke all on function app_private.announce_ways_back(public.chats, text) from public;

-- Writes a line into the chat as the calling finder, and alerts the owner at
-- once (the per-chat alert window is reset, so this alert is never held back).
create function app_private.finder_says(chat public.chats, body text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app_private.owner_alert_windows w where w.chat_id = chat.id;
  insert into public.messages (chat_id, sender_id, body)
  values (chat.id, app_private.current_user_id(), body);
end;
$$;
revoke all on function app_private.finder_says(public.chats, text) from public;

-- "Share where I found it": the chat's finder stores the browser's position
-- and its accuracy with the report. Sharing again replaces it.
create function public.share_found_location(
  chat_id uuid,
  latitude double precision,
  longitude double precision,
  accuracy_m double precision
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  chat := app_private.open_chat_as(share_found_location.chat_id, 'finder');
  perform app_private.check_position(share_found_location.latitude, share_found_location.longitude,
                                     share_found_location.accuracy_m);
  update public.found_reports r
     set found_latitude = share_found_location.latitude,
         found_longitude = share_found_location.longitude,
         found_accuracy_m = share_found_location.accuracy_m,
         found_position_at = now()
   where r.id = chat.report_id and r.purged_at is null;
  perform app_private.announce_ways_back(chat, 'location');
end;
$$;
revoke all on function public.share_found_location(uuid, double precision, double precision, double precision) from public, anon, authenticated;
grant execute on function public.share_found_location(uuid, double precision, double precision, double precision) to authenticated, service_role;

-- "I handed it in at …": the chat's finder names the place (and may pin it).
create function public.record_hand_in(
  chat_id uuid,
  place text,
  latitude double precision default null,
  longitude double precision default null,
  accuracy_m double precision default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  clean_place text := nullif(regexp_replace(trim(coalesce(record_hand_in.place, '')), '\s+', ' ', 'g'), '');
  has_pin boolean := record_hand_in.latitude is not null or record_hand_in.longitude is not null
                     or record_hand_in.accuracy_m is not null;
begin
  chat := app_private.open_chat_as(record_hand_in.chat_id, 'finder');
  perform app_private.require_return_option(chat, 'hand_in');
  if clean_place is null then
    raise exception 'Please say where you handed it in.' using errcode = '22023', hint = 'invalid_place';
  end if;
  if char_length(clean_place) > 200 or clean_place ~ '[[:cntrl:]]' then
    raise exception 'Please keep the place under 200 characters.' using errcode = '22023', hint = 'invalid_place';
  end if;
  if has_pin then
    perform app_private.check_position(record_hand_in.latitude, record_hand_in.longitude,
                                       record_hand_in.accuracy_m);
  end if;

  insert into public.chat_returns as cr
    (chat_id, hand_in_place, hand_in_latitude, hand_in_longitude, hand_in_accuracy_m, handed_in_at)
  values (chat.id, clean_place,
          case when has_pin then record_hand_in.latitude end,
          case when has_pin then record_hand_in.longitude end,
          case when has_pin then record_hand_in.accuracy_m end,
          now())
  on conflict on constraint chat_returns_pkey do update
     set hand_in_place = excluded.hand_in_place,
         hand_in_latitude = excluded.hand_in_latitude,
         hand_in_longitude = excluded.hand_in_longitude,
         hand_in_accuracy_m = excluded.hand_in_accuracy_m,
         handed_in_at = excluded.handed_in_at,
         updated_at = now();

  perform app_private.finder_says(chat, 'I handed it in at ' || rtrim(clean_place, '.') || '.'
    || case when has_pin then ' I pinned where it is.' else '' end);
  perform app_private.announce_ways_back(chat, 'hand_in');
end;
$$;
revoke all on function public.record_hand_in(uuid, text, double precision, double precision, double precision) from public, anon, authenticated;
grant execute on function public.record_hand_in(uuid, text, double precision, double precision, double precision) to authenticated, service_role;

-- "Post it back": the chat's finder offers to post it, and asks for an address.
create function public.ask_for_postal_address(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  chat := app_private.open_chat_as(ask_for_postal_address.chat_id, 'finder');
  perform app_private.require_return_option(chat, 'post');
  insert into public.chat_returns as cr (chat_id, post_requested_at)
  values (chat.id, now())
  on conflict on constraint chat_returns_pkey do update
     set post_requested_at = now(), updated_at = now();
  perform app_private.finder_says(chat,
    'I can post it back to you, at your cost. Please share a postal address with me here.');
  perform app_private.announce_ways_back(chat, 'post_requested');
end;
$$;
revoke all on function public.ask_for_postal_address(uuid) from public, anon, authenticated;
grant execute on function public.ask_for_postal_address(uuid) to authenticated, service_role;

-- The owner shares a postal address with this chat's finder only.
create function public.share_postal_address(chat_id uuid, address text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  clean_address text := nullif(trim(coalesce(share_postal_address.address, '')), '');
begin
  chat := app_private.open_chat_as(share_postal_address.chat_id, 'owner');
  if clean_address is null then
    raise exception 'Please enter the postal address to share.' using errcode = '22023', hint = 'invalid_address';
  end if;
  if char_length(clean_address) > 500 or clean_address ~ '[\x01-\x09\x0B\x0C\x0E-\x1F\x7F]' then
    raise exception 'Please keep the postal address under 500 characters.' using errcode = '22023', hint = 'invalid_address';
  end if;
  insert into public.chat_returns as cr (chat_id, postal_address, address_shared_at)
  values (chat.id, clean_address, now())
  on conflict on constraint chat_returns_pkey do update
     set postal_address = excluded.postal_address,
         address_shared_at = excluded.address_shared_at,
         updated_at = now();
  perform app_private.announce_ways_back(chat, 'address_shared');
end;
$$;
revoke all on function public.share_postal_address(uuid, text) from public, anon, authenticated;
grant execute on function public.share_postal_address(uuid, text) to authenticated, service_role;

-- The owner stops sharing the postal address with this chat.
create function public.withdraw_postal_address(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  select c.* into chat
    from public.chats c
    join public.chat_members m on m.chat_id = c.id
   where c.id = withdraw_postal_address.chat_id and m.role = 'owner'
     and m.user_id = app_private.current_user_id();
  if chat.id is null then
    raise exception 'chat_not_found' using errcode = 'P0002';
  end if;
  update public.chat_returns cr
     set postal_address = null, address_shared_at = null, updated_at = now()
   where cr.chat_id = chat.id;
  perform app_private.announce_ways_back(chat, 'address_withdrawn');
end;
$$;
revoke all on function public.withdraw_postal_address(uuid) from public, anon, authenticated;
grant execute on function public.withdraw_postal_address(uuid) to authenticated, service_role;

-- For a chat's members: the ways back the owner accepts and the position the
-- finder shared (none once the finder's details are purged). No row for anyone else.
create function public.chat_ways_back(chat_id uuid)
returns table (
  return_options text[],
  item_status text,
  found_latitude double precision,
  found_longitude double precision,
  found_accuracy_m double precision,
  found_position_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.return_options, i.status,
         r.found_latitude, r.found_longitude, r.found_accuracy_m, r.found_position_at
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = app_private.current_user_id()
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.id = chat_ways_back.chat_id;
$$;
revoke all on function public.chat_ways_back(uuid) from public, anon, authenticated;
grant execute on function public.chat_ways_back(uuid) to authenticated, service_role;

-- ============================================================================
-- 9. Notifications (the outbox)
-- ============================================================================
-- Every e-mail and text message to send, delivered once by the
-- dispatch-notifications Edge Function: rows are claimed with a lease, a
-- provider call whose outcome is unknown (timeout, crash between the call and
-- recording it) is recorded as 'unknown' and reconciled before any resend.
-- Service role only.
--
-- Statuses:
--   pending   due at next_attempt_at
--   sending   held by a dispatcher until locked_until (its lease)
--   unknown   the provider may or may not have it: reconcile before resending
--   sent      accepted by the provider (provider_id)
--   failed    given up after max attempts
--   cancelled no longer wanted (a reminder for a report the owner has opened)
--
-- An SMS is never sent twice, however slow the provider. Each SMS carries a
-- short reference made from its row id (the Edge Functions put it in the
-- text), and a look-up matches that reference exactly and reads the provider's
-- whole list (a look-up that could not is no answer). A send whose outcome is
-- unknown sets resend_after: the provider may still accept it within its answer
-- window, and list it only after its look-up lag. Until then an attempt may
-- only look the SMS up (lookup_only, set by each claim); after it a look-up
-- that finds nothing means the provider never took it, and only then is it
-- sent again. The two durations are assumptions about the provider, in one row:
--   update app_private.sms_delivery_settings set answer_window = ..., lookup_lag = ...;

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  dedupe_key text not null unique,
  channel text not null
    constraint notifications_channel_check check (channel in ('sms', 'email')),
  template text not null
    constraint notifications_template_check check (template in (
      'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
      'reminder_sms', 'reminder_email', 'finder_returned_email',
      'account_deleted_email', 'chat_closed_email'
    )),
  recipient text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending'
    constraint notifications_status_check
    check (status in ('pending', 'sending', 'unknown', 'sent', 'failed', 'cancelled')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  provider_id text,
  report_id uuid,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  lease_id uuid,
  outcome_unknown boolean not null default false,
  first_attempt_at timestamptz,
  resend_after timestamptz,
  lookup_only boolean not null default false
);
comment on table public.notifications is 'Outbox of e-mails and text messages, with delivery status, attempts and backoff. Service role only.';
comment on column public.notifications.lease_id is 'The current holder''s lease: only it may record a failure or an unknown outcome.';
comment on column public.notifications.outcome_unknown is 'An earlier attempt may have reached the provider: look the message up before sending again.';
comment on column public.notifications.first_attempt_at is 'When the first attempt started: the lower bound for looking the message up at the provider.';
comment on column public.notifications.resend_after is 'An SMS whose send outcome is unknown may be sent again only after this (the provider''s answer window and look-up lag after the last send that may have reached it).';
comment on column public.notifications.lookup_only is 'Set by each claim: the answer window of an earlier send is still open, so this attempt may look the SMS up but never send it.';

create index notifications_due_idx on public.notifications (next_attempt_at)
  where status in ('pending', 'sending', 'unknown');
create index notifications_report_id_idx on public.notifications (report_id);
create index notifications_finder_email_idx on public.notifications (lower(recipient), created_at)
  where template = 'finder_thanks_email';
-- New-link e-mails per finder address (request_chat_link's limit, section 8).
create index notifications_new_link_recipient_idx on public.notifications (lower(recipient), created_at)
  where template = 'finder_new_link_email';

alter table public.notifications enable row level security;
revoke all on table public.notifications from anon, authenticated;
grant all on table public.notifications to service_role;

create table app_private.sms_delivery_settings (
  id boolean primary key default true constraint sms_delivery_settings_one_row check (id),
  answer_window interval not null default interval '1 minute'
    constraint sms_delivery_settings_answer_window_check check (answer_window >= interval '0'),
  lookup_lag interval not null default interval '2 minutes'
    constraint sms_delivery_settings_lookup_lag_check check (lookup_lag >= interval '0')
);
comment on table app_private.sms_delivery_settings is 'How long the SMS provider may take to accept a request we stopped waiting for (answer_window), and how long after accepting a message its message list may still not show it (lookup_lag). An SMS whose send outcome is unknown is sent again only after both have passed and a look-up found nothing.';
insert into app_private.sms_delivery_settings default values;
revoke all on table app_private.sms_delivery_settings from public, anon, authenticated;

-- The time after which a send that may have reached the provider by `sent_by`
-- can no longer turn up at it.
create function app_private.sms_resend_after(sent_by timestamptz)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select sent_by + coalesce((select s.answer_window + s.lookup_lag from app_private.sms_delivery_settings s), interval '3 minutes');
$$;
revoke all on function app_private.sms_resend_after(timestamptz) from public;

-- Atomically takes up to max_rows due rows for one lease: pending and unknown
-- rows whose next attempt is due, and 'sending' rows whose holder's lease ran
-- out (it may have crashed after the provider took the message, so the outcome
-- is unknown). Optionally only one report's rows (delivery right after a report).
-- Such a 'sending' SMS may have been sent by its holder up to the lease's end
-- (the functions never start a send later than that), so its resend_after
-- moves past that end, unless that holder was only allowed to look it up
-- (lookup_only: it sent nothing, and a holder that keeps dying must not hold the
-- resend off for ever); lookup_only tells the claimant whether it may send.
create function public.claim_notifications(
  max_rows int default 20,
  lease_seconds int default 60,
  for_report uuid default null
)
returns setof public.notifications
language sql
security definer
set search_path = ''
as $$
  with due as (
    select n.id
      from public.notifications n
     where ((n.status in ('pending', 'unknown') and n.next_attempt_at <= now())
            or (n.status = 'sending' and n.locked_until <= now()))
       and (claim_notifications.for_report is null or n.report_id = claim_notifications.for_report)
     order by n.next_attempt_at
     limit greatest(coalesce(claim_notifications.max_rows, 20), 0)
     for update skip locked
  ),
  claimed as (
    select n.id,
           case when n.status = 'sending' and n.channel = 'sms' and not n.lookup_only
                then greatest(n.resend_after, app_private.sms_resend_after(n.locked_until))
                else n.resend_after end as resend_after
      from public.notifications n
      join due on due.id = n.id
  )
  update public.notifications n
     set status = 'sending',
         lease_id = gen_random_uuid(),
         locked_until = now() + make_interval(secs => greatest(coalesce(claim_notifications.lease_seconds, 60), 5)),
         attempts = n.attempts + 1,
         first_attempt_at = coalesce(n.first_attempt_at, now()),
         outcome_unknown = n.outcome_unknown or n.status in ('sending', 'unknown'),
         resend_after = claimed.resend_after,
         lookup_only = coalesce(claimed.resend_after > now(), false)
    from claimed
   where n.id = claimed.id
  returning n.*;
$$;
revoke all on function public.claim_notifications(int, int, uuid) from public, anon, authenticated;
grant execute on function public.claim_notifications(int, int, uuid) to service_role;

-- Settles the finder's receipt: it names each alert to the owner as soon as
-- its provider accepts it (owner_notified_at is the first acceptance;
-- owner_notified_channels grows). The report's row is locked first, so two
-- alerts accepted at once both end up in the channels.
create function app_private.settle_owner_alerts(for_report uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  channels text[];
begin
  if for_report is null then
    return;
  end if;
  perform 1 from public.found_reports r where r.id = for_report for update;
  select coalesce(array_agg(distinct n.channel order by n.channel), '{}') into channels
    from public.notifications n
   where n.report_id = for_report
     and n.template in ('found_sms', 'owner_found_email')
     and n.status = 'sent';
  if cardinality(channels) = 0 then
    return;
  end if;
  update public.found_reports r
     set owner_notified_at = coalesce(r.owner_notified_at, now()),
         owner_notified_channels = channels
   where r.id = for_report
     and r.owner_notified_channels is distinct from channels;
end;
$$;
revoke all on function app_private.settle_owner_alerts(uuid) from public;

-- The provider accepted the message. A fact, recorded whoever holds the lease
-- (a dispatcher that lost its lease still knows the provider took it).
create function public.complete_notification(id uuid, provider_id text, lease_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled_report uuid;
begin
  update public.notifications n
     set status = 'sent',
         sent_at = now(),
         provider_id = complete_notification.provider_id,
         locked_until = null,
         lease_id = null,
         outcome_unknown = false,
         last_error = null
   where n.id = complete_notification.id
     and n.status <> 'sent'
  returning n.report_id into settled_report;
  perform app_private.settle_owner_alerts(settled_report);
end;
$$;
revoke all on function public.complete_notification(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.complete_notification(uuid, text, uuid) to service_role;

-- The delay before the next attempt: 30 s, 1 min, 2 min ... capped at 1 hour,
-- with jitter, and never sooner than the provider asked (Retry-After). The
-- doubling stops at 2^7 (64 min, past the cap): an SMS looked up dozens of times
-- inside its answer window must not overflow the interval.
create function app_private.notification_backoff(attempts int, retry_after_seconds int)
returns interval
language sql
volatile
set search_path = ''
as $$
  select greatest(
    least(interval '1 hour', interval '30 seconds' * power(2, least(greatest(attempts - 1, 0), 7)))
      * (1 + random() * 0.25),
    make_interval(secs => greatest(coalesce(retry_after_seconds, 0), 0))
  );
$$;
revoke all on function app_private.notification_backoff(int, int) from public;

-- The provider refused the message (nothing was sent): retry later with
-- backoff, or 'failed' once max_attempts is reached. Only the lease holder.
create function public.fail_notification(
  id uuid,
  error text,
  max_attempts int default 8,
  lease_id uuid default null,
  retry_after_seconds int default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled_report uuid;
  new_status text;
begin
  update public.notifications n
     set status = case
                    when n.attempts >= coalesce(fail_notification.max_attempts, 8) then 'failed'
                    else 'pending'
                  end,
         next_attempt_at = now() + app_private.notification_backoff(n.attempts, fail_notification.retry_after_seconds),
         locked_until = null,
         lease_id = null,
         outcome_unknown = false,
         last_error = left(fail_notification.error, 2000)
   where n.id = fail_notification.id
     and n.status = 'sending'
     and (fail_notification.lease_id is null or n.lease_id = fail_notification.lease_id)
  returning n.report_id, n.status into settled_report, new_status;
  if new_status = 'failed' then
    perform app_private.settle_owner_alerts(settled_report);
  end if;
end;
$$;
revoke all on function public.fail_notification(uuid, text, int, uuid, int) from public, anon, authenticated;
grant execute on function public.fail_notification(uuid, text, int, uuid, int) to service_role;

-- The provider may have the message (timeout, connection lost mid-call, or a
-- look-up that could not tell): keep it as 'unknown', to be looked up before
-- any resend. `sent` says whether this attempt sent it (then its answer window
-- starts now); a look-up alone moves nothing, and the next attempt comes no
-- later than resend_after. After max_attempts it is given up as 'failed',
-- except by a look-up inside the window. Only the lease holder.
create function public.mark_notification_unknown(
  id uuid,
  error text,
  max_attempts int default 8,
  lease_id uuid default null,
  sent boolean default true
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled_report uuid;
  new_status text;
begin
  update public.notifications n
     set status = case
                    -- never given up while only looking up inside an open window:
                    -- the provider may yet list it, and nothing else can be done
                    -- (the claim's lookup_only: the window may close while it looks)
                    when n.attempts >= coalesce(mark_notification_unknown.max_attempts, 8)
                         and (coalesce(mark_notification_unknown.sent, true)
                              or (not n.lookup_only
                                  and (n.resend_after is null or n.resend_after <= now())))
                    then 'failed'
                    else 'unknown'
                  end,
         resend_after = case
                          when coalesce(mark_notification_unknown.sent, true) and n.channel = 'sms'
                          then greatest(n.resend_after, app_private.sms_resend_after(now()))
                          else n.resend_after
                        end,
         next_attempt_at = case
                             when not coalesce(mark_notification_unknown.sent, true) and n.resend_after > now()
                             then least(now() + app_private.notification_backoff(n.attempts, null), n.resend_after)
                             else now() + app_private.notification_backoff(n.attempts, null)
                           end,
         locked_until = null,
         lease_id = null,
         lookup_only = false,
         outcome_unknown = true,
         last_error = left(mark_notification_unknown.error, 2000)
   where n.id = mark_notification_unknown.id
     and n.status = 'sending'
     and (mark_notification_unknown.lease_id is null or n.lease_id = mark_notification_unknown.lease_id)
  returning n.report_id, n.status into settled_report, new_status;
  if new_status = 'failed' then
    perform app_private.settle_owner_alerts(settled_report);
  end if;
end;
$$;
revoke all on function public.mark_notification_unknown(uuid, text, int, uuid, boolean) from public, anon, authenticated;
grant execute on function public.mark_notification_unknown(uuid, text, int, uuid, boolean) to service_role;

-- A finder's name as it may appear in an e-mail to an address the finder chose:
-- one line, no control characters, at most 60 characters.
create function app_private.safe_name(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(left(trim(regexp_replace(coalesce(value, ''), '[[:cntrl:]]+', ' ', 'g')), 60), '');
$$;
revoke all on function app_private.safe_name(text) from public;

-- The finder's thank-you e-mail: at most one per address per day (a later one
-- is silently not queued; the report itself still goes through), and its
-- payload keeps only the capped name, the owner's item name and the chat link,
-- so nobody can mail their own text to an address of their choosing.
create function app_private.limit_finder_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lim record;
begin
  if new.template <> 'finder_thanks_email' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('finder-email:' || lower(new.recipient), 0));
  select * into lim from app_private.limit_of('finder_emails_per_address');
  if lim.max_count is not null and (
    select count(*) from public.notifications n
     where n.template = 'finder_thanks_email'
       and lower(n.recipient) = lower(new.recipient)
       and n.created_at > now() - lim.per
  ) >= lim.max_count then
    return null;
  end if;
  new.payload := jsonb_strip_nulls(jsonb_build_object(
    'finder_name', app_private.safe_name(new.payload ->> 'finder_name'),
    'item_name', new.payload -> 'item_name',
    'chat_url', new.payload -> 'chat_url',
    'finder_chat_url', new.payload -> 'finder_chat_url',
    'report_id', new.payload -> 'report_id',
    'chat_id', new.payload -> 'chat_id'
  ));
  return new;
end;
$$;
revoke all on function app_private.limit_finder_email() from public;

create trigger notifications_limit_finder_email
  before insert on public.notifications
  for each row
  when (new.template = 'finder_thanks_email')
  execute function app_private.limit_finder_email();

-- ============================================================================
-- 10. Receipts and reminders
-- ============================================================================
-- What the finder learns about their report (owner alerted, owner opened the
-- chat), and the one reminder an unopened report gets.

-- Escalation settings: one row, read and changed with public.reminder_settings
-- (npm run settings -- reminders) or SQL (update app_private.escalation_settings set ...).
create table app_private.escalation_settings (
  id boolean primary key default true constraint escalation_settings_one_row check (id),
  enabled boolean not null default true,
  remind_after interval not null default interval '15 minutes',
  remind_within interval not null default interval '24 hours',
  quiet_from time not null default time '22:00',
  quiet_until time not null default time '07:00',
  time_zone text not null default 'Europe/London'
);
comment on table app_private.escalation_settings is 'When an unopened report gets its one reminder: after remind_after, not later than remind_within, never in the quiet hours (local time_zone) unless the item is LOST.';
insert into app_private.escalation_settings default values;

-- Escalation: one reminder (text and e-mail, to where the first alerts went)
-- for each report the owner has not opened within remind_after, not in the
-- quiet hours unless the item is LOST, and only while its conversation is open.
-- Idempotent (dedupe keys): call it as often as you like; the
-- notification-escalation job calls it every minute.
create function public.enqueue_reminders(at timestamptz default now())
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings app_private.escalation_settings;
  local_time time;
  is_quiet boolean;
  added int;
begin
  select * into settings from app_private.escalation_settings s where s.id;
  if settings.id is null or not settings.enabled then
    return 0;
  end if;
  local_time := (enqueue_reminders.at at time zone settings.time_zone)::time;
  is_quiet := case
    when settings.quiet_from = settings.quiet_until then false
    when settings.quiet_from > settings.quiet_until
      then local_time >= settings.quiet_from or local_time < settings.quiet_until
    else local_time >= settings.quiet_from and local_time < settings.quiet_until
  end;

  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  select r.id || ':' || reminder.template, n.channel, reminder.template, n.recipient, n.payload, r.id
    from public.found_reports r
    join public.items i on i.id = r.item_id
    join public.notifications n
      on n.report_id = r.id and n.template in ('found_sms', 'owner_found_email') and n.status = 'sent'
    cross join lateral (
      select case n.template when 'found_sms' then 'reminder_sms' else 'reminder_email' end as template
    ) reminder
   where r.owner_opened_at is null
     and r.purged_at is null
     and r.created_at <= enqueue_reminders.at - settings.remind_after
     and r.created_at > enqueue_reminders.at - settings.remind_within
     and (not is_quiet or i.status = 'LOST')
     and not exists (
       select 1 from public.chats c where c.report_id = r.id and c.closed_at is not null
     )
  on conflict (dedupe_key) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
revoke all on function public.enqueue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.enqueue_reminders(timestamptz) to service_role;

-- The reminder delay and quiet hours as an operator setting, changed without
-- writing SQL by hand: `npm run settings -- reminders --delay 30m --quiet
-- 22:00-07:00` calls it with the service-role key (the local stack, or a hosted
-- project through SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY). Refuses a delay of
-- nothing or past remind_within, or half a quiet range, as invalid_input.
create function public.reminder_settings(
  remind_after interval default null,
  quiet_from time default null,
  quiet_until time default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_row app_private.escalation_settings;
begin
  select * into current_row from app_private.escalation_settings s where s.id;
  if reminder_settings.remind_after is not null
     and (reminder_settings.remind_after <= interval '0'
          or reminder_settings.remind_after >= current_row.remind_within) then
    raise exception 'invalid_input' using errcode = 'P0001',
      detail = format('the reminder delay must be more than 0 and less than %s (no reminder after that)',
                      current_row.remind_within);
  end if;
  if (reminder_settings.quiet_from is null) <> (reminder_settings.quiet_until is null) then
    raise exception 'invalid_input' using errcode = 'P0001',
      detail = 'quiet hours need both a start and an end (the same time for none)';
  end if;
  update app_private.escalation_settings s
     set remind_after = coalesce(reminder_settings.remind_after, s.remind_after),
         quiet_from = coalesce(reminder_settings.quiet_from, s.quiet_from),
         quiet_until = coalesce(reminder_settings.quiet_until, s.quiet_until)
   where s.id
  returning * into current_row;
  return jsonb_build_object(
    'enabled', current_row.enabled,
    'remind_after', current_row.remind_after::text,
    'remind_within', current_row.remind_within::text,
    'quiet_from', to_char(current_row.quiet_from, 'HH24:MI'),
    'quiet_until', to_char(current_row.quiet_until, 'HH24:MI'),
    'time_zone', current_row.time_zone
  );
end;
$$;

comment on function public.reminder_settings(interval, time, time) is
  'Reads, and with arguments changes, when an unopened report gets its reminder: the delay (remind_after) and the quiet hours (quiet_from-quiet_until, local time_zone; equal = none). Service role only: npm run settings -- reminders.';

revoke execute on function public.reminder_settings(interval, time, time) from public, anon, authenticated;
grant execute on function public.reminder_settings(interval, time, time) to service_role;

-- Records that the owner opened a report (in its chat or not): stops its
-- reminders; opening the chat is the finder's "seen" receipt.
create function app_private.record_report_opened(for_report uuid, for_owner uuid, in_chat boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed int;
begin
  update public.found_reports r
     set owner_opened_at = coalesce(r.owner_opened_at, now()),
         owner_seen_chat_at = case when in_chat then coalesce(r.owner_seen_chat_at, now())
                                   else r.owner_seen_chat_at end
   where r.id = for_report
     and r.owner_id = for_owner
     and (r.owner_opened_at is null or (in_chat and r.owner_seen_chat_at is null));
  get diagnostics changed = row_count;
  if changed > 0 then
    update public.notifications n
       set status = 'cancelled', locked_until = null, lease_id = null
     where n.report_id = for_report
       and n.template in ('reminder_sms', 'reminder_email')
       and n.status in ('pending', 'unknown');
  end if;
end;
$$;
revoke all on function app_private.record_report_opened(uuid, uuid, boolean) from public;

-- The owner opened a report: on the dashboard ('dashboard') or in its chat
-- ('chat'). Anyone else: nothing happens (false).
create function public.mark_report_opened(report_id uuid, via text default 'dashboard')
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if caller is null or mark_report_opened.report_id is null
     or coalesce(mark_report_opened.via, '') not in ('dashboard', 'chat') then
    return false;
  end if;
  perform app_private.record_report_opened(
    mark_report_opened.report_id, caller, mark_report_opened.via = 'chat'
  );
  return exists (
    select 1 from public.found_reports r
     where r.id = mark_report_opened.report_id and r.owner_id = caller
  );
end;
$$;
revoke all on function public.mark_report_opened(uuid, text) from public, anon, authenticated;
grant execute on function public.mark_report_opened(uuid, text) to authenticated, service_role;

-- The owner reading their chat (mark_chat_read) has opened it too.
create function app_private.owner_read_chat()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.record_report_opened(c.report_id, new.user_id, true)
     from public.chats c
    where c.id = new.chat_id and c.owner_id = new.user_id;
  return null;
end;
$$;
revoke all on function app_private.owner_read_chat() from public;

create trigger chat_members_owner_read_chat
  after update of last_read_position on public.chat_members
  for each row
  when (new.role = 'owner')
  execute function app_private.owner_read_chat();

-- The same for the owner looking at a chat (the chat page knows the chat id).
create function public.mark_chat_opened(chat_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  select coalesce(
    (select public.mark_report_opened(c.report_id, 'chat')
       from public.chats c where c.id = mark_chat_opened.chat_id),
    false
  );
$$;
revoke all on function public.mark_chat_opened(uuid) from public, anon, authenticated;
grant execute on function public.mark_chat_opened(uuid) to authenticated, service_role;

-- ============================================================================
-- 11. Realtime
-- ============================================================================
-- Broadcast from the database on private channels, authorised by RLS on
-- realtime.messages, as Supabase recommends. Clients never send on any private
-- topic: what arrives there comes from the database only.
--   chat:<chat_id>      every message of the chat (members only)
--   owner:<user_id>     new reports and finders' messages for that owner only
--                       (at most owner_alerts_per_chat alerts per chat a window)
--   receipts:<chat_id>  the finder's receipts changed (members only)

-- Whether the caller may read (or, for chat topics, write) a topic. Never
-- raises: a malformed topic or claim is simply refused.
create function app_private.can_use_topic(topic text, for_write boolean)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  topic_chat uuid;
begin
  if caller is null or topic is null then
    return false;
  end if;
  if topic ~* '^chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    topic_chat := substr(topic, 6)::uuid;
    return exists (
      select 1 from public.chat_members m where m.chat_id = topic_chat and m.user_id = caller
    );
  end if;
  if not for_write and topic = 'owner:' || caller::text then
    return true;
  end if;
  return false;
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.can_use_topic(text, boolean) from public;
grant execute on function app_private.can_use_topic(text, boolean) to authenticated, service_role;

create policy "Members read chat topics and owners their own topic"
  on realtime.messages for select
  to authenticated
  using (
    realtime.messages.extension in ('broadcast', 'presence')
    and (select app_private.can_use_topic((select realtime.topic()), false))
  );

-- The owner alerts of each chat in the current window (fixed windows of the
-- limit's length).
create table app_private.owner_alert_windows (
  chat_id uuid primary key references public.chats (id) on delete cascade,
  window_started_at timestamptz not null,
  alerts int not null
);
comment on table app_private.owner_alert_windows is 'How many owner alerts each chat has had in its current window (limit owner_alerts_per_chat).';
revoke all on table app_private.owner_alert_windows from public, anon, authenticated;

-- Whether a finder's message in this chat may alert the owner now; counts it if so.
create function app_private.take_owner_alert(for_chat uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  lim app_private.limits;
  taken boolean;
begin
  select l.* into lim from app_private.limits l where l.name = 'owner_alerts_per_chat';
  if lim.name is null then
    return true;
  end if;
  insert into app_private.owner_alert_windows as w (chat_id, window_started_at, alerts)
  values (for_chat, now(), 1)
  on conflict (chat_id) do update
     set window_started_at = case when w.window_started_at <= now() - lim.per then now() else w.window_started_at end,
         alerts = case when w.window_started_at <= now() - lim.per then 1 else w.alerts + 1 end
   where w.window_started_at <= now() - lim.per or w.alerts < lim.max_count
  returning true into taken;
  return coalesce(taken, false);
end;
$$;
revoke all on function app_private.take_owner_alert(uuid) from public;

-- Each new message on chat:<id>; a finder's also on owner:<owner_id>, at most
-- owner_alerts_per_chat times per window, with the owner's unread count and
-- the window's length in seconds (quiet_seconds).
create function app_private.broadcast_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  unread int;
begin
  perform realtime.send(to_jsonb(new), 'message', 'chat:' || new.chat_id::text, true);
  if new.sender_role = 'finder' then
    select * into chat from public.chats c where c.id = new.chat_id;
    if chat.id is not null and app_private.take_owner_alert(chat.id) then
      select count(*)::int into unread
        from public.messages msg
        join public.chat_members m on m.chat_id = msg.chat_id and m.user_id = chat.owner_id
       where msg.chat_id = chat.id and msg.position > m.last_read_position
         and msg.sender_id <> m.user_id;
      perform realtime.send(
        jsonb_build_object(
          'chat_id', chat.id,
          'item_id', chat.item_id,
          'message', to_jsonb(new),
          'unread', unread,
          'quiet_seconds', (select extract(epoch from l.per)::int from app_private.limits l
                             where l.name = 'owner_alerts_per_chat')
        ),
        'message',
        'owner:' || chat.owner_id::text,
        true
      );
    end if;
  end if;
  return null;
end;
$$;
revoke all on function app_private.broadcast_message() from public;

create trigger messages_broadcast
  after insert on public.messages
  for each row execute function app_private.broadcast_message();

-- A new report (its chat is created in the same transaction) on owner:<owner_id>.
create function app_private.broadcast_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.found_reports;
  item_name text;
begin
  select * into report from public.found_reports r where r.id = new.report_id;
  select i.name into item_name from public.items i where i.id = new.item_id;
  perform realtime.send(
    jsonb_build_object(
      'report_id', new.report_id,
      'chat_id', new.id,
      'item_id', new.item_id,
      'item_name', item_name,
      'created_at', coalesce(report.created_at, new.created_at)
    ),
    'report',
    'owner:' || new.owner_id::text,
    true
  );
  return null;
end;
$$;
revoke all on function app_private.broadcast_report() from public;

create trigger chats_broadcast_report
  after insert on public.chats
  for each row execute function app_private.broadcast_report();

-- Receipts travel on their own private topic, receipts:<chat_id>, readable by
-- the chat's members (the chat page's own channel on chat:<id> is left alone).
-- Never raises: a malformed topic is simply refused.
create function app_private.can_read_receipts(topic text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if topic is null
     or topic !~* '^receipts:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return app_private.is_chat_member(substr(topic, 10)::uuid);
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.can_read_receipts(text) from public;
grant execute on function app_private.can_read_receipts(text) to authenticated, service_role;

create policy "Members read their chats' receipts"
  on realtime.messages for select
  to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select app_private.can_read_receipts((select realtime.topic())))
  );

-- A receipt changed (an alert accepted, a channel added, the chat seen): a
-- notice on receipts:<chat_id>, so the finder's page re-reads the report. The
-- broadcast carries the stored values.
create function app_private.broadcast_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat_row record;
begin
  for chat_row in select c.id from public.chats c where c.report_id = new.id loop
    perform realtime.send(
      jsonb_build_object(
        'report_id', new.id,
        'chat_id', chat_row.id,
        'owner_notified_at', new.owner_notified_at,
        'owner_notified_channels', new.owner_notified_channels,
        'owner_seen_chat_at', new.owner_seen_chat_at
      ),
      'receipt',
      'receipts:' || chat_row.id::text,
      true
    );
  end loop;
  return null;
end;
$$;
revoke all on function app_private.broadcast_receipt() from public;

create trigger found_reports_broadcast_receipt
  after update of owner_notified_at, owner_notified_channels, owner_seen_chat_at
  on public.found_reports
  for each row
  when (old.owner_notified_at is distinct from new.owner_notified_at
        or old.owner_notified_channels is distinct from new.owner_notified_channels
        or old.owner_seen_chat_at is distinct from new.owner_seen_chat_at)
  execute function app_private.broadcast_receipt();

-- ============================================================================
-- 12. Photos
-- ============================================================================
-- Photos in the chat and on items. Photos live in the private Storage buckets
-- declared in supabase/config.toml (chat-photos, item-photos) and are read
-- through short-lived signed URLs. Messages may carry up to three photos
-- (messages.photo_paths, section 6) and an item may show one (items.photo_path,
-- section 5). Who may read and write them is decided here, by policies on
-- storage.objects:
--   chat-photos/<chat_id>/<sender_id>/<uuid>.<jpg|png|webp>
--     written by a member of an open chat, in their own folder only; read by the
--     chat's members once a message carries it (the sender also reads their own
--     upload before sending); never after the chat's finder data was purged.
--   item-photos/<item_id>/<uuid>.<jpg|png|webp>
--     written by the item's owner alone; read by the owner, and by anyone
--     holding the item's tag (a finder) only while the item is LOST and only
--     the photo the item shows.
-- Nobody lists a bucket: every read policy refuses Storage's list operation.
-- Nobody deletes through these policies: photos are removed by the service
-- role (the purge-photos Edge Function, through the Storage API, since hosted
-- Storage refuses `delete from storage.objects`), from photos_to_delete(), every
-- five minutes (section 15).

-- The shape of a photo's name in either bucket: folders, then <uuid>.<ext>.
create function app_private.photo_name_ok(name text, folders int)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    cardinality(storage.foldername(name)) = folders
    and storage.filename(name) ~ '^[0-9a-f-]{36}\.(jpg|png|webp)$',
    false)
$$;

-- Storage's list operation (storage-api sets storage.operation on each request).
create function app_private.is_listing()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('storage.operation', true), '') like '%list%'
$$;

-- A chat id from a folder name, or null. Never raises.
create function app_private.folder_uuid(folder text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if folder ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return folder::uuid;
  end if;
  return null;
end;
$$;

-- The caller may post a photo in this chat: a member, the chat still open.
create function app_private.can_post_chat_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chat uuid := app_private.folder_uuid((storage.foldername(object_name))[1]);
begin
  return app_private.photo_name_ok(object_name, 2)
    and (storage.foldername(object_name))[2] = app_private.current_user_id()::text
    and app_private.is_chat_member(chat)
    and not app_private.is_chat_closed(chat);
exception
  when others then
    return false;
end;
$$;

-- The caller may see this chat photo: a member of the chat, its finder data
-- not purged, and the photo sent in a message (or the caller's own upload).
create function app_private.can_see_chat_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chat uuid := app_private.folder_uuid((storage.foldername(object_name))[1]);
begin
  if not app_private.is_chat_member(chat) then
    return false;
  end if;
  if exists (
    select 1 from public.chats c join public.found_reports r on r.id = c.report_id
     where c.id = chat and r.purged_at is not null
  ) then
    return false;
  end if;
  return (storage.foldername(object_name))[2] = app_private.current_user_id()::text
    or exists (
      select 1 from public.messages m where m.chat_id = chat and m.photo_paths @> array[object_name]
    );
exception
  when others then
    return false;
end;
$$;

-- The caller owns the item whose folder this is.
create function app_private.owns_item_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.items i
     where i.id = app_private.folder_uuid((storage.foldername(object_name))[1])
       and i.owner_id = app_private.current_user_id()
  );
exception
  when others then
    return false;
end;
$$;

-- The photo an item shows while it is LOST (what a finder may see).
create function app_private.is_lost_item_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.items i
     where i.id = app_private.folder_uuid((storage.foldername(object_name))[1])
       and i.status = 'LOST' and i.photo_path = object_name
  );
exception
  when others then
    return false;
end;
$$;

-- A message's photos were uploaded by its sender into the chat's folder.
create function app_private.message_photos_uploaded(for_chat uuid, paths text[])
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if cardinality(paths) = 0 then
    return true;
  end if;
  return (
    select count(*) = cardinality(paths)
      from storage.objects o
     where o.bucket_id = 'chat-photos'
       and o.name = any (paths)
       and o.owner_id = caller::text
       and (storage.foldername(o.name))[1] = for_chat::text
       and (storage.foldername(o.name))[2] = caller::text
  ) and cardinality(paths) = (select count(distinct p) from unnest(paths) p);
exception
  when others then
    return false;
end;
$$;

revoke all on function app_private.can_post_chat_photo(text) from public;
revoke all on function app_private.can_see_chat_photo(text) from public;
revoke all on function app_private.owns_item_photo(text) from public;
revoke all on function app_private.is_lost_item_photo(text) from public;
revoke all on function app_private.message_photos_uploaded(uuid, text[]) from public;
grant execute on function app_private.can_post_chat_photo(text) to authenticated, service_role;
grant execute on function app_private.can_see_chat_photo(text) to authenticated, service_role;
grant execute on function app_private.owns_item_photo(text) to authenticated, service_role;
grant execute on function app_private.is_lost_item_photo(text) to anon, authenticated, service_role;
grant execute on function app_private.message_photos_uploaded(uuid, text[]) to authenticated, service_role;
grant execute on function app_private.photo_name_ok(text, int) to anon, authenticated, service_role;
grant execute on function app_private.is_listing() to anon, authenticated, service_role;
grant execute on function app_private.folder_uuid(text) to anon, authenticated, service_role;

create policy "Members send chat photos into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'chat-photos' and (select app_private.can_post_chat_photo(name)));

create policy "Members see their chats' photos"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'chat-photos'
    and not (select app_private.is_listing())
    and (select app_private.can_see_chat_photo(name))
  );

create policy "Owners add photos of their items"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'item-photos'
    and (select app_private.photo_name_ok(name, 1))
    and (select app_private.owns_item_photo(name))
  );

create policy "Owners see photos of their items"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'item-photos'
    and not (select app_private.is_listing())
    and (select app_private.owns_item_photo(name))
  );

create policy "Finders see a lost item's photo"
  on storage.objects for select
  to anon, authenticated
  using (
    bucket_id = 'item-photos'
    and not (select app_private.is_listing())
    and (select app_private.is_lost_item_photo(name))
  );

create policy "A message's photos are the sender's uploads in that chat"
  on public.messages
  as restrictive
  for insert
  to authenticated
  with check ((select app_private.message_photos_uploaded(chat_id, photo_paths)));

-- The photo an item shows, for whoever holds its tag, while the item is LOST;
-- null otherwise (no such tag, not lost, no photo). The code is read as every code is.
create function public.lost_item_photo(tag_code text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.photo_path
    from public.items i
    join public.tags t on t.id = i.tag_id
   where t.code = app_private.normalize_code(lost_item_photo.tag_code)
     and t.status = 'activated' and i.status = 'LOST'
$$;
revoke all on function public.lost_item_photo(text) from public;
grant execute on function public.lost_item_photo(text) to anon, authenticated, service_role;

-- Every photo that must go, for the purge-photos Edge Function to remove
-- through the Storage API: the photos of chats whose finder data was purged
-- (or whose chat is gone, with an owner's account), photos never sent in a
-- message after a day, photos of items that are gone, and item photos the
-- item no longer shows after an hour. This is the one entry point for
-- "delete this finder's / owner's objects": purge or delete their rows, and
-- the next purge-photos run removes the objects.
create function public.photos_to_delete(max_rows int default 1000)
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name
    from storage.objects o
   where o.bucket_id = 'chat-photos'
     and (
       not exists (
         select 1 from public.chats c join public.found_reports r on r.id = c.report_id
          where c.id = app_private.folder_uuid((storage.foldername(o.name))[1])
            and r.purged_at is null
       )
       or (
         o.created_at < now() - interval '1 day'
         and not exists (
           select 1 from public.messages m where m.photo_paths @> array[o.name]
         )
       )
     )
  union all
  select o.bucket_id, o.name
    from storage.objects o
    left join public.items i on i.id = app_private.folder_uuid((storage.foldername(o.name))[1])
   where o.bucket_id = 'item-photos'
     and (
       i.id is null
       or (i.photo_path is distinct from o.name and o.created_at < now() - interval '1 hour')
     )
  limit greatest(max_rows, 0)
$$;
revoke all on function public.photos_to_delete(int) from public, anon, authenticated;
grant execute on function public.photos_to_delete(int) to service_role;

-- Calls purge-photos when some photo is due to go (an idle project makes no call).
create function app_private.purge_due_photos()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.photos_to_delete(1)) then
    return null;
  end if;
  return app_private.invoke_edge_function('purge-photos');
end;
$$;
revoke all on function app_private.purge_due_photos() from public, anon, authenticated, service_role;

-- ============================================================================
-- 13. Purge of finder data
-- ============================================================================
-- Deletion that is complete. A finder's details are deleted after the periods
-- of app_private.retention_periods (section 3): by default 7 days after the
-- owner marks the item FOUND, and 30 days after the report otherwise, from
-- everywhere they are held: the report keeps only a stub (no name, e-mail,
-- phone, address, where-found or shared position), the chat's messages,
-- invites, ways back and the finder's membership go, every notification row of
-- the report is scrubbed (rows not yet sent are cancelled and never sent),
-- Realtime's stored copies of the chat are deleted, and so is the anonymous
-- finder's user. The schedule closes the conversations it empties
-- (app_private.close_chat, reason 'purged', each side told live), like every
-- other way a conversation ends; a purged chat refuses messages
-- (app_private.is_chat_closed) in any case. The purge's work on a set of reports is
-- app_private.purge_reports, so a finder's "Delete my details now" and an
-- account deletion (section 14) purge exactly as the schedule does.

-- Purges the given reports completely, as the schedule does: every notification
-- of the report scrubbed (unsent ones cancelled), the chat's messages, invites,
-- ways back (the hand-in, the shared postal address) and the finder's
-- membership deleted, Realtime's stored copies deleted, the report kept as a
-- stub without the finder's details or shared position, and the anonymous
-- finders deleted once none of their reports is still kept. Returns how many
-- reports it purged (those already purged are skipped).
create function app_private.purge_reports(report_ids uuid[])
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  purged_ids uuid[];
  purged_chats uuid[];
  finders uuid[];
begin
  select coalesce(array_agg(r.id), '{}'),
         coalesce(array_agg(distinct r.finder_id) filter (where r.finder_id is not null), '{}')
    into purged_ids, finders
    from public.found_reports r
   where r.id = any (report_ids) and r.purged_at is null;

  if cardinality(purged_ids) = 0 then
    return 0;
  end if;

  select coalesce(array_agg(c.id), '{}') into purged_chats
    from public.chats c where c.report_id = any (purged_ids);

  -- Every notification of the report: payload and error text scrubbed, the
  -- finder's address replaced, and anything not yet sent cancelled.
  update public.notifications n
     set payload = jsonb_build_object('purged', true),
         recipient = case
                       when n.template like 'finder%' or lower(n.recipient) = lower(r.finder_email)
                         then 'purged'
                       else n.recipient
                     end,
         last_error = case when n.last_error is null then null else 'purged' end,
         status = case when n.status in ('sent', 'failed') then n.status else 'failed' end,
         locked_until = null
    from public.found_reports r
   where r.id = n.report_id and n.report_id = any (purged_ids);

  delete from public.messages m where m.chat_id = any (purged_chats);
  delete from public.chat_invites v where v.chat_id = any (purged_chats);
  delete from public.chat_returns cr where cr.chat_id = any (purged_chats);
  delete from public.chat_members cm where cm.chat_id = any (purged_chats) and cm.role = 'finder';

  -- Realtime's stored broadcasts: the chat's topic, and the owner's topic's
  -- copies of this chat's messages and this report.
  begin
    delete from realtime.messages rm
     where rm.topic = any (select 'chat:' || id::text from unnest(purged_chats) id)
        or (rm.topic like 'owner:%'
            and (rm.payload ->> 'chat_id' = any (select id::text from unnest(purged_chats) id)
                 or rm.payload ->> 'report_id' = any (select id::text from unnest(purged_ids) id)));
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'purge_reports: realtime.messages not purged: %', sqlerrm;
  end;

  update public.found_reports r
     set finder_name = null,
         finder_email = null,
         finder_phone = null,
         finder_address = null,
         found_location = null,
         found_latitude = null,
         found_longitude = null,
         found_accuracy_m = null,
         found_position_at = null,
         purged_at = now()
   where r.id = any (purged_ids);

  -- The anonymous finders, once none of their reports is still kept.
  begin
    delete from auth.users u
     where u.id = any (finders)
       and u.is_anonymous
       and not exists (
         select 1 from public.found_reports r where r.finder_id = u.id and r.purged_at is null
       );
  exception
    when insufficient_privilege then
      raise warning 'purge_reports: anonymous finders not deleted: %', sqlerrm;
  end;

  return cardinality(purged_ids);
end;
$$;
revoke all on function app_private.purge_reports(uuid[]) from public, anon, authenticated;
grant execute on function app_private.purge_reports(uuid[]) to service_role;

-- The schedule (hourly): the reports whose time has come, by the periods above;
-- their open conversations are closed first ('purged').
create function public.purge_finder_data()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  due uuid[];
  after_found interval := coalesce(app_private.retention_of('finder_details_after_found'), interval '0');
  after_report interval := coalesce(app_private.retention_of('finder_details_after_report'), interval '0');
  abuse_records interval := coalesce(app_private.retention_of('abuse_records'), interval '0');
begin
  select coalesce(array_agg(r.id), '{}') into due
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.purged_at is null
     and (
       r.purge_after <= now()
       or r.created_at <= now() - after_report
       or (i.status = 'FOUND' and i.status_changed_at >= r.created_at
           and i.status_changed_at <= now() - after_found)
     );

  -- housekeeping of the abuse limits' own records, whatever else happens
  delete from app_private.report_sources s where s.created_at < now() - abuse_records;
  delete from app_private.activation_failures f where f.failed_at < now() - abuse_records;

  -- The conversations still open end now, each side told live.
  perform app_private.close_chat(c.id, 'purged')
     from public.chats c
    where c.report_id = any (due) and c.closed_at is null;

  return app_private.purge_reports(due);
end;
$$;
revoke all on function public.purge_finder_data() from public, anon, authenticated;
grant execute on function public.purge_finder_data() to service_role;

-- ============================================================================
-- 14. Account rights
-- ============================================================================
-- People's rights over their data:
-- - export_my_data(): everything held about the signed-in owner, as one JSON
--   document, read under their own RLS (profile, items, reports, chats,
--   messages, ways back, the alerts sent to them).
-- - Deleting an owner's auth user (the delete-account Edge Function makes the
--   Auth admin call) runs app_private.delete_account_data in the same
--   transaction, so the account goes whole or not at all: conversations closed,
--   finders told by e-mail, finder data about the owner's items purged at once,
--   alerts and messages deleted, tags deactivated, a confirmation e-mail queued.
-- - delete_my_finder_details(chat_id): a finder deletes their report data now.
-- - A notification that exists only to say something was deleted keeps its
--   recipient and payload only until it is sent (or given up): then both go.

-- Goodbye notes: once settled, nothing of the person they went to is kept.
create function app_private.scrub_settled_goodbye()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('sent', 'failed', 'cancelled') then
    new.recipient := 'purged';
    new.payload := jsonb_build_object('purged', true);
    new.last_error := case when new.last_error is null then null else 'purged' end;
  end if;
  return new;
end;
$$;
revoke all on function app_private.scrub_settled_goodbye() from public;

create trigger notifications_scrub_settled_goodbye
  before update of status on public.notifications
  for each row
  when (new.template in ('account_deleted_email', 'chat_closed_email'))
  execute function app_private.scrub_settled_goodbye();

-- The alerts sent to the signed-in owner about their items (the outbox is
-- service-role only; this reads just the caller's own rows). Never raises.
create function app_private.my_alerts()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'channel', n.channel,
           'template', n.template,
           'recipient', n.recipient,
           'status', n.status,
           'created_at', n.created_at,
           'sent_at', n.sent_at,
           'report_id', n.report_id
         ) order by n.created_at), '[]'::jsonb)
    from public.notifications n
    join public.found_reports r on r.id = n.report_id
   where r.owner_id = (select auth.uid())
     and n.template in ('found_sms', 'owner_found_email', 'reminder_sms', 'reminder_email');
$$;
revoke all on function app_private.my_alerts() from public;
grant execute on function app_private.my_alerts() to authenticated;

-- Everything held about the caller, read as the caller (RLS decides every row).
create function public.export_my_data()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'not_signed_in' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'exported_at', now(),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at)
                         from public.items i where i.owner_id = me), '[]'::jsonb),
    'reports_about_your_items', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at)
                                            from public.found_reports r where r.owner_id = me), '[]'::jsonb),
    'reports_you_made', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at)
                                    from public.found_reports r where r.finder_id = me), '[]'::jsonb),
    'chats', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at)
                         from public.chats c
                        where exists (select 1 from public.chat_members m
                                       where m.chat_id = c.id and m.user_id = me)), '[]'::jsonb),
    'messages', coalesce((select jsonb_agg(to_jsonb(m) order by m.created_at, m.id)
                            from public.messages m
                           where exists (select 1 from public.chat_members cm
                                          where cm.chat_id = m.chat_id and cm.user_id = me)), '[]'::jsonb),
    'ways_back', coalesce((select jsonb_agg(to_jsonb(w) order by w.updated_at)
                             from public.chat_returns w
                            where exists (select 1 from public.chat_members cm
                                           where cm.chat_id = w.chat_id and cm.user_id = me)), '[]'::jsonb),
    'alerts_sent_to_you', app_private.my_alerts()
  );
end;
$$;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;

-- The whole of an account's data, removed in the transaction that deletes its
-- auth user (so a failure anywhere leaves everything as it was). Runs before
-- the row goes; the foreign keys then cascade the profile, items, reports,
-- chats, members, invites and messages, and Auth's own identities and sessions.
create function app_private.delete_account_data(p_user_id uuid, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_reports uuid[];
  reports_as_finder uuid[];
  owner_chats uuid[];
  owner_tags uuid[];
  profile public.profiles;
begin
  select * into profile from public.profiles p where p.id = p_user_id;

  select coalesce(array_agg(r.id), '{}') into owner_reports
    from public.found_reports r where r.owner_id = p_user_id;
  select coalesce(array_agg(r.id), '{}') into reports_as_finder
    from public.found_reports r where r.finder_id = p_user_id;
  select coalesce(array_agg(c.id), '{}') into owner_chats
    from public.chats c where c.owner_id = p_user_id;
  select coalesce(array_agg(i.tag_id), '{}') into owner_tags
    from public.items i where i.owner_id = p_user_id;

  -- The finders of open conversations are told (their e-mail is purged below;
  -- this note keeps it only until it is sent).
  insert into public.notifications (dedupe_key, channel, template, recipient, payload)
  select 'chat_closed:' || r.id, 'email', 'chat_closed_email', r.finder_email,
         jsonb_build_object('reason', 'account_deleted', 'item_name', i.name)
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.id = any (owner_reports)
     and r.purged_at is null
     and coalesce(r.finder_email, '') <> ''
  on conflict (dedupe_key) do nothing;

  -- Finder data about the owner's items, and the owner's own reports as a finder.
  perform app_private.purge_reports(owner_reports || reports_as_finder);

  -- Every conversation ends, and each side is told live (after the purge, which
  -- deletes the chats' stored broadcasts: the closure notice must survive it).
  -- The closure notices carry no personal data of the owner.
  perform app_private.close_chat(c.id, 'account_deleted')
     from public.chats c
    where c.id = any (owner_chats) or c.report_id = any (reports_as_finder);

  -- Every alert about those reports, and anything else addressed to the owner.
  delete from public.notifications n
   where n.report_id = any (owner_reports || reports_as_finder)
      or (p_email is not null and lower(n.recipient) = lower(p_email))
      or (profile.mobile_number is not null
          and regexp_replace(n.recipient, '\D', '', 'g')
              = regexp_replace(profile.mobile_number, '\D', '', 'g')
          and n.channel = 'sms');

  delete from public.messages m where m.sender_id = p_user_id;
  delete from app_private.activation_failures f where f.user_id = p_user_id;

  -- Tags stop resolving; an operator can issue them again.
  update public.tags t set status = 'deactivated' where t.id = any (owner_tags);

  begin
    delete from realtime.messages rm
     where rm.topic = 'owner:' || p_user_id::text
        or rm.payload::text like '%' || p_user_id::text || '%';
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'delete_account_data: realtime.messages not cleaned: %', sqlerrm;
  end;

  -- Auth's audit trail of this user (GoTrue records the deletion with the e-mail).
  begin
    delete from auth.audit_log_entries a
     where a.payload::text like '%' || p_user_id::text || '%'
        or (p_email is not null and a.payload::text ilike '%' || p_email || '%');
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'delete_account_data: auth.audit_log_entries not cleaned: %', sqlerrm;
  end;

  -- The confirmation, to the address the account had (kept until it is sent;
  -- its key names nothing of the account).
  if p_email is not null and p_email <> '' then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload)
    values ('account_deleted:' || gen_random_uuid()::text,
            'email', 'account_deleted_email', p_email, '{}'::jsonb);
  end if;
end;
$$;
revoke all on function app_private.delete_account_data(uuid, text) from public, anon, authenticated;

create function app_private.on_auth_user_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.delete_account_data(old.id, old.email);
  return old;
end;
$$;
revoke all on function app_private.on_auth_user_deleted() from public, anon, authenticated;

-- Registered users only: the purge deletes anonymous finders itself.
create trigger auth_users_delete_account_data
  before delete on auth.users
  for each row
  when (old.is_anonymous is not true)
  execute function app_private.on_auth_user_deleted();

-- A finder deletes their details now: their report is purged as the schedule
-- would purge it, and the chat is closed ('finder_left', which tells the owner
-- live). Returns true when something was purged.
create function public.delete_my_finder_details(chat_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  target_report uuid;
begin
  select c.report_id into target_report
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.role = 'finder'
   where c.id = delete_my_finder_details.chat_id and m.user_id = me;
  if target_report is null then
    raise exception 'not_the_finder' using errcode = '42501';
  end if;
  if app_private.purge_reports(array[target_report]) = 0 then
    return false;
  end if;
  -- The owner (and this page) are told live that the finder left.
  perform app_private.close_chat(delete_my_finder_details.chat_id, 'finder_left');
  return true;
end;
$$;
revoke all on function public.delete_my_finder_details(uuid) from public, anon;
grant execute on function public.delete_my_finder_details(uuid) to authenticated;

-- ============================================================================
-- 15. Schedules
-- ============================================================================
-- As a Supabase project runs them: pg_cron jobs that call Edge Functions
-- through pg_net (URL and key read from Supabase Vault) or SQL directly. The
-- local stack provides the same cron, net and vault objects and runs these very
-- jobs (local-supabase/cron, local-supabase/net), so both backends follow this
-- one schedule. Deploying: docs/deploy.md ("Vault entries").

-- On Supabase both extensions are available and preloaded; where a local copy
-- already provides the schema, it is used as it is.
do $$
begin
  if to_regnamespace('cron') is null then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regnamespace('net') is null then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- A Vault secret by name; a missing one fails the job with a message saying
-- what to set (visible in cron.job_run_details).
create function app_private.project_secret(secret_name text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  value text;
begin
  select s.decrypted_secret into value
    from vault.decrypted_secrets s
   where s.name = secret_name
   order by s.created_at desc
   limit 1;
  if value is null or value = '' then
    raise exception 'Vault secret "%" is not set', secret_name
      using hint = 'select vault.create_secret(''<value>'', ''' || secret_name || '''); see docs/deploy.md';
  end if;
  return value;
end;
$$;
revoke all on function app_private.project_secret(text) from public, anon, authenticated, service_role;

-- Queues a POST to an Edge Function of this project with the service role
-- key (Vault: project_url, service_role_key); pg_net sends it after commit.
-- Returns the pg_net request id.
create function app_private.invoke_edge_function(
  function_name text,
  body jsonb default '{}'::jsonb
)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  key text := app_private.project_secret('service_role_key');
begin
  return net.http_post(
    url := rtrim(app_private.project_secret('project_url'), '/') || '/functions/v1/' || function_name,
    body := coalesce(body, '{}'::jsonb),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || key,
      'apikey', key
    ),
    timeout_milliseconds := 60000
  );
end;
$$;
revoke all on function app_private.invoke_edge_function(text, jsonb) from public, anon, authenticated, service_role;

-- The outbox retry job: calls dispatch-notifications only when some row may be
-- due, so an idle project makes no function calls. Deliberately a superset of
-- what claim_notifications() takes (any unfinished row whose next attempt or
-- lease has passed): the function itself decides what to send.
create function app_private.dispatch_due_notifications()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
      from public.notifications n
     where n.status not in ('sent', 'failed')
       and (n.next_attempt_at <= now() or n.locked_until <= now())
  ) then
    return null;
  end if;
  return app_private.invoke_edge_function('dispatch-notifications');
end;
$$;
revoke all on function app_private.dispatch_due_notifications() from public, anon, authenticated, service_role;

-- The jobs (cron.schedule with a name replaces a job of that name). Times are UTC.
select cron.schedule(
  'dispatch-notifications',
  '10 seconds',
  'select app_private.dispatch_due_notifications()'
);

select cron.schedule(
  'purge-finder-data',
  '17 * * * *',
  'select public.purge_finder_data()'
);

-- pg_cron keeps a row per run; keep a week of history.
select cron.schedule(
  'cron-history-cleanup',
  '42 3 * * *',
  $$delete from cron.job_run_details where end_time < now() - interval '7 days'$$
);

-- Escalation reminders: every minute, enqueue_reminders() adds one reminder per
-- report the owner has not opened in time; the rows are due at once, so the
-- next dispatch run sends them.
select cron.schedule(
  'notification-escalation',
  '* * * * *',
  'select public.enqueue_reminders()'
);

-- Photos due to go (section 12): every five minutes, purge_due_photos() calls
-- the purge-photos Edge Function when photos_to_delete() lists any.
select cron.schedule('purge-photos', '*/5 * * * *', 'select app_private.purge_due_photos()');
