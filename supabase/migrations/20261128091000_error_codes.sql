-- ============================================================================
-- Errors as codes (issue 48)
-- ============================================================================
-- Every refusal the database raises carries a stable snake_case code as its
-- message (the app turns codes into words, in the reader's language); what
-- varies goes in detail (a limit, a field, a name) and hint. SQLSTATEs and the
-- hints clients already read are kept. The list of codes is
-- supabase/functions/_shared/error-codes.ts (and docs/languages-server.md).
--
-- Each function below is its current body from supabase/schema.sql with only
-- its `raise exception` lines changed; record_hand_in and share_postal_address
-- now tell a place/address over the limit (place_too_long, address_too_long)
-- from one holding control characters (invalid_characters), which shared one
-- sentence before.

create or replace function app_private.check_position(latitude double precision, longitude double precision, accuracy_m double precision)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if latitude is null or longitude is null or accuracy_m is null then
    raise exception 'invalid_position'
      using errcode = '22023', hint = 'invalid_position';
  end if;
  if latitude = 'NaN'::double precision or latitude < -90 or latitude > 90 then
    raise exception 'invalid_latitude'
      using errcode = '22023', hint = 'invalid_position';
  end if;
  if longitude = 'NaN'::double precision or longitude < -180 or longitude > 180 then
    raise exception 'invalid_longitude'
      using errcode = '22023', hint = 'invalid_position';
  end if;
  if accuracy_m = 'NaN'::double precision or accuracy_m < 0 or accuracy_m = 'Infinity'::double precision then
    raise exception 'invalid_accuracy'
      using errcode = '22023', hint = 'invalid_position';
  end if;
end;
$function$;

create or replace function app_private.close_chat(p_chat_id uuid, p_reason text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chat public.chats;
  deleted_on timestamptz;
begin
  if p_reason is null or p_reason not in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged', 'blocked', 'closed_by_operator') then
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
$function$;

create or replace function app_private.messages_refuse_closed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if app_private.is_chat_closed(new.chat_id)
     and exists (
       select 1 from public.chat_members m
        where m.chat_id = new.chat_id and m.user_id = coalesce(new.sender_id, app_private.current_user_id())
     ) then
    raise exception 'chat_closed'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;
  return new;
end;
$function$;

create or replace function app_private.open_chat_as(for_chat uuid, wanted_role text)
 RETURNS public.chats
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chat public.chats;
begin
  select c.* into chat
    from public.chats c
    join public.chat_members m on m.chat_id = c.id
   where c.id = for_chat and m.user_id = app_private.current_user_id() and m.role = wanted_role;
  if chat.id is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  if app_private.is_chat_closed(chat.id) then
    raise exception 'chat_closed'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;
  return chat;
end;
$function$;

create or replace function app_private.operator_act(p_report uuid, p_action text, p_reason text, p_operator uuid, p_operator_label text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  report public.abuse_reports;
  clean_reason text := app_private.clean_text(p_reason, 1000);
  target_owner uuid;
begin
  if p_action is null or p_action not in ('dismiss', 'warn', 'close_conversation', 'suspend_owner', 'deactivate_tag') then
    raise exception 'invalid_action' using errcode = 'P0001', hint = 'invalid_action';
  end if;
  if clean_reason is null then
    raise exception 'reason_required' using errcode = 'P0001', hint = 'reason_required';
  end if;
  if char_length(trim(p_reason)) > 1000 then
    raise exception 'reason_too_long' using errcode = 'P0001', detail = '1000', hint = 'reason_too_long';
  end if;

  select r.* into report from public.abuse_reports r where r.id = p_report for update;
  if report.id is null then
    raise exception 'report_not_found' using errcode = 'PT404';
  end if;
  if report.status <> 'open' then
    raise exception 'report_closed' using errcode = 'P0001', hint = 'report_closed';
  end if;
  select c.owner_id into target_owner from public.chats c where c.id = report.chat_id;
  target_owner := coalesce(target_owner, (select i.owner_id from public.items i where i.id = report.item_id));

  if p_action = 'suspend_owner' and (report.reporter_role <> 'finder' or target_owner is null) then
    raise exception 'not_an_owner' using errcode = 'P0001', hint = 'not_an_owner';
  end if;

  if p_action = 'warn' then
    perform app_private.notify_safety(report.reported_user_id, report, 'warning',
      'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.');
  elsif p_action = 'close_conversation' then
    perform app_private.close_chat(report.chat_id, 'closed_by_operator');
  elsif p_action = 'suspend_owner' then
    update auth.users u set banned_until = 'infinity' where u.id = target_owner;
    delete from auth.sessions s where s.user_id = target_owner;
    perform app_private.close_chat(c.id, 'closed_by_operator')
       from public.chats c where c.owner_id = target_owner and c.closed_at is null;
  elsif p_action = 'deactivate_tag' then
    update public.tags t set status = 'deactivated' where t.code = report.tag_code;
  end if;

  insert into public.operator_actions
    (report_id, chat_id, item_id, tag_code, target_user_id, action, reason, operator_id, operator_label)
  values (report.id, report.chat_id, report.item_id, report.tag_code,
          case when p_action = 'suspend_owner' then target_owner
               when p_action = 'warn' then report.reported_user_id end,
          p_action, clean_reason, p_operator, coalesce(nullif(trim(p_operator_label), ''), 'operator'));

  update public.abuse_reports r
     set status = 'closed', outcome = p_action, closed_at = now(),
         purge_after = now() + coalesce(app_private.retention_of('kept_conversations'), interval '0')
   where r.id = report.id
  returning r.* into report;

  perform app_private.notify_safety(report.reporter_id, report, 'outcome',
    app_private.safety_outcome_text(p_action));
  return p_action;
end;
$function$;

create or replace function app_private.project_secret(secret_name text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  value text;
begin
  select s.decrypted_secret into value
    from vault.decrypted_secrets s
   where s.name = secret_name
   order by s.created_at desc
   limit 1;
  if value is null or value = '' then
    raise exception 'vault_secret_missing'
      using detail = secret_name, hint = 'select vault.create_secret(''<value>'', ''' || secret_name || '''); see docs/deploy.md';
  end if;
  return value;
end;
$function$;

create or replace function app_private.refuse_audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception 'append_only' using errcode = '42501', detail = tg_table_name;
end;
$function$;

create or replace function app_private.require_return_option(chat public.chats, option text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (
    select 1 from public.items i where i.id = chat.item_id and option = any (i.return_options)
  ) then
    raise exception 'way_back_not_accepted'
      using errcode = 'P0001', hint = 'option_not_accepted';
  end if;
end;
$function$;

create or replace function public.ask_for_postal_address(chat_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chat public.chats;
begin
  chat := app_private.open_chat_as(ask_for_postal_address.chat_id, 'finder');
  perform app_private.require_return_option(chat, 'post');
  if exists (select 1 from public.chat_returns cr
              where cr.chat_id = chat.id and cr.handed_in_at is not null) then
    raise exception 'already_handed_in'
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

create or replace function public.operator_grant(email text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target uuid;
begin
  select u.id into target
    from auth.users u
   where lower(u.email) = lower(trim(operator_grant.email))
     and not coalesce(u.is_anonymous, false) and u.deleted_at is null;
  if target is null then
    raise exception 'no_such_account'
      using errcode = 'PT404', detail = trim(operator_grant.email), hint = 'no_account';
  end if;
  insert into app_private.operators (user_id, granted_by) values (target, 'operator command')
  on conflict (user_id) do nothing;
  return target;
end;
$function$;

create or replace function public.record_hand_in(chat_id uuid, place text, latitude double precision DEFAULT NULL::double precision, longitude double precision DEFAULT NULL::double precision, accuracy_m double precision DEFAULT NULL::double precision)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chat public.chats;
  clean_place text := nullif(regexp_replace(trim(coalesce(record_hand_in.place, '')), '\s+', ' ', 'g'), '');
  has_pin boolean := record_hand_in.latitude is not null or record_hand_in.longitude is not null
                     or record_hand_in.accuracy_m is not null;
begin
  chat := app_private.open_chat_as(record_hand_in.chat_id, 'finder');
  perform app_private.require_return_option(chat, 'hand_in');
  if clean_place is null then
    raise exception 'place_required' using errcode = '22023', hint = 'invalid_place';
  end if;
  if char_length(clean_place) > 200 then
    raise exception 'place_too_long' using errcode = '22023', detail = '200', hint = 'invalid_place';
  end if;
  if clean_place ~ '[[:cntrl:]]' then
    raise exception 'invalid_characters' using errcode = '22023', hint = 'invalid_place';
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
$function$;

create or replace function public.report_conversation(chat_id uuid, reason text, note text DEFAULT NULL::text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := app_private.current_user_id();
  chat public.chats;
  my_role text;
  other uuid;
  clean_note text;
  existing uuid;
  new_id uuid;
  tag text;
  item_label text;
begin
  select c.* into chat from public.chats c where c.id = report_conversation.chat_id;
  select m.role into my_role
    from public.chat_members m
   where m.chat_id = chat.id and m.user_id = caller;
  if caller is null or chat.id is null or my_role is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  if report_conversation.reason is null
     or report_conversation.reason not in ('spam', 'harassment', 'money_or_codes', 'other') then
    raise exception 'reason_required'
      using errcode = 'P0001', hint = 'invalid_reason';
  end if;
  if char_length(coalesce(trim(report_conversation.note), '')) > 1000 then
    raise exception 'note_too_long' using errcode = 'P0001', detail = '1000', hint = 'note_too_long';
  end if;
  clean_note := app_private.clean_text(report_conversation.note, 1000);

  select r.id into existing
    from public.abuse_reports r
   where r.chat_id = chat.id and r.reporter_id = caller and r.status = 'open';
  if existing is not null then
    return existing;
  end if;

  select m.user_id into other
    from public.chat_members m
   where m.chat_id = chat.id and m.role <> my_role
   order by m.joined_at desc
   limit 1;
  if other is null and my_role = 'finder' then
    other := chat.owner_id;
  end if;
  select i.tag_code, i.name into tag, item_label from public.items i where i.id = chat.item_id;

  insert into public.abuse_reports
    (chat_id, item_id, item_name, tag_code, reporter_id, reporter_role, reported_user_id, reason, note)
  values (chat.id, chat.item_id, item_label, tag, caller, my_role, other, report_conversation.reason, clean_note)
  returning id into new_id;

  insert into public.kept_messages
    (report_id, message_id, position, sender_role, body, photo_paths, scam_signals, sent_at)
  select new_id, msg.id, msg.position, msg.sender_role, msg.body, msg.photo_paths, msg.scam_signals, msg.created_at
    from public.messages msg
   where msg.chat_id = chat.id;
  return new_id;
end;
$function$;

create or replace function public.share_postal_address(chat_id uuid, address text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chat public.chats;
  clean_address text := nullif(trim(coalesce(share_postal_address.address, '')), '');
begin
  chat := app_private.open_chat_as(share_postal_address.chat_id, 'owner');
  if clean_address is null then
    raise exception 'address_required' using errcode = '22023', hint = 'invalid_address';
  end if;
  if char_length(clean_address) > 500 then
    raise exception 'address_too_long' using errcode = '22023', detail = '500', hint = 'invalid_address';
  end if;
  if clean_address ~ '[\x01-\x09\x0B\x0C\x0E-\x1F\x7F]' then
    raise exception 'invalid_characters' using errcode = '22023', hint = 'invalid_address';
  end if;
  insert into public.chat_returns as cr (chat_id, postal_address, address_shared_at)
  values (chat.id, clean_address, now())
  on conflict on constraint chat_returns_pkey do update
     set postal_address = excluded.postal_address,
         address_shared_at = excluded.address_shared_at,
         updated_at = now();
  perform app_private.announce_ways_back(chat, 'address_shared');
end;
$function$;
