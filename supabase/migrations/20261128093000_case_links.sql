-- Case links (issue 50): an owner of a LOST item gives a named third party (an
-- airline's baggage desk, a station's lost property) a time-limited, revocable link
-- to that item's case. Whoever opens it, with no account, signs in anonymously and
-- redeems the link's token with open_case_link: they join the case's own chat as a
-- 'finder' member (chat_members' roles are unchanged) and see what the owner chose
-- to show. Every opening is logged for the owner.
--
-- The server refuses a case-link visitor once the link has expired or is revoked:
-- app_private.is_chat_member (which the policies on chats, chat_members, messages,
-- chat_returns, storage and realtime read) answers false for a visitor of a link
-- that is no longer live, and can_use_topic (Realtime's chat:<id> topics) now asks
-- is_chat_member. Revoking, and 'Mark as returned', close the case's chat, which
-- tells an open page live (the 'closed' broadcast on chat:<id>).
--
-- Items always have a tag (items.tag_id is not null), so a case link is always for
-- a tagged item; an untagged item held somewhere cannot be modelled yet.

-- 1. The rules, in one place: the app reads them through public.case_link_rules().
create function app_private.case_link_rules()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'max_active_per_item', 3,
    'min_days', 1,
    'max_days', 30,
    'label_max_length', 120,
    'contact_max_length', 300
  );
$$;
comment on function app_private.case_link_rules() is 'Case links: at most max_active_per_item live links per item, valid min_days to max_days, the third party''s name up to label_max_length characters, the owner''s shared contact text up to contact_max_length.';

create function public.case_link_rules()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select app_private.case_link_rules();
$$;
comment on function public.case_link_rules() is 'The case-link rules (app_private.case_link_rules) for the owner''s form.';
revoke all on function public.case_link_rules() from public;
grant execute on function public.case_link_rules() to anon, authenticated, service_role;

insert into app_private.retention_periods (name, keep_for, description) values
  ('case_link_after_end', interval '30 days',
   'A case link, its openings and its conversation (the visitor''s messages and photos), after the link expired, was revoked or the item was marked returned.');

-- 2. The links.
create table public.case_links (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.items (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  label text not null,
  contact_note text,
  token text not null,
  token_hash text not null constraint case_links_token_hash_key unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  site_url text,
  created_at timestamptz not null default now(),
  constraint case_links_site_url_shape check (site_url is null or site_url ~ '^https?://[A-Za-z0-9.:\[\]-]+$'),
  constraint case_links_label_length check (char_length(btrim(label)) between 1 and 120),
  constraint case_links_contact_note_length check (contact_note is null or char_length(btrim(contact_note)) between 1 and 300),
  constraint case_links_expiry check (expires_at > created_at and expires_at <= created_at + interval '30 days 1 minute')
);
comment on table public.case_links is 'An owner''s time-limited, revocable link to one item''s case for a named third party (label). The token is shown only to the owner (my_case_links); visitors redeem it with open_case_link, which looks it up by token_hash. The owner reads their own links; written only by create_case_link and revoke_case_link.';
comment on column public.case_links.label is 'Who the link is for, in the owner''s words: "British Airways baggage, ref LHRBA12345".';
comment on column public.case_links.contact_note is 'Contact details the owner chose to share with this third party; nothing else of the owner''s is shown.';
comment on column public.case_links.site_url is 'The site the owner made the link on (its origin): the address of the owner''s alerts about its messages, as chat_invites.site_url is for a finder''s.';
comment on column public.case_links.token is 'The link''s secret, kept so the owner can copy or print the link again; no client role may read this column.';
alter table public.case_links enable row level security;
create index case_links_item_id_idx on public.case_links (item_id);
create index case_links_owner_id_idx on public.case_links (owner_id);
revoke all on table public.case_links from public, anon, authenticated;
grant select (id, item_id, owner_id, label, contact_note, expires_at, revoked_at, created_at)
  on table public.case_links to authenticated;
grant all on table public.case_links to service_role;
create policy "Owners read their own case links" on public.case_links for select to authenticated
  using ((select auth.uid()) = owner_id);

create table public.case_link_openings (
  id bigint generated always as identity primary key,
  case_link_id uuid not null references public.case_links (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  visitor_id uuid references auth.users (id) on delete set null,
  opened_at timestamptz not null default now()
);
comment on table public.case_link_openings is 'Every opening of a case link (one row per page load of /case/<token>), for its owner. Written only by open_case_link; goes with its link.';
alter table public.case_link_openings enable row level security;
create index case_link_openings_case_link_id_idx on public.case_link_openings (case_link_id, opened_at);
create index case_link_openings_owner_id_idx on public.case_link_openings (owner_id);
create index case_link_openings_visitor_id_idx on public.case_link_openings (visitor_id);
revoke all on table public.case_link_openings from public, anon, authenticated;
grant select (id, case_link_id, owner_id, opened_at) on table public.case_link_openings to authenticated;
grant all on table public.case_link_openings to service_role;
create policy "Owners read their case links' openings" on public.case_link_openings for select to authenticated
  using ((select auth.uid()) = owner_id);

-- 3. A case's chat has no found report: chats.report_id becomes nullable and
-- case_link_id names the link instead.
alter table public.chats alter column report_id drop not null;
alter table public.chats add column case_link_id uuid references public.case_links (id) on delete cascade;
alter table public.chats add constraint chats_report_or_case_link check (report_id is not null or case_link_id is not null);
create unique index chats_case_link_id_idx on public.chats (case_link_id);
comment on column public.chats.case_link_id is 'For a case link''s chat (no found report): the link. The visitor is its finder member while the link is live.';

-- One new reason a chat ends: the owner revoked its case link. The lists are the
-- current ones (supabase/schema.sql) plus 'case_link_revoked'.
alter table public.chats drop constraint chats_closed_reason_check;
alter table public.chats add constraint chats_closed_reason_check check (closed_reason = any (array[
  'returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged', 'blocked',
  'closed_by_operator', 'case_link_revoked']));
comment on column public.chats.closed_reason is 'Why: returned, closed_by_owner, finder_left, account_deleted, purged, blocked (the owner blocked the finder), closed_by_operator (after a report) or case_link_revoked (the owner withdrew the case link).';
alter table app_private.chat_endings drop constraint chat_endings_reason_check;
alter table app_private.chat_endings add constraint chat_endings_reason_check check (reason = any (array[
  'returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged', 'blocked',
  'closed_by_operator', 'case_link_revoked']));

-- 4. Whether a case link is live (not revoked, not expired).
create function app_private.is_case_link_live(for_link uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.case_links l
     where l.id = for_link and l.revoked_at is null and l.expires_at > now()
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_case_link_live(uuid) from public, anon;
grant execute on function app_private.is_case_link_live(uuid) to authenticated, service_role;

-- is_chat_member: the CURRENT body, plus the case-link gate (a finder member of a
-- case's chat is a member only while the link is live).
create or replace function app_private.is_chat_member(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  member_role text;
  link uuid;
begin
  if caller is null or for_chat is null then
    return false;
  end if;
  select m.role into member_role
    from public.chat_members m where m.chat_id = for_chat and m.user_id = caller;
  if member_role is null then
    return false;
  end if;
  if member_role = 'finder' then
    select c.case_link_id into link from public.chats c where c.id = for_chat;
    if link is not null and not app_private.is_case_link_live(link) then
      return false;
    end if;
  end if;
  return true;
exception
  when others then
    return false;
end;
$$;

-- can_use_topic: the CURRENT body, with chat:<id> topics asking is_chat_member
-- (so a case-link visitor whose link is no longer live cannot join the channel).
create or replace function app_private.can_use_topic(topic text, for_write boolean)
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
    return app_private.is_chat_member(topic_chat);
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

-- is_chat_closed: the CURRENT body, with the report joined optionally (a case's
-- chat has none).
create or replace function app_private.is_chat_closed(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.chats c left join public.found_reports r on r.id = c.report_id
     where c.id = for_chat and (c.closed_at is not null or r.purged_at is not null)
  );
exception
  when others then
    return false;
end;
$$;

-- broadcast_report: the CURRENT body; a case's chat is not a found report, so the
-- owner is not told of a "report" when they create a case link.
create or replace function app_private.broadcast_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.found_reports;
  item_name text;
begin
  if new.report_id is null then
    return null;
  end if;
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

-- broadcast_message: the CURRENT body; the owner's push about a message in a
-- case's chat points at the site the link was made on (a case's chat has no invite).
create or replace function app_private.broadcast_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  unread int;
  site text;
begin
  perform realtime.send(
    jsonb_build_object('chat_id', new.chat_id, 'position', new.position),
    'message',
    'chat:' || new.chat_id::text,
    true
  );
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
          'position', new.position,
          'unread', unread,
          'preview', left(btrim(regexp_replace(new.body, '\s+', ' ', 'g')), 81),
          'photos', coalesce(cardinality(new.photo_paths), 0),
          'quiet_seconds', (select extract(epoch from l.per)::int from app_private.limits l
                             where l.name = 'owner_alerts_per_chat')
        ),
        'message',
        'owner:' || chat.owner_id::text,
        true
      );
      select i.site_url into site
        from public.chat_invites i
       where i.chat_id = chat.id and i.site_url is not null
       order by i.created_at desc
       limit 1;
      if site is null and chat.case_link_id is not null then
        select l.site_url into site from public.case_links l where l.id = chat.case_link_id;
      end if;
      if site is not null then
        perform app_private.enqueue_pushes(
          chat.owner_id, 'message_push', 'message:' || new.id, chat.report_id,
          jsonb_build_object(
            'item_name', (select it.name from public.items it where it.id = chat.item_id),
            'chat_id', chat.id,
            'chat_url', app_private.chat_url(site, chat.id),
            'report_id', chat.report_id
          )
        );
      end if;
    end if;
  end if;
  return null;
end;
$$;

-- close_chat: the CURRENT body, with 'case_link_revoked' among the reasons.
create or replace function app_private.close_chat(p_chat_id uuid, p_reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  deleted_on timestamptz;
begin
  if p_reason is null or p_reason not in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged', 'blocked', 'closed_by_operator', 'case_link_revoked') then
    raise exception 'invalid_close_reason' using errcode = '22023', detail = coalesce(p_reason, 'null');
  end if;

  update public.chats c
     set closed_at = now(), closed_reason = p_reason
   where c.id = p_chat_id and c.closed_at is null
  returning c.* into chat;
  if chat.id is null then
    return false;
  end if;

  -- Why it ended, for the finder's sessions and links even after the purge
  -- (purge_reports wrote the row first when the purge came before the closing).
  insert into app_private.chat_endings as e (chat_id, reason, ended_at, finder_user_ids, token_hashes)
  select chat.id, chat.closed_reason, chat.closed_at,
         coalesce(array_agg(distinct m.user_id) filter (where m.user_id is not null), '{}'),
         coalesce((select array_agg(v.token_hash) from public.chat_invites v where v.chat_id = chat.id), '{}')
    from public.chat_members m
    join auth.users u on u.id = m.user_id and u.is_anonymous
   where m.chat_id = chat.id and m.role = 'finder'
  on conflict (chat_id) do update
     set reason = excluded.reason, ended_at = excluded.ended_at,
         finder_user_ids = array(select distinct unnest(e.finder_user_ids || excluded.finder_user_ids)),
         token_hashes = array(select distinct unnest(e.token_hashes || excluded.token_hashes));

  -- The item is home: the owner's postal address is no longer shown to anyone.
  if p_reason = 'returned' then
    update public.chat_returns cr
       set postal_address = null, address_shared_at = null, updated_at = now()
     where cr.chat_id = chat.id and cr.postal_address is not null;
    if found then
      perform app_private.announce_ways_back(chat, 'address_withdrawn');
    end if;
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
     and n.status in ('pending', 'sending', 'unknown');

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

-- chat_summary: the CURRENT body, with the report joined optionally; for a case's
-- chat the "finder" is the case link's third party (its label).
drop function public.chat_summary(uuid);
create function public.chat_summary(chat_id uuid)
returns table(chat_id uuid, item_id uuid, item_name text, item_status text, finder_first_name text, found_location text, found_at timestamp with time zone, viewer_role text, closed_at timestamp with time zone, closed_reason text, finder_details_deleted_on timestamp with time zone, return_options text[], finder_language text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.item_id, i.name, i.status,
         coalesce(app_private.first_name(r.finder_name), l.label), r.found_location,
         coalesce(r.created_at, l.created_at), m.role,
         c.closed_at, c.closed_reason,
         case when r.id is not null and r.purged_at is null then r.purge_after end,
         i.return_options,
         r.finder_language
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = app_private.current_user_id()
    join public.items i on i.id = c.item_id
    left join public.found_reports r on r.id = c.report_id
    left join public.case_links l on l.id = c.case_link_id
   where c.id = chat_summary.chat_id
     and (c.report_id is not null or c.case_link_id is not null)
     and app_private.is_chat_member(c.id);
$$;
revoke all on function public.chat_summary(uuid) from public, anon;
grant execute on function public.chat_summary(uuid) to authenticated, service_role;

-- photos_to_delete: the CURRENT body; a case's chat has no report, and its photos
-- stay while the chat does (purge_case_links deletes the chat).
create or replace function public.photos_to_delete(max_rows integer default 1000)
returns table(bucket_id text, name text)
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
         select 1 from public.chats c left join public.found_reports r on r.id = c.report_id
          where c.id = app_private.folder_uuid((storage.foldername(o.name))[1])
            and ((r.id is not null and r.purged_at is null) or c.case_link_id is not null)
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

-- 5. The owner's calls.
create function public.create_case_link(
  item_id uuid,
  label text,
  valid_days integer,
  contact_note text default null,
  site_url text default null
)
returns table(case_link_id uuid, chat_id uuid, token text, expires_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  rules jsonb := app_private.case_link_rules();
  item public.items;
  clean_label text := btrim(coalesce(create_case_link.label, ''));
  clean_contact text := nullif(btrim(coalesce(create_case_link.contact_note, '')), '');
  new_token text := app_private.new_invite_token();
  link public.case_links;
  new_chat uuid;
begin
  if caller is null or app_private.is_anonymous_user() then
    raise exception 'item_not_found' using errcode = 'PT404';
  end if;
  select i.* into item from public.items i
   where i.id = create_case_link.item_id and i.owner_id = caller
   for update;
  if item.id is null then
    raise exception 'item_not_found' using errcode = 'PT404';
  end if;
  if item.status is distinct from 'LOST' then
    raise exception 'item_not_lost' using errcode = 'P0001';
  end if;
  if char_length(clean_label) < 1 or char_length(clean_label) > (rules ->> 'label_max_length')::int
     or clean_label ~ '[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]' then
    raise exception 'case_link_label' using errcode = '22023', detail = rules ->> 'label_max_length';
  end if;
  if clean_contact is not null
     and (char_length(clean_contact) > (rules ->> 'contact_max_length')::int
          or clean_contact ~ '[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]') then
    raise exception 'case_link_contact' using errcode = '22023', detail = rules ->> 'contact_max_length';
  end if;
  if create_case_link.valid_days is null
     or create_case_link.valid_days < (rules ->> 'min_days')::int
     or create_case_link.valid_days > (rules ->> 'max_days')::int then
    raise exception 'case_link_days' using errcode = '22023',
      detail = (rules ->> 'min_days') || '-' || (rules ->> 'max_days');
  end if;
  if (select count(*) from public.case_links l
       where l.item_id = item.id and l.revoked_at is null and l.expires_at > now()
         and not exists (select 1 from public.chats c where c.case_link_id = l.id and c.closed_at is not null)
     ) >= (rules ->> 'max_active_per_item')::int then
    raise exception 'too_many_case_links' using errcode = 'P0001', detail = rules ->> 'max_active_per_item';
  end if;

  insert into public.case_links (item_id, owner_id, label, contact_note, token, token_hash, expires_at, site_url)
  values (item.id, caller, clean_label, clean_contact, new_token, app_private.hash_token(new_token),
          now() + make_interval(days => create_case_link.valid_days),
          case when create_case_link.site_url ~ '^https?://[A-Za-z0-9.:\[\]-]+$' then create_case_link.site_url end)
  returning * into link;
  insert into public.chats (item_id, report_id, owner_id, case_link_id)
  values (item.id, null, caller, link.id)
  returning id into new_chat;
  insert into public.chat_members (chat_id, user_id, role) values (new_chat, caller, 'owner');
  return query select link.id, new_chat, new_token, link.expires_at;
end;
$$;
comment on function public.create_case_link(uuid,text,integer,text,text) is 'The owner of a LOST item makes a case link for a named third party, valid 1 to 30 days (case_link_rules), with its own chat; site_url (the app''s origin) is where the owner''s alerts about its messages point. Raises item_not_found, item_not_lost, case_link_label, case_link_contact, case_link_days or too_many_case_links (detail: the rule''s number).';
revoke all on function public.create_case_link(uuid,text,integer,text,text) from public, anon;
grant execute on function public.create_case_link(uuid,text,integer,text,text) to authenticated, service_role;

create function public.my_case_links(item_id uuid)
returns table(
  case_link_id uuid, chat_id uuid, label text, contact_note text, token text,
  created_at timestamptz, expires_at timestamptz, revoked_at timestamptz,
  closed_at timestamptz, closed_reason text, state text,
  openings timestamptz[], messages integer, unread integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select l.id, c.id, l.label, l.contact_note,
         case when l.revoked_at is null and l.expires_at > now() and c.closed_at is null then l.token end,
         l.created_at, l.expires_at, l.revoked_at, c.closed_at, c.closed_reason,
         case
           when l.revoked_at is not null then 'withdrawn'
           when c.closed_reason = 'returned' then 'returned'
           when c.closed_at is not null then 'closed'
           when l.expires_at <= now() then 'expired'
           else 'live'
         end,
         coalesce((select array_agg(o.opened_at order by o.opened_at desc)
                     from public.case_link_openings o where o.case_link_id = l.id), '{}'),
         (select count(*)::int from public.messages msg where msg.chat_id = c.id),
         (select count(*)::int from public.messages msg
           join public.chat_members m on m.chat_id = c.id and m.user_id = l.owner_id
          where msg.chat_id = c.id and msg.position > m.last_read_position
            and msg.sender_id <> l.owner_id)
    from public.case_links l
    join public.chats c on c.case_link_id = l.id
   where l.item_id = my_case_links.item_id
     and l.owner_id = app_private.current_user_id()
   order by l.created_at desc;
$$;
comment on function public.my_case_links(uuid) is 'The caller''s case links for one of their items: state (live, expired, withdrawn, returned, closed), every opening, message counts, and the token while the link is live (to copy or print it).';
revoke all on function public.my_case_links(uuid) from public, anon;
grant execute on function public.my_case_links(uuid) to authenticated, service_role;

create function public.revoke_case_link(case_link_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  link public.case_links;
  case_chat uuid;
begin
  select l.* into link from public.case_links l
   where l.id = revoke_case_link.case_link_id and l.owner_id = caller
   for update;
  if caller is null or link.id is null then
    raise exception 'case_link_not_found' using errcode = 'PT404';
  end if;
  update public.case_links l set revoked_at = now() where l.id = link.id and l.revoked_at is null;
  select c.id into case_chat from public.chats c where c.case_link_id = link.id;
  if case_chat is not null then
    perform app_private.close_chat(case_chat, 'case_link_revoked');
  end if;
end;
$$;
comment on function public.revoke_case_link(uuid) is 'The owner withdraws a case link: refused from now on, its chat closed (an open page is told live).';
revoke all on function public.revoke_case_link(uuid) from public, anon;
grant execute on function public.revoke_case_link(uuid) to authenticated, service_role;

-- 6. The visitor's call: redeem the token (joining the case's chat as its finder
-- member), log the opening, and read what the owner chose to show. Refused links
-- say only why: not_found (never issued, or guessed), expired, withdrawn, or
-- returned (the item is home).
create function public.open_case_link(token text, is_opening boolean default true)
returns table(
  state text, case_link_id uuid, chat_id uuid, label text, item_name text,
  item_photo_path text, lost_note text, return_instructions text, tag_code text,
  found_location text, found_latitude double precision, found_longitude double precision,
  contact_note text, expires_at timestamptz, viewer_role text
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  clean_token text := btrim(coalesce(open_case_link.token, ''));
  link public.case_links;
  chat public.chats;
  item public.items;
  report public.found_reports;
  role text;
begin
  if caller is null then
    raise exception 'case_link_not_found' using errcode = 'PT404';
  end if;
  if clean_token = '' or char_length(clean_token) > 200 then
    return query select 'not_found'::text, null::uuid, null::uuid, null::text, null::text, null::text,
      null::text, null::text, null::text, null::text, null::float8, null::float8, null::text,
      null::timestamptz, null::text;
    return;
  end if;
  select l.* into link from public.case_links l where l.token_hash = app_private.hash_token(clean_token);
  if link.id is null then
    return query select 'not_found'::text, null::uuid, null::uuid, null::text, null::text, null::text,
      null::text, null::text, null::text, null::text, null::float8, null::float8, null::text,
      null::timestamptz, null::text;
    return;
  end if;
  select c.* into chat from public.chats c where c.case_link_id = link.id;
  if link.revoked_at is not null or chat.id is null then
    return query select 'withdrawn'::text, null::uuid, null::uuid, null::text, null::text, null::text,
      null::text, null::text, null::text, null::text, null::float8, null::float8, null::text,
      null::timestamptz, null::text;
    return;
  end if;
  if chat.closed_reason = 'returned' then
    return query select 'returned'::text, null::uuid, null::uuid, null::text, null::text, null::text,
      null::text, null::text, null::text, null::text, null::float8, null::float8, null::text,
      null::timestamptz, null::text;
    return;
  end if;
  if link.expires_at <= now() or chat.closed_at is not null then
    return query select (case when chat.closed_at is not null then 'closed' else 'expired' end)::text,
      null::uuid, null::uuid, null::text, null::text, null::text,
      null::text, null::text, null::text, null::text, null::float8, null::float8, null::text,
      null::timestamptz, null::text;
    return;
  end if;

  select m.role into role from public.chat_members m where m.chat_id = chat.id and m.user_id = caller;
  if role is null then
    insert into public.chat_members (chat_id, user_id, role) values (chat.id, caller, 'finder')
    on conflict do nothing;
    role := 'finder';
  end if;
  if open_case_link.is_opening and role = 'finder' then
    insert into public.case_link_openings (case_link_id, owner_id, visitor_id)
    values (link.id, link.owner_id, caller);
  end if;

  select i.* into item from public.items i where i.id = link.item_id;
  select r.* into report from public.found_reports r
   where r.item_id = item.id and r.purged_at is null
   order by r.created_at desc
   limit 1;
  return query select 'live'::text, link.id, chat.id, link.label, item.name,
    case when item.status = 'LOST' then item.photo_path end,
    item.lost_note, item.return_instructions, item.tag_code,
    report.found_location, report.found_latitude, report.found_longitude,
    link.contact_note, link.expires_at, role;
end;
$$;
comment on function public.open_case_link(text,boolean) is 'A case-link visitor (any session, anonymous included) redeems the link''s token: while it is live they join its chat as the finder member and see the item''s name and photo, the owner''s note and return instructions, the tag ID, the last report''s place (and pin if shared) and the contact the owner shared; every opening (is_opening) is logged for the owner. Otherwise only the state: not_found, expired, withdrawn, returned or closed.';
revoke all on function public.open_case_link(text,boolean) from public, anon;
grant execute on function public.open_case_link(text,boolean) to authenticated, service_role;

-- 7. The purge: a link, its openings and its conversation go case_link_after_end
-- after it expired, was revoked or its chat closed; the visitor's photos then go
-- with the photo purge (their chat no longer exists).
create function app_private.purge_case_links()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed int;
  visitors uuid[];
begin
  with due as (
    delete from public.case_links l
     using public.chats c
     where c.case_link_id = l.id
       and least(coalesce(l.revoked_at, l.expires_at), l.expires_at, coalesce(c.closed_at, l.expires_at))
           + app_private.retention_of('case_link_after_end') <= now()
    returning l.id, c.id as chat_id
  )
  select count(*)::int,
         coalesce((select array_agg(distinct m.user_id) from public.chat_members m
                    where m.chat_id in (select d.chat_id from due d) and m.role = 'finder'), '{}')
    into removed, visitors
    from due;
  if removed > 0 then
    -- The anonymous visitors, once they are in no other conversation and wrote no report.
    begin
      delete from auth.users u
       where u.id = any (visitors)
         and u.is_anonymous
         and not exists (select 1 from public.chat_members m where m.user_id = u.id)
         and not exists (select 1 from public.found_reports r where r.finder_id = u.id);
    exception
      when insufficient_privilege then
        raise warning 'purge_case_links: anonymous visitors not deleted: %', sqlerrm;
    end;
    perform app_private.purge_due_photos();
  end if;
  return removed;
end;
$$;
comment on function app_private.purge_case_links() is 'Deletes case links (with their chats, messages and openings) case_link_after_end after they ended, and their anonymous visitors who are in no other conversation; schedule purge-case-links.';
revoke all on function app_private.purge_case_links() from public, anon, authenticated;
grant execute on function app_private.purge_case_links() to service_role;

select cron.schedule('purge-case-links', '41 * * * *', 'select app_private.purge_case_links()');
