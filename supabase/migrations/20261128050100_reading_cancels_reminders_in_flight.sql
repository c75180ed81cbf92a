-- Reading cancels a report's reminders whatever their state.
--
-- Opening a report (record_report_opened) and closing its chat (close_chat)
-- cancelled only pending and unknown reminders. A reminder a dispatcher was
-- sending at that moment ('sending', under its lease) was left alone; if that
-- send then failed, fail_notification put it back to 'pending' and it went out
-- later, after the owner had read the report. Now a reminder in flight is
-- cancelled too: the holder's fail_notification and mark_notification_unknown
-- only touch a row still 'sending', so a failed send stays cancelled and nothing
-- reclaims it; a send the provider accepted is still recorded as the fact it is
-- (complete_notification), since it left before the owner read.

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
$function$;

revoke all on function app_private.close_chat(uuid, text) from public;
grant execute on function app_private.close_chat(uuid, text) to service_role;

create or replace function app_private.record_report_opened(for_report uuid, for_owner uuid, in_chat boolean)
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
       and n.status in ('pending', 'sending', 'unknown');
  end if;
end;
$$;
revoke all on function app_private.record_report_opened(uuid, uuid, boolean) from public;
