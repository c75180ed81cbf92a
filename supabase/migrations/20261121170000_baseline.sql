-- Homeward's schema as one baseline: every table, function, policy, trigger
-- and schedule as it stands, organised by concern. It replaces the 23 migrations
-- of 21–24 November 2026 (squashed before any hosted project ran them; git
-- history keeps them). Change the schema with a new, small migration named
-- after the current UTC time, then regenerate supabase/schema.sql (the current
-- schema as the database sees it) and src/types/database.types.ts.
--
-- Sections:
--   1. Extensions and the private schema
--   2. Helpers
--   3. Abuse limits
--   4. Profiles
--   5. Tags and items (activation, the public tag lookup, lost mode)
--   6. Found reports and chats (tables, members, invites, messages)
--   7. Reporting a found item (the finder's report in one call)
--   8. Chat (joining, new links, the owner's conversations, read marks)
--   9. Notifications (the outbox)
--  10. Receipts and reminders
--  11. Realtime (private broadcast topics)
--  12. Purge of finder data
--  13. Schedules (pg_cron, pg_net, Vault)

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

-- Upper-cased, trimmed tag or activation code with spaces and dashes removed.
create function app_private.normalize_code(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(coalesce(value, ''), '[[:space:]-]', '', 'g'));
$$;
revoke all on function app_private.normalize_code(text) from public;

-- A random code from the alphabet without look-alikes (no 0/O, 1/I/L), drawn
-- from a cryptographic source without modulo bias.
create function app_private.random_code(code_length int)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  result text := '';
  random_bytes bytea;
  byte int;
  i int;
begin
  while char_length(result) < code_length loop
    random_bytes := extensions.gen_random_bytes(32);
    for i in 0 .. 31 loop
      byte := get_byte(random_bytes, i);
      -- 248 = 8 * 31: discard the top bytes so every character is equally likely
      if byte < 248 and char_length(result) < code_length then
        result := result || substr(alphabet, (byte % 31) + 1, 1);
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
-- 3. Abuse limits
-- ============================================================================
-- Owned by SQL so every caller obeys them: reports per tag, per finder session
-- and per client address; the finder's own "thank you" e-mail at most once per
-- address per day; wrong activation codes per account and per account and tag.
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
  ('activation_failures_per_account_tag', 5, interval '1 hour', 'wrong activation attempts by one account on one tag');

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
    constraint tags_code_format check (code ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8,16}$'),
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
  return_instructions text
);
comment on table public.items is 'An owner''s tagged item. Status is empty, LOST or FOUND; the owner may rename it and set its status.';
comment on column public.items.lost_note is 'The owner''s short note to a finder (e.g. "Reward offered"); shown by tag_status only while the item is LOST.';
comment on column public.items.return_instructions is 'How the owner would like the item returned; shown by tag_status only while the item is LOST.';

create index items_owner_id_idx on public.items (owner_id);

alter table public.items enable row level security;
revoke all on table public.items from anon, authenticated;
grant select on table public.items to authenticated;
grant update (name, status, lost_note, return_instructions) on table public.items to authenticated;
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
           case when i.status = 'LOST' then i.return_instructions end as return_instructions
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
  );
$$;
comment on function public.tag_status(text) is 'The public tag lookup: status, the lost-mode note while LOST, and own_item for the owner''s test scan. Never owner data.';
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
  purge_after timestamptz not null default now() + interval '30 days',
  purged_at timestamptz,
  owner_notified_at timestamptz,
  owner_notified_channels text[] not null default '{}',
  owner_opened_at timestamptz,
  owner_seen_chat_at timestamptz,
  idempotency_key text
);
comment on table public.found_reports is 'A finder''s report of a found item, with their contact details until purged. Visible to the item''s owner and the finder who wrote it.';
comment on column public.found_reports.owner_notified_at is 'When a provider first accepted an alert to the owner (text or e-mail).';
comment on column public.found_reports.owner_notified_channels is 'The channels whose alert the provider accepted: sms, email.';
comment on column public.found_reports.owner_opened_at is 'When the owner first opened the report (dashboard or chat); no reminder after it.';
comment on column public.found_reports.owner_seen_chat_at is 'When the owner first opened the report''s chat.';
comment on column public.found_reports.idempotency_key is 'Chosen by the finder''s client, one per form submission; unique per finder.';

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

