-- People's rights over their data (issue 34):
-- - export_my_data(): everything held about the signed-in owner, as one JSON
--   document, read under their own RLS.
-- - Deleting an owner's auth user (the delete-account Edge Function makes the
--   Auth admin call) runs app_private.delete_account_data in the same
--   transaction, so the account goes whole or not at all: conversations closed,
--   finders told by e-mail, finder data about the owner's items purged at once,
--   alerts and messages deleted, tags deactivated, a confirmation e-mail queued.
-- - delete_my_finder_details(chat_id): a finder deletes their report data now.
-- - A notification that exists only to say something was deleted keeps its
--   recipient and payload only until it is sent (or given up): then both go.

alter table public.notifications drop constraint notifications_template_check;
alter table public.notifications add constraint notifications_template_check
  check (template in (
    'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
    'reminder_sms', 'reminder_email', 'finder_returned_email',
    'account_deleted_email', 'chat_closed_email'
  ));

-- Goodbye notes: once settled, nothing of the person they went to is kept.
create function app_private.scrub_settled_goodbye()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('sent', 'failed', 'cancelled') then
    new.recipient := 'purged';
    new.payload := jsonb_build_object('purged', true);
    new.last_error := case when new.last_error is null then null else 'purged' end;
  end if;
  return new;
end;
$$;
revoke all on function app_private.scrub_settled_goodbye() from public;

create trigger notifications_scrub_settled_goodbye
  before update of status on public.notifications
  for each row
  when (new.template in ('account_deleted_email', 'chat_closed_email'))
  execute function app_private.scrub_settled_goodbye();

-- The alerts sent to the signed-in owner about their items (the outbox is
-- service-role only; this reads just the caller's own rows). Never raises.
create function app_private.my_alerts()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'channel', n.channel,
           'template', n.template,
           'recipient', n.recipient,
           'status', n.status,
           'created_at', n.created_at,
           'sent_at', n.sent_at,
           'report_id', n.report_id
         ) order by n.created_at), '[]'::jsonb)
    from public.notifications n
    join public.found_reports r on r.id = n.report_id
   where r.owner_id = (select auth.uid())
     and n.template in ('found_sms', 'owner_found_email', 'reminder_sms', 'reminder_email');
$$;
revoke all on function app_private.my_alerts() from public;
grant execute on function app_private.my_alerts() to authenticated;

-- Everything held about the caller, read as the caller (RLS decides every row).
create function public.export_my_data()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'not_signed_in' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'exported_at', now(),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at)
                         from public.items i where i.owner_id = me), '[]'::jsonb),
    'reports_about_your_items', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at)
                                            from public.found_reports r where r.owner_id = me), '[]'::jsonb),
    'reports_you_made', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at)
                                    from public.found_reports r where r.finder_id = me), '[]'::jsonb),
    'chats', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at)
                         from public.chats c
                        where exists (select 1 from public.chat_members m
                                       where m.chat_id = c.id and m.user_id = me)), '[]'::jsonb),
    'messages', coalesce((select jsonb_agg(to_jsonb(m) order by m.created_at, m.id)
                            from public.messages m
                           where exists (select 1 from public.chat_members cm
                                          where cm.chat_id = m.chat_id and cm.user_id = me)), '[]'::jsonb),
    'alerts_sent_to_you', app_private.my_alerts()
  );
end;
$$;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;

