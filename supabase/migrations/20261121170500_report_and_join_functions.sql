-- create_found_report (service role, from the report-found Edge Function) and
-- join_chat (any signed-in user, including anonymous finders).

-- Seconds until another report is accepted, or 0: at most 5 reports per finder
-- and 20 per item in any hour.
create function app_private.report_retry_after(for_finder uuid, for_item uuid)
returns int
language sql
stable
set search_path = ''
as $$
  with windows as (
    select min(created_at) as oldest, count(*) as reports
      from (
        select created_at from public.found_reports
         where finder_id = for_finder and created_at > now() - interval '1 hour'
         order by created_at desc limit 5
      ) by_finder
    having count(*) >= 5
    union all
    select min(created_at), count(*)
      from (
        select created_at from public.found_reports
         where item_id = for_item and created_at > now() - interval '1 hour'
         order by created_at desc limit 20
      ) by_item
    having count(*) >= 20
  )
  select coalesce(
    max(greatest(1, ceil(extract(epoch from (oldest + interval '1 hour' - now()))))::int),
    0
  )
  from windows;
$$;
revoke all on function app_private.report_retry_after(uuid, uuid) from public;

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
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  wanted_code text := app_private.normalize_code(create_found_report.tag_code);
  finder uuid := create_found_report.finder_id;
  name text := app_private.clean_text(create_found_report.finder_name, 200);
  email text := app_private.clean_text(create_found_report.finder_email, 320);
  phone text := app_private.clean_text(create_found_report.finder_phone, 40);
  address text := app_private.clean_text(create_found_report.finder_address, 500);
  location text := app_private.clean_text(create_found_report.found_location, 1000);
  base_url text := rtrim(trim(coalesce(create_found_report.site_url, '')), '/');
  item public.items;
  owner_email text;
  owner_mobile text;
  owner_name text;
  new_report public.found_reports;
  new_chat_id uuid;
  token text;
  chat_url text;
  wait_seconds int;
  details jsonb;
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

  wait_seconds := app_private.report_retry_after(finder, item.id);
  if wait_seconds > 0 then
    raise exception 'too_many_reports' using errcode = 'P0001', detail = wait_seconds::text;
  end if;

  insert into public.found_reports
    (item_id, owner_id, finder_id, finder_name, finder_email, finder_phone, finder_address, found_location)
  values (item.id, item.owner_id, finder, name, email, phone, address, location)
  returning * into new_report;

  insert into public.chats (item_id, report_id, owner_id)
  values (item.id, new_report.id, item.owner_id)
  returning id into new_chat_id;

  insert into public.chat_members (chat_id, user_id, role)
  values (new_chat_id, item.owner_id, 'owner');
  insert into public.chat_members (chat_id, user_id, role)
  values (new_chat_id, finder, 'finder')
  on conflict do nothing;

  token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
  insert into public.chat_invites (chat_id, token_hash, expires_at)
  values (new_chat_id, encode(extensions.digest(token, 'sha256'), 'hex'), now() + interval '30 days');

  chat_url := base_url || '/chat?chatId=' || new_chat_id || '#token=' || token;

  select p.email, p.mobile_number, p.full_name into owner_email, owner_mobile, owner_name
    from public.profiles p where p.id = item.owner_id;
  if owner_email is null then
    select u.email into owner_email from auth.users u where u.id = item.owner_id;
  end if;

  details := jsonb_build_object(
    'item_name', item.name,
    'tag_code', item.tag_code,
    'owner_name', owner_name,
    'finder_name', name,
    'finder_email', email,
    'finder_phone', phone,
    'finder_address', address,
    'found_location', location,
    'chat_url', chat_url,
    'report_id', new_report.id,
    'chat_id', new_chat_id
  );

  if nullif(trim(coalesce(owner_mobile, '')), '') is not null then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
    values (new_report.id || ':found_sms', 'sms', 'found_sms', trim(owner_mobile), details, new_report.id);
  end if;
  if owner_email is not null then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
    values (new_report.id || ':owner_found_email', 'email', 'owner_found_email', owner_email, details, new_report.id);
  end if;
  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  values (new_report.id || ':finder_thanks_email', 'email', 'finder_thanks_email', email, details, new_report.id);

  report_id := new_report.id;
  chat_id := new_chat_id;
  invite_token := token;
  item_id := item.id;
  owner_id := item.owner_id;
  return next;
end;
$$;
revoke all on function public.create_found_report(text, uuid, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.create_found_report(text, uuid, text, text, text, text, text, text)
  to service_role;

-- join_chat: the chat's owner is 'owner' without a token; anyone holding a
-- valid, unexpired, unrevoked invite becomes 'finder'; an existing member gets
-- their role again. Every other case is the same 'invalid_invite'.
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
  if existing_role is not null then
    return existing_role;
  end if;

  if chat_owner = caller then
    insert into public.chat_members (chat_id, user_id, role) values (target, caller, 'owner')
    on conflict do nothing;
    return 'owner';
  end if;

  if not exists (
    select 1 from public.chat_invites v
     where v.chat_id = target
       and v.token_hash = encode(extensions.digest(coalesce(join_chat.token, ''), 'sha256'), 'hex')
       and v.expires_at > now()
       and v.revoked_at is null
  ) then
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
