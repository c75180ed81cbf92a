-- Conversations that end (issue 31). A chat is closed once: when its item is
-- marked returned ('returned'), when the owner closes that one conversation
-- ('closed_by_owner'), when the finder deletes their details ('finder_left'),
-- when the owner deletes their account ('account_deleted'), or when the purge
-- removed the finder's details ('purged'). Closing is app_private.close_chat
-- only: it stamps the chat, brings the finder's deletion date forward to at most
-- 7 days away, cancels the report's reminders and tells both members live on
-- chat:<id> (and the owner's dashboard on owner:<owner_id>). A closed chat
-- refuses new messages from everyone, in our words.
--
-- The date the finder's details are deleted is found_reports.purge_after (the
-- purge deletes them then at the latest); chat_summary shows it to both sides.

alter table public.chats
  add column closed_at timestamptz,
  add column closed_reason text
    constraint chats_closed_reason_check
      check (closed_reason in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged')),
  add constraint chats_closed_together check ((closed_at is null) = (closed_reason is null));
comment on column public.chats.closed_at is 'When the conversation was closed (app_private.close_chat); no message is accepted after it.';
comment on column public.chats.closed_reason is 'Why: returned, closed_by_owner, finder_left, account_deleted or purged.';

-- How long a finder's details are kept once their conversation is closed.
create function app_private.closed_chat_retention()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '7 days';
$$;
revoke all on function app_private.closed_chat_retention() from public;

-- Closes a chat: idempotent (a closed chat keeps its first reason and time).
-- Returns true when this call closed it.
create function app_private.close_chat(p_chat_id uuid, p_reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function app_private.close_chat(uuid, text) from public;
grant execute on function app_private.close_chat(uuid, text) to service_role;

-- Closed: by close_chat, or its report purged. Never raises (used in a policy).
create or replace function app_private.is_chat_closed(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.chats c join public.found_reports r on r.id = c.report_id
     where c.id = for_chat and (c.closed_at is not null or r.purged_at is not null)
  );
exception
  when others then
    return false;
end;
$$;

-- A member writing in a closed chat is told so in words (the restrictive
-- policy "Nobody posts in a closed chat" still refuses everyone else).
create function app_private.messages_refuse_closed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if app_private.is_chat_closed(new.chat_id)
     and exists (
       select 1 from public.chat_members m
        where m.chat_id = new.chat_id and m.user_id = coalesce(new.sender_id, app_private.current_user_id())
     ) then
    raise exception 'This conversation is closed. No more messages can be sent in it.'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;
  return new;
end;
$$;
revoke all on function app_private.messages_refuse_closed() from public;

create trigger messages_refuse_closed
  before insert on public.messages
  for each row execute function app_private.messages_refuse_closed();

-- Reminders only for conversations still open (otherwise as in
-- the baseline migration).
create or replace function public.enqueue_reminders(at timestamptz default now())
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings app_private.escalation_settings;
  local_time time;
  is_quiet boolean;
  added int;
begin
  select * into settings from app_private.escalation_settings s where s.id;
  if settings.id is null or not settings.enabled then
    return 0;
  end if;
  local_time := (enqueue_reminders.at at time zone settings.time_zone)::time;
  is_quiet := case
    when settings.quiet_from = settings.quiet_until then false
    when settings.quiet_from > settings.quiet_until
      then local_time >= settings.quiet_from or local_time < settings.quiet_until
    else local_time >= settings.quiet_from and local_time < settings.quiet_until
  end;

  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  select r.id || ':' || reminder.template, n.channel, reminder.template, n.recipient, n.payload, r.id
    from public.found_reports r
    join public.items i on i.id = r.item_id
    join public.notifications n
      on n.report_id = r.id and n.template in ('found_sms', 'owner_found_email') and n.status = 'sent'
    cross join lateral (
      select case n.template when 'found_sms' then 'reminder_sms' else 'reminder_email' end as template
    ) reminder
   where r.owner_opened_at is null
     and r.purged_at is null
     and r.created_at <= enqueue_reminders.at - settings.remind_after
     and r.created_at > enqueue_reminders.at - settings.remind_within
     and (not is_quiet or i.status = 'LOST')
     and not exists (
       select 1 from public.chats c where c.report_id = r.id and c.closed_at is not null
     )
  on conflict (dedupe_key) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
revoke all on function public.enqueue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.enqueue_reminders(timestamptz) to service_role;

-- chat_summary also says whether the conversation is closed, why, and the
-- date the finder's details are deleted.
drop function public.chat_summary(uuid);
create function public.chat_summary(chat_id uuid)
returns table (
  chat_id uuid,
  item_id uuid,
  item_name text,
  item_status text,
  finder_first_name text,
  found_location text,
  found_at timestamptz,
  viewer_role text,
  closed_at timestamptz,
  closed_reason text,
  finder_details_deleted_on timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.item_id, i.name, i.status,
         app_private.first_name(r.finder_name), r.found_location, r.created_at, m.role,
         c.closed_at, c.closed_reason,
         case when r.purged_at is null then r.purge_after end
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = app_private.current_user_id()
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.id = chat_summary.chat_id;
$$;
revoke all on function public.chat_summary(uuid) from public, anon, authenticated;
grant execute on function public.chat_summary(uuid) to authenticated, service_role;
