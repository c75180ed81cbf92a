-- A found report with less database work: the finder's answer waits on it,
-- and on the local stack a burst of reports queues on one connection. Same
-- rules, same rows, same refusals; fewer statements and function calls.
--
-- * app_private.insert_found_report is what create_found_report did, with the
--   idempotency key written by the report's own INSERT (create_found_report_once
--   used to UPDATE the row after it), both chat members in one INSERT and the
--   notifications in one INSERT. create_found_report and
--   create_found_report_once both call it; report_found is unchanged.
-- * found_reports' single-column indexes on item_id and finder_id go: the
--   (item_id, created_at) and (finder_id, created_at) indexes serve every
--   lookup they served (foreign keys, RLS, the abuse limits).
-- * enforce_report_limits finds, for each limit, the max_count-th newest event
--   inside its window with one indexed query, instead of collecting the window
--   into an array for wait_seconds (which also read the limit again).

drop index public.found_reports_item_id_idx;
drop index public.found_reports_finder_id_idx;

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

create or replace function public.create_found_report(
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

create or replace function public.create_found_report_once(
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

create or replace function app_private.enforce_report_limits()
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
