-- Tags (minted by the operator), the items owners attach them to, activation
-- with throttled attempts, and the public tag lookup.

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
  status_changed_at timestamptz
);
comment on table public.items is 'An owner''s tagged item. Status is empty, LOST or FOUND; the owner may rename it and set its status.';

create index items_owner_id_idx on public.items (owner_id);

alter table public.items enable row level security;
revoke all on table public.items from anon, authenticated;
grant select on table public.items to authenticated;
grant update (name, status) on table public.items to authenticated;
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

-- Failed activation attempts, counted per user and per tag code for throttling.
create table app_private.activation_failures (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  tag_code text not null,
  failed_at timestamptz not null default now()
);
comment on table app_private.activation_failures is 'Failed activation attempts, for throttling activate_tag.';
create index activation_failures_user_idx on app_private.activation_failures (user_id, failed_at);
create index activation_failures_code_idx on app_private.activation_failures (tag_code, failed_at);
revoke all on table app_private.activation_failures from public, anon, authenticated;

-- Seconds until the caller may try again, or 0 when not throttled
-- (at most 10 failures per user, and per tag code, in any hour).
create function app_private.activation_retry_after(for_user uuid, for_code text)
returns int
language sql
stable
set search_path = ''
as $$
  with windows as (
    select min(failed_at) as oldest, count(*) as failures
      from (
        select failed_at from app_private.activation_failures
         where user_id = for_user and failed_at > now() - interval '1 hour'
         order by failed_at desc limit 10
      ) by_user
    union all
    select min(failed_at), count(*)
      from (
        select failed_at from app_private.activation_failures
         where tag_code = for_code and failed_at > now() - interval '1 hour'
         order by failed_at desc limit 10
      ) by_code
  )
  select coalesce(
    max(greatest(1, ceil(extract(epoch from (oldest + interval '1 hour' - now()))))::int)
      filter (where failures >= 10),
    0
  )
  from windows;
$$;
revoke all on function app_private.activation_retry_after(uuid, text) from public;

create function app_private.record_activation_failure(for_user uuid, for_code text)
returns void
language sql
set search_path = ''
as $$
  insert into app_private.activation_failures (user_id, tag_code)
  values (for_user, app_private.normalize_code(for_code));
$$;
revoke all on function app_private.record_activation_failure(uuid, text) from public;

-- tag_status: 'activated', 'unclaimed' or 'not_found', and nothing else.
create function public.tag_status(code text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select case t.status when 'activated' then 'activated' when 'unclaimed' then 'unclaimed' end
       from public.tags t
      where t.code = app_private.normalize_code(tag_status.code)),
    'not_found'
  );
$$;
revoke all on function public.tag_status(text) from public, anon, authenticated;
grant execute on function public.tag_status(text) to anon, authenticated, service_role;

-- activate_tag: a registered owner claims an unclaimed tag with its activation
-- code and names the item, in one transaction.
create function public.activate_tag(code text, activation_code text, item_name text)
returns public.items
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  tag_code text := app_private.normalize_code(activate_tag.code);
  plain_code text := app_private.normalize_code(activate_tag.activation_code);
  name text := trim(coalesce(activate_tag.item_name, ''));
  tag public.tags;
  -- compared against when the tag is unknown, so both paths cost the same
  dummy_hash constant text := '$2a$08$S47Eq91Mi0Fm0865xXSq2.GJ5XgWbRN7fhCkGuahA/RbG/PK243q6';
  wait_seconds int;
  is_match boolean;
  item public.items;
begin
  if caller is null or app_private.is_anonymous_user() then
    raise exception 'permission denied for function activate_tag' using errcode = '42501';
  end if;
  if tag_code = '' or char_length(tag_code) > 32 or plain_code = '' or char_length(plain_code) > 64
     or char_length(name) < 1 or char_length(name) > 80 then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;

  wait_seconds := app_private.activation_retry_after(caller, tag_code);
  if wait_seconds > 0 then
    raise exception 'too_many_attempts' using errcode = 'P0001', detail = wait_seconds::text;
  end if;

  select * into tag from public.tags t where t.code = tag_code for update;
  is_match := extensions.crypt(plain_code, coalesce(tag.activation_code_hash, dummy_hash))
                = coalesce(tag.activation_code_hash, dummy_hash)
              and tag.id is not null
              and tag.status = 'unclaimed';
  if not is_match then
    -- Kept when the caller's transaction commits; callers that roll back on
    -- error (PostgREST) record it with record_activation_failure instead.
    perform app_private.record_activation_failure(caller, tag_code);
    raise exception 'activation_incorrect' using errcode = 'P0001';
  end if;

  insert into public.items (tag_id, tag_code, owner_id, name, status, found_by)
  values (tag.id, tag.code, caller, name, null, null)
  returning * into item;

  update public.tags t set status = 'activated', activated_at = now() where t.id = tag.id;
  return item;
end;
$$;
revoke all on function public.activate_tag(text, text, text) from public, anon, authenticated;
grant execute on function public.activate_tag(text, text, text) to authenticated, service_role;

-- record_activation_failure: for the activate-tag Edge Function (service role)
-- after activate_tag answered 'activation_incorrect', because the failed
-- call's own transaction is rolled back by PostgREST.
create function public.record_activation_failure(user_id uuid, code text)
returns void
language sql
security definer
set search_path = ''
as $$
  select app_private.record_activation_failure(
    record_activation_failure.user_id,
    record_activation_failure.code
  );
$$;
revoke all on function public.record_activation_failure(uuid, text) from public, anon, authenticated;
grant execute on function public.record_activation_failure(uuid, text) to service_role;

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