create table public.chats (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.items (id) on delete cascade,
  report_id uuid not null references public.found_reports (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.chats is 'One chat per found report between the item''s owner and the finder. Members only.';

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

-- True when the chat's report was purged: nobody posts in it again. Never
-- raises (used in a policy).
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
     where c.id = for_chat and r.purged_at is not null
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
-- session that joins with it; invites replaced by request_chat_link stay known
-- (replaced_at) so their holder can ask again; site_url is where the report
-- was made, for the fresh link.
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

-- Messages. The body rule (1..2000 characters once any Unicode whitespace is
-- trimmed from both ends) is owned here; the app mirrors MAX_MESSAGE_LENGTH.
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
  body text not null
    constraint messages_body_length check (
      char_length(body) between 1 and 2000
      and body !~ '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
      and body !~ '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
    ),
  created_at timestamptz not null default now(),
  position bigint not null default 0 constraint messages_position_key unique
);
comment on table public.messages is 'Chat messages. Members read them and insert their own; the id may be chosen by the client so a resend is a no-op.';
comment on column public.messages.position is
  'Server-assigned, strictly increasing in commit order within a chat; clients catch up with position > last held.';

create index messages_chat_id_created_at_idx on public.messages (chat_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);
create index messages_chat_id_position_idx on public.messages (chat_id, position);

alter table public.messages enable row level security;
revoke all on table public.messages from anon, authenticated;
grant select on table public.messages to authenticated;
grant insert (id, chat_id, body) on table public.messages to authenticated;
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

-- Restrictive: applies on top of whatever permissive insert policy messages has.
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

-- The finder's fields hold text only: control characters other than tab and
-- line breaks are refused (invalid_input, P0001, detail names the field),
-- whatever function writes the report.
create function app_private.check_report_text()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  bad constant text := '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]';
begin
  if new.finder_name ~ bad or new.finder_name ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_name';
  elsif new.finder_email ~ bad or new.finder_email ~ '[[:space:]]' then
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
-- one INSERT. create_found_report and create_found_report_once call it.
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
  wanted_code text := app_private.normalize_code(insert_found_report.tag_code);
  finder uuid := insert_found_report.finder_id;
  name text := app_private.clean_text(insert_found_report.finder_name, 200);
  email text := app_private.clean_text(insert_found_report.finder_email, 320);
  phone text := app_private.clean_text(insert_found_report.finder_phone, 40);
  address text := app_private.clean_text(insert_found_report.finder_address, 500);
  location text := app_private.clean_text(insert_found_report.found_location, 1000);
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

-- request_chat_link ("Send me a new link"): anyone holding a finder's link for
-- the chat (live, or replaced by an earlier request) revokes every live invite
-- and has a fresh link e-mailed to the finder's address; nothing is shown to
-- the caller. Refused once the owner revoked the invites or the finder's
-- details were purged; at most 3 requests per chat in any hour.
create function public.request_chat_link(chat_id uuid, token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid := request_chat_link.chat_id;
  invite public.chat_invites;
  report public.found_reports;
  item_name text;
  recent int;
  oldest timestamptz;
  new_token text;
  new_invite_id uuid;
  chat_url text;
begin
  if app_private.current_user_id() is null or target is null or nullif(token, '') is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  perform 1 from public.chats c where c.id = target for no key update;
  select v.* into invite
    from public.chat_invites v
   where v.chat_id = target and v.token_hash = app_private.hash_token(request_chat_link.token);
  if invite.id is null or (invite.revoked_at is not null and invite.replaced_at is null)
     or invite.site_url is null
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

  select count(*), min(v.created_at) into recent, oldest
    from public.chat_invites v
   where v.chat_id = target and v.reason = 'resend' and v.created_at > now() - interval '1 hour';
  if recent >= 3 then
    raise exception 'too_many_requests' using errcode = 'P0001',
      detail = greatest(1, ceil(extract(epoch from (oldest + interval '1 hour' - now()))))::int::text;
  end if;

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
-- finder's first name, where and when it was found, and the caller's role.
create function public.chat_summary(chat_id uuid)
returns table (
  chat_id uuid,
  item_id uuid,
  item_name text,
  item_status text,
  finder_first_name text,
  found_location text,
  found_at timestamptz,
  viewer_role text
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.item_id, i.name, i.status,
         app_private.first_name(r.finder_name), r.found_location, r.created_at, m.role
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

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  dedupe_key text not null unique,
  channel text not null
    constraint notifications_channel_check check (channel in ('sms', 'email')),
  template text not null
    constraint notifications_template_check check (template in (
      'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
      'reminder_sms', 'reminder_email'
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
  first_attempt_at timestamptz
);
comment on table public.notifications is 'Outbox of e-mails and text messages, with delivery status, attempts and backoff. Service role only.';
comment on column public.notifications.lease_id is 'The current holder''s lease: only it may record a failure or an unknown outcome.';
comment on column public.notifications.outcome_unknown is 'An earlier attempt may have reached the provider: look the message up before sending again.';
comment on column public.notifications.first_attempt_at is 'When the first attempt started: the lower bound for looking the message up at the provider.';

create index notifications_due_idx on public.notifications (next_attempt_at)
  where status in ('pending', 'sending', 'unknown');
create index notifications_report_id_idx on public.notifications (report_id);
create index notifications_finder_email_idx on public.notifications (lower(recipient), created_at)
  where template = 'finder_thanks_email';

alter table public.notifications enable row level security;
revoke all on table public.notifications from anon, authenticated;
grant all on table public.notifications to service_role;

-- Atomically takes up to max_rows due rows for one lease: pending and unknown
-- rows whose next attempt is due, and 'sending' rows whose holder's lease ran
-- out (it may have crashed after the provider took the message, so the outcome
-- is unknown). Optionally only one report's rows (delivery right after a report).
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
  )
  update public.notifications n
     set status = 'sending',
         lease_id = gen_random_uuid(),
         locked_until = now() + make_interval(secs => greatest(coalesce(claim_notifications.lease_seconds, 60), 5)),
         attempts = n.attempts + 1,
         first_attempt_at = coalesce(n.first_attempt_at, now()),
         outcome_unknown = n.outcome_unknown or n.status in ('sending', 'unknown')
    from due
   where n.id = due.id
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

-- The provider may have the message (timeout, connection lost mid-call): keep
-- it as 'unknown', to be looked up at the provider before any resend. After
-- max_attempts it is given up as 'failed'. Only the lease holder.
create function public.mark_notification_unknown(
  id uuid,
  error text,
  max_attempts int default 8,
  lease_id uuid default null
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
                    when n.attempts >= coalesce(mark_notification_unknown.max_attempts, 8) then 'failed'
                    else 'unknown'
                  end,
         next_attempt_at = now() + app_private.notification_backoff(n.attempts, null),
         locked_until = null,
         lease_id = null,
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
revoke all on function public.mark_notification_unknown(uuid, text, int, uuid) from public, anon, authenticated;
grant execute on function public.mark_notification_unknown(uuid, text, int, uuid) to service_role;

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

-- Escalation settings: one row, edited with SQL (update app_private.escalation_settings set ...).
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
-- quiet hours unless the item is LOST. Idempotent (dedupe keys): call it as
-- often as you like; the notification-escalation job calls it every minute.
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
  on conflict (dedupe_key) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
revoke all on function public.enqueue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.enqueue_reminders(timestamptz) to service_role;

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

-- Each new message on chat:<id>; a finder's also on owner:<owner_id>.
create function app_private.broadcast_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  perform realtime.send(to_jsonb(new), 'message', 'chat:' || new.chat_id::text, true);
  if new.sender_role = 'finder' then
    select * into chat from public.chats c where c.id = new.chat_id;
    if chat.id is not null then
      perform realtime.send(
        jsonb_build_object('chat_id', chat.id, 'item_id', chat.item_id, 'message', to_jsonb(new)),
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
-- 12. Purge of finder data
-- ============================================================================
-- Deletion that is complete. A finder's details are deleted 7 days after the
-- owner marks the item FOUND, and 30 days after the report otherwise, from
-- everywhere they are held: the report keeps only a stub (no name, e-mail,
-- phone, address or where-found), the chat's messages, invites and the finder's
-- membership go, every notification row of the report is scrubbed (rows not yet
-- sent are cancelled and never sent), Realtime's stored copies of the chat are
-- deleted, and so is the anonymous finder's user. A purged chat is closed
-- (app_private.is_chat_closed): nobody can post in it again.
create function public.purge_finder_data()
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
  select coalesce(array_agg(r.id), '{}'), coalesce(array_agg(distinct r.finder_id)
           filter (where r.finder_id is not null), '{}')
    into purged_ids, finders
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.purged_at is null
     and (
       r.purge_after <= now()
       or r.created_at <= now() - interval '30 days'
       or (i.status = 'FOUND' and i.status_changed_at >= r.created_at
           and i.status_changed_at <= now() - interval '7 days')
     );

  -- housekeeping of the abuse limits' own records, whatever else happens
  delete from app_private.report_sources s where s.created_at < now() - interval '1 day';
  delete from app_private.activation_failures f where f.failed_at < now() - interval '1 day';

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
      raise warning 'purge_finder_data: realtime.messages not purged: %', sqlerrm;
  end;

  update public.found_reports r
     set finder_name = null,
         finder_email = null,
         finder_phone = null,
         finder_address = null,
         found_location = null,
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
      raise warning 'purge_finder_data: anonymous finders not deleted: %', sqlerrm;
  end;

  return cardinality(purged_ids);
end;
$$;
revoke all on function public.purge_finder_data() from public, anon, authenticated;
grant execute on function public.purge_finder_data() to service_role;

-- ============================================================================
-- 13. Schedules
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
