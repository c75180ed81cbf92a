-- Ways back without meeting, and where it is with consent (issue 31).
--
-- The owner chooses which ways back they accept for an item (items.return_options:
-- meet in a public place, hand it in at a place the finder names, post it back at
-- the owner's cost); by default all three. In the chat the finder picks one:
--   record_hand_in(chat, place, pin?)  "I handed it in at …": stored per chat,
--                                      written into the chat as the finder's
--                                      message, and the owner is alerted at once
--                                      on owner:<uid> as for any new message;
--   ask_for_postal_address(chat)       "Post it back": the finder asks, in the chat;
--   share_postal_address(chat, text)   the owner shares a postal address with this
--                                      one chat (withdraw_postal_address takes it back).
-- A finder may share where the item was found (share_found_location): the
-- browser's position and its accuracy, stored with the report.
-- chat_returns is readable by the chat's members only (RLS); chat_ways_back()
-- gives the members the item's accepted ways back and the shared position.
-- Everything here is finder data or shared with one finder: purge_reports
-- deletes it with the finder's details. Live notices ('ways_back' on chat:<id>)
-- carry no personal data: the client re-reads.

-- The owner's accepted ways back, per item.
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

alter table public.items
  add column return_options text[] not null default '{hand_in,meet,post}'
    constraint items_return_options_known
      check (return_options <@ array['meet', 'hand_in', 'post']::text[]);
comment on column public.items.return_options is
  'The ways back the owner accepts: meet (in a public place), hand_in (at a place the finder names), post (at the owner''s cost). Shown to the item''s finders in the chat.';
grant update (return_options) on table public.items to authenticated;

create trigger items_normalize_return_options
  before insert or update of return_options on public.items
  for each row execute function app_private.normalize_return_options();

-- Where the finder found it: the browser's position, with the finder's consent.
alter table public.found_reports
  add column found_latitude double precision,
  add column found_longitude double precision,
  add column found_accuracy_m double precision,
  add column found_position_at timestamptz,
  add constraint found_reports_position_together check (
    (found_latitude is null) = (found_longitude is null)
    and (found_latitude is null) = (found_position_at is null)
    and (found_accuracy_m is null or found_latitude is not null)
  );
comment on column public.found_reports.found_latitude is
  'Where the finder found the item (WGS84 degrees), shared by the finder with share_found_location; purged with the finder''s details.';
comment on column public.found_reports.found_accuracy_m is
  'The accuracy of the shared position in metres, as the browser reported it.';

-- Per chat: the finder's hand-in, a request to post it back, the owner's postal address.
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

-- The purge also deletes each purged chat's ways back (the hand-in, the shared
-- postal address) and the shared position (otherwise as in retention_periods).
create or replace function app_private.purge_reports(report_ids uuid[])
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
