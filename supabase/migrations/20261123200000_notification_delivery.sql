-- Delivery that happens once: outbox rows are claimed with a lease, a provider
-- call whose outcome is unknown (timeout, crash between the call and recording
-- it) is recorded as 'unknown' and reconciled before any resend, reminders
-- escalate an unopened report, and the finder gets receipts (owner alerted,
-- owner opened the chat) on the report, announced on receipts:<chat_id>.

-- Outbox statuses:
--   pending   due at next_attempt_at
--   sending   held by a dispatcher until locked_until (its lease)
--   unknown   the provider may or may not have it: reconcile before resending
--   sent      accepted by the provider (provider_id)
--   failed    given up after max attempts
--   cancelled no longer wanted (a reminder for a report the owner has opened)
alter table public.notifications drop constraint notifications_status_check;
alter table public.notifications add constraint notifications_status_check
  check (status in ('pending', 'sending', 'unknown', 'sent', 'failed', 'cancelled'));
alter table public.notifications drop constraint notifications_template_check;
alter table public.notifications add constraint notifications_template_check
  check (template in (
    'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
    'reminder_sms', 'reminder_email'
  ));

alter table public.notifications
  add column lease_id uuid,
  add column outcome_unknown boolean not null default false,
  add column first_attempt_at timestamptz;
comment on column public.notifications.lease_id is 'The current holder''s lease: only it may record a failure or an unknown outcome.';
comment on column public.notifications.outcome_unknown is 'An earlier attempt may have reached the provider: look the message up before sending again.';
comment on column public.notifications.first_attempt_at is 'When the first attempt started: the lower bound for looking the message up at the provider.';

drop index public.notifications_due_idx;
create index notifications_due_idx on public.notifications (next_attempt_at)
  where status in ('pending', 'sending', 'unknown');

-- What the finder learns about their report, and what stops reminders.
alter table public.found_reports
  add column owner_notified_at timestamptz,
  add column owner_notified_channels text[] not null default '{}',
  add column owner_opened_at timestamptz,
  add column owner_seen_chat_at timestamptz;
comment on column public.found_reports.owner_notified_at is 'When every alert to the owner (text, e-mail) was settled and at least one accepted by its provider.';
comment on column public.found_reports.owner_notified_channels is 'The channels whose alert the provider accepted: sms, email.';
comment on column public.found_reports.owner_opened_at is 'When the owner first opened the report (dashboard or chat); no reminder after it.';
comment on column public.found_reports.owner_seen_chat_at is 'When the owner first opened the report''s chat.';

-- Escalation settings: one row, edited with SQL (update app_private.escalation_settings set ...).
create table app_private.escalation_settings (
  id boolean primary key default true constraint escalation_settings_one_row check (id),
  enabled boolean not null default true,
  remind_after interval not null default interval '15 minutes',
  remind_within interval not null default interval '24 hours',
  quiet_from time not null default time '22:00',
  quiet_until time not null default time '07:00',
  time_zone text not null default 'Europe/London'
);
comment on table app_private.escalation_settings is 'When an unopened report gets its one reminder: after remind_after, not later than remind_within, never in the quiet hours (local time_zone) unless the item is LOST.';
insert into app_private.escalation_settings default values;

-- Atomically takes up to max_rows due rows for one lease: pending and unknown
-- rows whose next attempt is due, and 'sending' rows whose holder's lease ran
-- out (it may have crashed after the provider took the message, so the outcome
-- is unknown). Optionally only one report's rows (delivery right after a report).
drop function public.claim_notifications(int);
create function public.claim_notifications(
  max_rows int default 20,
  lease_seconds int default 60,
  for_report uuid default null
)
returns setof public.notifications
language sql
security definer
set search_path = ''
as $$
  with due as (
    select n.id
      from public.notifications n
     where ((n.status in ('pending', 'unknown') and n.next_attempt_at <= now())
            or (n.status = 'sending' and n.locked_until <= now()))
       and (claim_notifications.for_report is null or n.report_id = claim_notifications.for_report)
     order by n.next_attempt_at
     limit greatest(coalesce(claim_notifications.max_rows, 20), 0)
     for update skip locked
  )
  update public.notifications n
     set status = 'sending',
         lease_id = gen_random_uuid(),
         locked_until = now() + make_interval(secs => greatest(coalesce(claim_notifications.lease_seconds, 60), 5)),
         attempts = n.attempts + 1,
         first_attempt_at = coalesce(n.first_attempt_at, now()),
         outcome_unknown = n.outcome_unknown or n.status in ('sending', 'unknown')
    from due
   where n.id = due.id
  returning n.*;
$$;
revoke all on function public.claim_notifications(int, int, uuid) from public, anon, authenticated;
grant execute on function public.claim_notifications(int, int, uuid) to service_role;