-- The whole of an account's data, removed in the transaction that deletes its
-- auth user (so a failure anywhere leaves everything as it was). Runs before
-- the row goes; the foreign keys then cascade the profile, items, reports,
-- chats, members, invites and messages, and Auth's own identities and sessions.
create function app_private.delete_account_data(p_user_id uuid, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_reports uuid[];
  reports_as_finder uuid[];
  owner_chats uuid[];
  owner_tags uuid[];
  profile public.profiles;
begin
  select * into profile from public.profiles p where p.id = p_user_id;

  select coalesce(array_agg(r.id), '{}') into owner_reports
    from public.found_reports r where r.owner_id = p_user_id;
  select coalesce(array_agg(r.id), '{}') into reports_as_finder
    from public.found_reports r where r.finder_id = p_user_id;
  select coalesce(array_agg(c.id), '{}') into owner_chats
    from public.chats c where c.owner_id = p_user_id;
  select coalesce(array_agg(i.tag_id), '{}') into owner_tags
    from public.items i where i.owner_id = p_user_id;

  -- The finders of open conversations are told (their e-mail is purged below;
  -- this note keeps it only until it is sent).
  insert into public.notifications (dedupe_key, channel, template, recipient, payload)
  select 'chat_closed:' || r.id, 'email', 'chat_closed_email', r.finder_email,
         jsonb_build_object('reason', 'account_deleted', 'item_name', i.name)
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.id = any (owner_reports)
     and r.purged_at is null
     and coalesce(r.finder_email, '') <> ''
  on conflict (dedupe_key) do nothing;

  -- Finder data about the owner's items, and the owner's own reports as a finder.
  perform app_private.purge_reports(owner_reports || reports_as_finder);

  -- Every conversation ends, and each side is told live (after the purge, which
  -- deletes the chats' stored broadcasts: the closure notice must survive it).
  -- The closure notices carry no personal data of the owner.
  perform app_private.close_chat(c.id, 'account_deleted')
     from public.chats c
    where c.id = any (owner_chats) or c.report_id = any (reports_as_finder);

  -- Every alert about those reports, and anything else addressed to the owner.
  delete from public.notifications n
   where n.report_id = any (owner_reports || reports_as_finder)
      or (p_email is not null and lower(n.recipient) = lower(p_email))
      or (profile.mobile_number is not null
          and regexp_replace(n.recipient, '\D', '', 'g')
              = regexp_replace(profile.mobile_number, '\D', '', 'g')
          and n.channel = 'sms');

  delete from public.messages m where m.sender_id = p_user_id;
  delete from app_private.activation_failures f where f.user_id = p_user_id;

  -- Tags stop resolving; an operator can issue them again.
  update public.tags t set status = 'deactivated' where t.id = any (owner_tags);

  begin
    delete from realtime.messages rm
     where rm.topic = 'owner:' || p_user_id::text
        or rm.payload::text like '%' || p_user_id::text || '%';
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'delete_account_data: realtime.messages not cleaned: %', sqlerrm;
  end;

  -- Auth's audit trail of this user (GoTrue records the deletion with the e-mail).
  begin
    delete from auth.audit_log_entries a
     where a.payload::text like '%' || p_user_id::text || '%'
        or (p_email is not null and a.payload::text ilike '%' || p_email || '%');
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'delete_account_data: auth.audit_log_entries not cleaned: %', sqlerrm;
  end;

  -- The confirmation, to the address the account had (kept until it is sent;
  -- its key names nothing of the account).
  if p_email is not null and p_email <> '' then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload)
    values ('account_deleted:' || gen_random_uuid()::text,
            'email', 'account_deleted_email', p_email, '{}'::jsonb);
  end if;
end;
$$;
revoke all on function app_private.delete_account_data(uuid, text) from public, anon, authenticated;

create function app_private.on_auth_user_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.delete_account_data(old.id, old.email);
  return old;
end;
$$;
revoke all on function app_private.on_auth_user_deleted() from public, anon, authenticated;

-- Registered users only: the purge deletes anonymous finders itself.
create trigger auth_users_delete_account_data
  before delete on auth.users
  for each row
  when (old.is_anonymous is not true)
  execute function app_private.on_auth_user_deleted();

-- A finder deletes their details now: their report is purged as the schedule
-- would purge it, and the chat is closed ('finder_left', which tells the owner
-- live). Returns true when something was purged.
create function public.delete_my_finder_details(chat_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
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
  return true;
end;
$$;
revoke all on function public.delete_my_finder_details(uuid) from public, anon;
grant execute on function public.delete_my_finder_details(uuid) to authenticated;
