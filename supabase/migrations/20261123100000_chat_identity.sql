-- Chat where everyone is themselves (issue 13):
--   * messages get a server-assigned, strictly increasing position (catch-up
--     asks for everything after the last position it holds, never by clocks);
--   * the body rule (1..2000 characters once any Unicode whitespace is trimmed
--     from both ends) is owned here; the app mirrors MAX_MESSAGE_LENGTH;
--   * a finder's invite is bound to the session that first joins with it, and
--     "Send me a new link" (request_chat_link) revokes it and e-mails a fresh
--     one to the finder's address through the outbox;
--   * the owner's e-mail and SMS carry /chat?chatId=ID with no capability;
--   * clients can no longer broadcast or track presence on any private topic
--     (chat:* and owner:* are fed by the database only);
--   * the owner's hub: every report per item with unread counts
--     (list_conversations), what a chat is about (chat_summary), read marks.

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

-- Positions: one sequence, taken while the chat row is locked, so within a chat
-- positions follow commit order and a reader never sees a gap filled later.
create sequence app_private.message_position_seq as bigint;
revoke all on sequence app_private.message_position_seq from public;

alter table public.messages add column position bigint;

with ordered as (
  select m.id, row_number() over (order by m.created_at, m.id) as n from public.messages m
)
update public.messages m set position = ordered.n from ordered where ordered.id = m.id;

select setval(
  'app_private.message_position_seq',
  coalesce((select max(m.position) from public.messages m), 0) + 1,
  false
);

alter table public.messages alter column position set not null;
alter table public.messages add constraint messages_position_key unique (position);
create index messages_chat_id_position_idx on public.messages (chat_id, position);
comment on column public.messages.position is
  'Server-assigned, strictly increasing in commit order within a chat; clients catch up with position > last held.';

-- Trimmed by the trigger below; what is stored starts and ends with something
-- other than whitespace and holds 1..2000 characters.
alter table public.messages drop constraint messages_body_length;
alter table public.messages add constraint messages_body_length check (
  char_length(body) between 1 and 2000
  and body !~ '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
  and body !~ '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
);

-- The sender's role comes from membership, never from the client; the time and
-- the position from the server; the body is trimmed of whitespace.
create or replace function app_private.messages_set_sender()
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

-- Read marks: the position up to which a member has read the chat.
alter table public.chat_members add column last_read_position bigint not null default 0;

-- Invites: bound to the first session that joins with them; replaced ones
-- (by request_chat_link) stay known so their holder can ask again.
alter table public.chat_invites
  add column bound_user_id uuid references auth.users (id) on delete cascade,
  add column replaced_at timestamptz,
  add column reason text not null default 'report'
    constraint chat_invites_reason_check check (reason in ('report', 'resend')),
  add column site_url text;
create index chat_invites_bound_user_id_idx on public.chat_invites (bound_user_id);

update public.chat_invites v
   set site_url = (
     select split_part(n.payload ->> 'chat_url', '/chat?chatId=', 1)
       from public.notifications n
       join public.chats c on c.report_id = n.report_id
      where c.id = v.chat_id and n.payload ? 'chat_url'
      limit 1
   )
 where v.site_url is null;

-- The outbox learns the e-mail carrying a finder's fresh link.
alter table public.notifications drop constraint notifications_template_check;
alter table public.notifications add constraint notifications_template_check check (
  template in ('found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email')
);

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
  details jsonb;
  owner_details jsonb;
  wait_seconds int;
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

  token := app_private.new_invite_token();
  insert into public.chat_invites (chat_id, token_hash, expires_at, reason, site_url)
  values (new_chat_id, app_private.hash_token(token), now() + interval '30 days', 'report', base_url);

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
    'chat_url', app_private.chat_url(base_url, new_chat_id, token),
    'report_id', new_report.id,
    'chat_id', new_chat_id
  );
  -- The owner signs in to chat: their link holds no token.
  owner_details := details || jsonb_build_object('chat_url', app_private.chat_url(base_url, new_chat_id));

  if nullif(trim(coalesce(owner_mobile, '')), '') is not null then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
    values (new_report.id || ':found_sms', 'sms', 'found_sms', trim(owner_mobile), owner_details, new_report.id);
  end if;
  if owner_email is not null then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
    values (new_report.id || ':owner_found_email', 'email', 'owner_found_email', owner_email, owner_details, new_report.id);
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

-- join_chat: an existing member gets their role again; the chat's owner is
-- 'owner' without a token; a valid, unexpired, unrevoked invite makes the
-- caller 'finder' and is bound to the first session that uses it. The same
-- invite from another session is 'invite_bound'; every other case is the same
-- 'invalid_invite'.
create or replace function public.join_chat(chat_id uuid, token text)
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

-- Clients never send on chat:* or owner:* (nor any other private topic): what
-- arrives there comes from the database only.
drop policy "Members broadcast and track presence on chat topics" on realtime.messages;