-- Settles the owner's alerts of a report: once no alert to the owner is still
-- on its way and at least one was accepted, the finder's receipt is set.
create function app_private.settle_owner_alerts(for_report uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  channels text[];
begin
  if for_report is null then
    return;
  end if;
  if exists (
    select 1 from public.notifications n
     where n.report_id = for_report
       and n.template in ('found_sms', 'owner_found_email')
       and n.status in ('pending', 'sending', 'unknown')
  ) then
    return;
  end if;
  select coalesce(array_agg(distinct n.channel order by n.channel), '{}') into channels
    from public.notifications n
   where n.report_id = for_report
     and n.template in ('found_sms', 'owner_found_email')
     and n.status = 'sent';
  if cardinality(channels) = 0 then
    return;
  end if;
  update public.found_reports r
     set owner_notified_at = now(),
         owner_notified_channels = channels
   where r.id = for_report and r.owner_notified_at is null;
end;
$$;
revoke all on function app_private.settle_owner_alerts(uuid) from public;

-- The provider accepted the message. A fact, recorded whoever holds the lease
-- (a dispatcher that lost its lease still knows the provider took it).
drop function public.complete_notification(uuid, text);
create function public.complete_notification(id uuid, provider_id text, lease_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled_report uuid;
begin
  update public.notifications n
     set status = 'sent',
         sent_at = now(),
         provider_id = complete_notification.provider_id,
         locked_until = null,
         lease_id = null,
         outcome_unknown = false,
         last_error = null
   where n.id = complete_notification.id
     and n.status <> 'sent'
  returning n.report_id into settled_report;
  perform app_private.settle_owner_alerts(settled_report);
end;
$$;
revoke all on function public.complete_notification(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.complete_notification(uuid, text, uuid) to service_role;

-- The delay before the next attempt: 30 s, 1 min, 2 min ... capped at 1 hour,
-- with jitter, and never sooner than the provider asked (Retry-After).
create function app_private.notification_backoff(attempts int, retry_after_seconds int)
returns interval
language sql
volatile
set search_path = ''
as $$
  select greatest(
    least(interval '1 hour', interval '30 seconds' * power(2, greatest(attempts - 1, 0)))
      * (1 + random() * 0.25),
    make_interval(secs => greatest(coalesce(retry_after_seconds, 0), 0))
  );
$$;
revoke all on function app_private.notification_backoff(int, int) from public;

-- The provider refused the message (nothing was sent): retry later with
-- backoff, or 'failed' once max_attempts is reached. Only the lease holder.
drop function public.fail_notification(uuid, text, int);
create function public.fail_notification(
  id uuid,
  error text,
  max_attempts int default 8,
  lease_id uuid default null,
  retry_after_seconds int default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled_report uuid;
  new_status text;
begin
  update public.notifications n
     set status = case
                    when n.attempts >= coalesce(fail_notification.max_attempts, 8) then 'failed'
                    else 'pending'
                  end,
         next_attempt_at = now() + app_private.notification_backoff(n.attempts, fail_notification.retry_after_seconds),
         locked_until = null,
         lease_id = null,
         outcome_unknown = false,
         last_error = left(fail_notification.error, 2000)
   where n.id = fail_notification.id
     and n.status = 'sending'
     and (fail_notification.lease_id is null or n.lease_id = fail_notification.lease_id)
  returning n.report_id, n.status into settled_report, new_status;
  if new_status = 'failed' then
    perform app_private.settle_owner_alerts(settled_report);
  end if;
end;
$$;
revoke all on function public.fail_notification(uuid, text, int, uuid, int) from public, anon, authenticated;
grant execute on function public.fail_notification(uuid, text, int, uuid, int) to service_role;

-- The provider may have the message (timeout, connection lost mid-call): keep
-- it as 'unknown', to be looked up at the provider before any resend. After
-- max_attempts it is given up as 'failed'. Only the lease holder.
create function public.mark_notification_unknown(
  id uuid,
  error text,
  max_attempts int default 8,
  lease_id uuid default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled_report uuid;
  new_status text;
begin
  update public.notifications n
     set status = case
                    when n.attempts >= coalesce(mark_notification_unknown.max_attempts, 8) then 'failed'
                    else 'unknown'
                  end,
         next_attempt_at = now() + app_private.notification_backoff(n.attempts, null),
         locked_until = null,
         lease_id = null,
         outcome_unknown = true,
         last_error = left(mark_notification_unknown.error, 2000)
   where n.id = mark_notification_unknown.id
     and n.status = 'sending'
     and (mark_notification_unknown.lease_id is null or n.lease_id = mark_notification_unknown.lease_id)
  returning n.report_id, n.status into settled_report, new_status;
  if new_status = 'failed' then
    perform app_private.settle_owner_alerts(settled_report);
  end if;
end;
$$;
revoke all on function public.mark_notification_unknown(uuid, text, int, uuid) from public, anon, authenticated;
grant execute on function public.mark_notification_unknown(uuid, text, int, uuid) to service_role;

-- Escalation: one reminder (text and e-mail, to where the first alerts went)
-- for each report the owner has not opened within remind_after, not in the
-- quiet hours unless the item is LOST. Idempotent (dedupe keys): call it as
-- often as you like; dispatch-notifications calls it on every run.
create function public.enqueue_reminders(at timestamptz default now())
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
  on conflict (dedupe_key) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
revoke all on function public.enqueue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.enqueue_reminders(timestamptz) to service_role;

-- Records that the owner opened a report (in its chat or not): stops its
-- reminders; opening the chat is the finder's "seen" receipt.
create function app_private.record_report_opened(for_report uuid, for_owner uuid, in_chat boolean)
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
       and n.status in ('pending', 'unknown');
  end if;
end;
$$;
revoke all on function app_private.record_report_opened(uuid, uuid, boolean) from public;

-- The owner opened a report: on the dashboard ('dashboard') or in its chat
-- ('chat'). Anyone else: nothing happens (false).
create function public.mark_report_opened(report_id uuid, via text default 'dashboard')
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if caller is null or mark_report_opened.report_id is null
     or coalesce(mark_report_opened.via, '') not in ('dashboard', 'chat') then
    return false;
  end if;
  perform app_private.record_report_opened(
    mark_report_opened.report_id, caller, mark_report_opened.via = 'chat'
  );
  return exists (
    select 1 from public.found_reports r
     where r.id = mark_report_opened.report_id and r.owner_id = caller
  );
end;
$$;
revoke all on function public.mark_report_opened(uuid, text) from public, anon, authenticated;
grant execute on function public.mark_report_opened(uuid, text) to authenticated, service_role;

-- The owner reading their chat (mark_chat_read) has opened it too.
create function app_private.owner_read_chat()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.record_report_opened(c.report_id, new.user_id, true)
     from public.chats c
    where c.id = new.chat_id and c.owner_id = new.user_id;
  return null;
end;
$$;
revoke all on function app_private.owner_read_chat() from public;

create trigger chat_members_owner_read_chat
  after update of last_read_position on public.chat_members
  for each row
  when (new.role = 'owner')
  execute function app_private.owner_read_chat();

-- The same for the owner looking at a chat (the chat page knows the chat id).
create function public.mark_chat_opened(chat_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  select coalesce(
    (select public.mark_report_opened(c.report_id, 'chat')
       from public.chats c where c.id = mark_chat_opened.chat_id),
    false
  );
$$;
revoke all on function public.mark_chat_opened(uuid) from public, anon, authenticated;
grant execute on function public.mark_chat_opened(uuid) to authenticated, service_role;

-- Receipts travel on their own private topic, receipts:<chat_id>, readable by
-- the chat's members (the chat page's own channel on chat:<id> is left alone).
-- Never raises: a malformed topic is simply refused.
create function app_private.can_read_receipts(topic text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if topic is null
     or topic !~* '^receipts:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return app_private.is_chat_member(substr(topic, 10)::uuid);
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.can_read_receipts(text) from public;
grant execute on function app_private.can_read_receipts(text) to authenticated, service_role;

create policy "Members read their chats' receipts"
  on realtime.messages for select
  to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select app_private.can_read_receipts((select realtime.topic())))
  );

-- A receipt changed: a notice on receipts:<chat_id>, so the finder's page
-- re-reads the report. The broadcast carries the stored values.
create function app_private.broadcast_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat_row record;
begin
  for chat_row in select c.id from public.chats c where c.report_id = new.id loop
    perform realtime.send(
      jsonb_build_object(
        'report_id', new.id,
        'chat_id', chat_row.id,
        'owner_notified_at', new.owner_notified_at,
        'owner_notified_channels', new.owner_notified_channels,
        'owner_seen_chat_at', new.owner_seen_chat_at
      ),
      'receipt',
      'receipts:' || chat_row.id::text,
      true
    );
  end loop;
  return null;
end;
$$;
revoke all on function app_private.broadcast_receipt() from public;

create trigger found_reports_broadcast_receipt
  after update of owner_notified_at, owner_seen_chat_at on public.found_reports
  for each row
  when (old.owner_notified_at is distinct from new.owner_notified_at
        or old.owner_seen_chat_at is distinct from new.owner_seen_chat_at)
  execute function app_private.broadcast_receipt();
