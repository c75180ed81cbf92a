-- Issue 45: every end state of a conversation is read from the database.
--
-- app_private.chat_endings remembers why a conversation ended after the chat
-- itself (or its finder's membership) is gone: the owner deleted the account
-- (the chat goes with it), the finder deleted their details, the purge. It holds
-- no personal data: the chat's id, the reason, when, the finder's anonymous
-- session ids (never a registered account's) and the hashes of the chat's links, so that the finder's page (a session that
-- was in it, or one of its links) can say what happened instead of "not valid".
-- public.chat_link_status tells a caller who cannot enter a chat why, and only
-- when they hold one of its links or were its finder.
--
-- A finder who deletes their details after the chat closed is told that is why it
-- is over for them (the chat's own closed_reason stays as it was).
--
-- Also: the owner's postal address is cleared once the item is home (returned),
-- and a finder who handed it in can no longer ask for a postal address.

create table app_private.chat_endings (
  chat_id uuid not null,
  reason text not null,
  ended_at timestamp with time zone not null default now(),
  finder_user_ids uuid[] not null default '{}',
  token_hashes text[] not null default '{}',
  details_deleted_at timestamp with time zone,
  constraint chat_endings_pkey primary key (chat_id),
  constraint chat_endings_reason_check check (
    reason in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged')
  )
);
comment on table app_private.chat_endings is 'Why a conversation ended, kept 30 days past its chat or its finder''s details (no personal data): read only through public.chat_link_status.';
alter table app_private.chat_endings enable row level security;
revoke all on table app_private.chat_endings from anon, authenticated;
grant all on table app_private.chat_endings to service_role;

create or replace function app_private.close_chat(p_chat_id uuid, p_reason text)
 returns boolean
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
$function$;

create or replace function app_private.purge_reports(report_ids uuid[])
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
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

  -- Why each conversation ended, kept past the purge for its finder's sessions
  -- and links (no personal data: the chat, the reason, anonymous session ids,
  -- token hashes; a registered account's id is never kept).
  insert into app_private.chat_endings as e
    (chat_id, reason, ended_at, finder_user_ids, token_hashes, details_deleted_at)
  select c.id, coalesce(c.closed_reason, 'purged'), coalesce(c.closed_at, now()),
         coalesce((select array_agg(distinct m.user_id) from public.chat_members m
                     join auth.users u on u.id = m.user_id and u.is_anonymous
                    where m.chat_id = c.id and m.role = 'finder'), '{}'),
         coalesce((select array_agg(v.token_hash) from public.chat_invites v
                    where v.chat_id = c.id), '{}'),
         now()
    from public.chats c
   where c.id = any (purged_chats)
  on conflict (chat_id) do update
     set finder_user_ids = array(select distinct unnest(e.finder_user_ids || excluded.finder_user_ids)),
         token_hashes = array(select distinct unnest(e.token_hashes || excluded.token_hashes)),
         details_deleted_at = excluded.details_deleted_at;

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
$function$;

create or replace function public.ask_for_postal_address(chat_id uuid)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  chat public.chats;
begin
  chat := app_private.open_chat_as(ask_for_postal_address.chat_id, 'finder');
  perform app_private.require_return_option(chat, 'post');
  if exists (select 1 from public.chat_returns cr
              where cr.chat_id = chat.id and cr.handed_in_at is not null) then
    raise exception 'You handed it in already, so there is nothing to post.'
      using errcode = 'P0001', hint = 'handed_in';
  end if;
  insert into public.chat_returns as cr (chat_id, post_requested_at)
  values (chat.id, now())
  on conflict on constraint chat_returns_pkey do update
     set post_requested_at = now(), updated_at = now();
  perform app_private.finder_says(chat,
    'I can post it back to you, at your cost. Please share a postal address with me here.');
  perform app_private.announce_ways_back(chat, 'post_requested');
end;
$function$;

create or replace function public.purge_finder_data()
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
  -- Endings outlive the longest link (30 days), then go.
  delete from app_private.chat_endings e where e.ended_at < now() - interval '30 days';

  -- The conversations still open end now, each side told live.
  perform app_private.close_chat(c.id, 'purged')
     from public.chats c
    where c.report_id = any (due) and c.closed_at is null;

  return app_private.purge_reports(due);
end;
$function$;

create or replace function public.chat_link_status(chat_id uuid, token text default null)
 returns table(status text, closed_reason text, at timestamp with time zone, details_deleted_at timestamp with time zone)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  caller uuid := app_private.current_user_id();
  clean_token text := nullif(trim(coalesce(chat_link_status.token, '')), '');
  hashed text := case when clean_token is null then null else app_private.hash_token(clean_token) end;
  ending app_private.chat_endings;
  invite public.chat_invites;
begin
  if chat_link_status.chat_id is null then
    return;
  end if;

  -- The conversation ended for a session that was its finder, or a link of it.
  select e.* into ending
    from app_private.chat_endings e
   where e.chat_id = chat_link_status.chat_id
     and ((caller is not null and caller = any (e.finder_user_ids))
          or (hashed is not null and hashed = any (e.token_hashes)));
  -- Gone for good (the finder's details deleted, or the chat with the owner's account).
  if ending.chat_id is not null
     and (ending.details_deleted_at is not null
          or not exists (select 1 from public.chats c where c.id = ending.chat_id)) then
    return query select 'ended'::text, ending.reason, ending.ended_at, ending.details_deleted_at;
    return;
  end if;

  -- This link, or the link this session was bound to: the newest first.
  select v.* into invite
    from public.chat_invites v
   where v.chat_id = chat_link_status.chat_id
     and ((hashed is not null and v.token_hash = hashed)
          or (caller is not null and v.bound_user_id = caller))
   order by (hashed is not null and v.token_hash = hashed) desc, v.created_at desc
   limit 1;
  if invite.id is null and ending.chat_id is not null then
    return query select 'ended'::text, ending.reason, ending.ended_at, ending.details_deleted_at;
  elsif invite.id is null then
    return query select 'unknown'::text, null::text, null::timestamptz, null::timestamptz;
  elsif invite.replaced_at is not null then
    return query select 'replaced'::text, null::text, invite.replaced_at, null::timestamptz;
  elsif invite.revoked_at is not null then
    return query select 'revoked'::text, null::text, invite.revoked_at, null::timestamptz;
  elsif invite.expires_at <= now() then
    return query select 'expired'::text, null::text, invite.expires_at, null::timestamptz;
  elsif invite.bound_user_id is not null and invite.bound_user_id is distinct from caller then
    return query select 'bound'::text, null::text, null::timestamptz, null::timestamptz;
  else
    return query select 'valid'::text, null::text, invite.expires_at, null::timestamptz;
  end if;
end;
$function$;
comment on function public.chat_link_status(uuid, text) is 'Why a chat cannot be entered, for the holder of one of its links or its finder''s session: ended (with the reason), replaced, revoked, expired, bound, valid; unknown to anyone else.';
revoke all on function public.chat_link_status(uuid, text) from public;
grant execute on function public.chat_link_status(uuid, text) to anon, authenticated, service_role;

create or replace function public.delete_my_finder_details(chat_id uuid)
 returns boolean
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
  -- Closed before (by the owner, say): for the finder it is now over because they left.
  update app_private.chat_endings e
     set reason = 'finder_left'
   where e.chat_id = delete_my_finder_details.chat_id;
  return true;
end;
$function$;
