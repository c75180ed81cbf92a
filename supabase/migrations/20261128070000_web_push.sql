-- ============================================================================
-- Web Push (issue 47): an owner's devices, the pushes the outbox sends them,
-- and texts as the owner chooses. docs/push.md is the manual.
--
--   push_subscriptions         one row per device an owner turned notifications on
--                              for; read and removed by its owner only, added only
--                              through save_push_subscription (known push services)
--   notifications 'push'       found_push (a report) and message_push (a finder's
--                              message, coalesced as the owner's realtime alerts are),
--                              one row per device, through the same outbox
--   profiles.text_alerts       'always' (the specification's text, the default),
--                              'unseen' (only if the report is not opened within
--                              text_after_minutes; quiet hours hold it) or 'never'
-- ============================================================================

-- Where a push may go besides the known push services: the local stack's own
-- push endpoint (its dev inbox), set by the local stack's seed only. Null in a
-- deployment, so a subscription can never make the backend call an address of
-- the client's choosing.
create table app_private.push_settings (
  id boolean primary key default true constraint push_settings_one_row check (id),
  local_endpoint_prefix text
    constraint push_settings_local_endpoint_prefix_check
    check (local_endpoint_prefix ~ '^https?://[A-Za-z0-9.:\[\]-]+/[A-Za-z0-9/_-]*/$')
);
comment on table app_private.push_settings is 'Web Push settings: local_endpoint_prefix is the local stack''s own push endpoint (e.g. http://127.0.0.1:54324/push/), the one place besides the known push services a subscription may point; null in a deployment.';
insert into app_private.push_settings default values;
revoke all on table app_private.push_settings from public, anon, authenticated;

-- Whether an endpoint is on a known push service (https, default port, no user
-- info): Chrome/Edge/Android (FCM), Firefox (Mozilla autopush), Windows (WNS),
-- Safari and iOS (Apple). Or under the local endpoint prefix. Never raises.
create function app_private.is_push_endpoint(endpoint text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  host text;
  local_prefix text;
begin
  if endpoint is null or char_length(endpoint) > 2048 or endpoint ~ '[[:space:]]' then
    return false;
  end if;
  select s.local_endpoint_prefix into local_prefix from app_private.push_settings s where s.id;
  if local_prefix is not null and starts_with(endpoint, local_prefix)
     and substr(endpoint, char_length(local_prefix) + 1) ~ '^[A-Za-z0-9_-]{1,200}$' then
    return true;
  end if;
  host := lower(substring(endpoint from '^https://([A-Za-z0-9.-]+)(:443)?/'));
  if host is null then
    return false;
  end if;
  return host = 'fcm.googleapis.com'
      or host = 'web.push.apple.com'
      or host ~ '^[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.services\.mozilla\.com$'
      or host ~ '^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$'
      or host ~ '^[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.apple\.com$';
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_push_endpoint(text) from public;

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null
    constraint push_subscriptions_endpoint_key unique,
  p256dh text not null
    constraint push_subscriptions_p256dh_check check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  auth text not null
    constraint push_subscriptions_auth_check check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  browser text not null default ''
    constraint push_subscriptions_browser_check check (char_length(browser) <= 80),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
comment on table public.push_subscriptions is 'One row per device (browser) an owner turned notifications on for: its push endpoint and keys (RFC 8291), a browser label, when it was added and last reached. The owner reads and removes their own; rows are added only by save_push_subscription.';
comment on column public.push_subscriptions.last_used_at is 'When a push to this device was last accepted by its push service.';

create index push_subscriptions_owner_id_idx on public.push_subscriptions (owner_id);

alter table public.push_subscriptions enable row level security;
revoke all on table public.push_subscriptions from anon, authenticated;
grant select (id, owner_id, browser, created_at, last_used_at), delete
  on table public.push_subscriptions to authenticated;
grant all on table public.push_subscriptions to service_role;

create policy "Owners read their own devices"
  on public.push_subscriptions for select
  to authenticated
  using ((select auth.uid()) = owner_id);

create policy "Owners remove their own devices"
  on public.push_subscriptions for delete
  to authenticated
  using ((select auth.uid()) = owner_id);

-- At most this many devices per owner: the least recently used goes first.
create function app_private.max_push_devices()
returns int
language sql
immutable
set search_path = ''
as $$ select 10 $$;

-- Turns notifications on for this browser: the endpoint and keys its
-- PushManager.subscribe() gave. The same endpoint again (a refreshed
-- subscription, another owner signing in on that browser) replaces the row.
-- Refuses an endpoint off the known push services (push_endpoint_refused) and
-- malformed keys (invalid_input). Registered owners only.
create function public.save_push_subscription(
  endpoint text,
  p256dh text,
  auth text,
  browser text default ''
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  label text := left(coalesce(app_private.clean_text(save_push_subscription.browser, 80), ''), 80);
  saved uuid;
begin
  if caller is null or app_private.is_anonymous_user() then
    raise exception 'not_allowed' using errcode = '42501';
  end if;
  if not app_private.is_push_endpoint(save_push_subscription.endpoint) then
    raise exception 'push_endpoint_refused' using errcode = 'P0001',
      detail = 'Notifications can only be sent through a browser''s own push service.';
  end if;
  if coalesce(save_push_subscription.p256dh, '') !~ '^B[A-Za-z0-9_-]{86}$'
     or coalesce(save_push_subscription.auth, '') !~ '^[A-Za-z0-9_-]{22}$' then
    raise exception 'invalid_input' using errcode = 'P0001',
      detail = 'the subscription''s keys are not P-256 and a 16-byte secret (base64url)';
  end if;
  insert into public.push_subscriptions as s (owner_id, endpoint, p256dh, auth, browser)
  values (caller, save_push_subscription.endpoint, save_push_subscription.p256dh,
          save_push_subscription.auth, label)
  on conflict on constraint push_subscriptions_endpoint_key do update
     set owner_id = excluded.owner_id,
         p256dh = excluded.p256dh,
         auth = excluded.auth,
         browser = excluded.browser
  returning s.id into saved;
  delete from public.push_subscriptions s
   where s.owner_id = caller
     and s.id in (
       select o.id from public.push_subscriptions o
        where o.owner_id = caller
        order by coalesce(o.last_used_at, o.created_at) desc, o.created_at desc
        offset app_private.max_push_devices()
     );
  return saved;
end;
$$;
revoke all on function public.save_push_subscription(text, text, text, text) from public, anon, authenticated;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Pushes in the outbox: channel 'push', one row per device; the row holds the
-- device's endpoint and keys (copied when it is added) and what it shows.

alter table public.notifications drop constraint notifications_channel_check;
alter table public.notifications add constraint notifications_channel_check
  check (channel in ('sms', 'email', 'push'));
alter table public.notifications drop constraint notifications_template_check;
alter table public.notifications add constraint notifications_template_check
  check (template in (
    'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
    'reminder_sms', 'reminder_email', 'finder_returned_email',
    'account_deleted_email', 'chat_closed_email', 'mobile_code_sms',
    'found_push', 'message_push'
  ));
-- A device's pending pushes (cancelled when it is removed).
create index notifications_push_recipient_idx on public.notifications (recipient)
  where channel = 'push';

-- One push row per device of the owner; the owner's chat link, the item and
-- nothing of the finder.
create function app_private.enqueue_pushes(
  for_owner uuid,
  template text,
  dedupe_prefix text,
  for_report uuid,
  content jsonb
)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  added int;
begin
  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  select enqueue_pushes.dedupe_prefix || ':' || s.id, 'push', enqueue_pushes.template, s.id::text,
         enqueue_pushes.content
           || jsonb_build_object('endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth),
         enqueue_pushes.for_report
    from public.push_subscriptions s
   where s.owner_id = enqueue_pushes.for_owner
  on conflict (dedupe_key) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
revoke all on function app_private.enqueue_pushes(uuid, text, text, uuid, jsonb) from public;

-- A found report alerts the owner by e-mail (always) and now by push too: the
-- owner's alert e-mail row is added in the report's transaction with the
-- item, the chat and the owner's link in its payload, so its devices' pushes
-- are added beside it.
create function app_private.push_found_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select r.owner_id into owner from public.found_reports r where r.id = new.report_id;
  if owner is null then
    return null;
  end if;
  perform app_private.enqueue_pushes(
    owner, 'found_push', new.report_id || ':found_push', new.report_id,
    jsonb_build_object(
      'item_name', new.payload ->> 'item_name',
      'chat_id', new.payload ->> 'chat_id',
      'chat_url', new.payload ->> 'chat_url',
      'report_id', new.report_id
    )
  );
  return null;
end;
$$;
revoke all on function app_private.push_found_report() from public;

create trigger notifications_push_found_report
  after insert on public.notifications
  for each row
  when (new.template = 'owner_found_email' and new.report_id is not null)
  execute function app_private.push_found_report();

-- Each new message on chat:<id>; a finder's also on owner:<owner_id>, at most
-- owner_alerts_per_chat times per window, with the owner's unread count and
-- the window's length in seconds (quiet_seconds). The same coalesced alert now
-- also goes to the owner's devices as a push (the message's words stay in the
-- chat: they may hold the finder's contact details).
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

-- A device accepted a push: its last use.
create function app_private.push_sent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.push_subscriptions s
     set last_used_at = coalesce(new.sent_at, now())
   where s.id::text = new.recipient;
  return null;
end;
$$;
revoke all on function app_private.push_sent() from public;

create trigger notifications_push_sent
  after update of status on public.notifications
  for each row
  when (new.channel = 'push' and new.status = 'sent' and old.status is distinct from 'sent')
  execute function app_private.push_sent();

-- A removed device gets no more pushes.
create function app_private.cancel_device_pushes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notifications n
     set status = 'cancelled', locked_until = null, lease_id = null
   where n.channel = 'push'
     and n.recipient = old.id::text
     and n.status in ('pending', 'unknown');
  return null;
end;
$$;
revoke all on function app_private.cancel_device_pushes() from public;

create trigger push_subscriptions_cancel_pushes
  after delete on public.push_subscriptions
  for each row execute function app_private.cancel_device_pushes();

-- ---------------------------------------------------------------------------
-- Texts as the owner chooses.

alter table public.profiles
  add column text_alerts text not null default 'always'
    constraint profiles_text_alerts_check check (text_alerts in ('always', 'unseen', 'never')),
  add column text_after_minutes int not null default 10
    constraint profiles_text_after_minutes_check check (text_after_minutes between 1 and 1440);
comment on column public.profiles.text_alerts is 'When a found report is texted: always (at once, the default), unseen (only if the owner has not opened it within text_after_minutes; quiet hours hold it) or never. E-mail always goes.';
comment on column public.profiles.text_after_minutes is 'For text_alerts = unseen: how long an unopened report waits before its text.';

-- The earliest time a held text may go: `at`, or the end of the quiet hours
-- (escalation_settings, local time) when `at` falls inside them, unless the
-- item is LOST (as for reminders).
create function app_private.text_due_at(at timestamptz, item_is_lost boolean)
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  settings app_private.escalation_settings;
  local_at timestamp;
  local_time time;
  ends timestamp;
begin
  select * into settings from app_private.escalation_settings s where s.id;
  if settings.id is null or item_is_lost or settings.quiet_from = settings.quiet_until then
    return at;
  end if;
  local_at := at at time zone settings.time_zone;
  local_time := local_at::time;
  if settings.quiet_from > settings.quiet_until then
    if local_time >= settings.quiet_from then
      ends := (local_at::date + 1) + settings.quiet_until;
    elsif local_time < settings.quiet_until then
      ends := local_at::date + settings.quiet_until;
    end if;
  elsif local_time >= settings.quiet_from and local_time < settings.quiet_until then
    ends := local_at::date + settings.quiet_until;
  end if;
  if ends is null then
    return at;
  end if;
  return ends at time zone settings.time_zone;
end;
$$;
revoke all on function app_private.text_due_at(timestamptz, boolean) from public;

-- A report's text (found_sms) as its owner chose: dropped ('never'), or held
-- for text_after_minutes and past the quiet hours ('unseen'); 'always' is as
-- the specification says, at once.
create function app_private.found_text_as_chosen()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  choice text;
  minutes int;
  is_lost boolean;
begin
  select p.text_alerts, p.text_after_minutes, coalesce(i.status = 'LOST', false)
    into choice, minutes, is_lost
    from public.found_reports r
    join public.profiles p on p.id = r.owner_id
    left join public.items i on i.id = r.item_id
   where r.id = new.report_id;
  if choice = 'never' then
    return null;
  end if;
  if choice = 'unseen' then
    new.next_attempt_at := app_private.text_due_at(now() + make_interval(mins => minutes), is_lost);
  end if;
  return new;
end;
$$;
revoke all on function app_private.found_text_as_chosen() from public;

create trigger notifications_found_text_as_chosen
  before insert on public.notifications
  for each row
  when (new.template = 'found_sms' and new.report_id is not null)
  execute function app_private.found_text_as_chosen();

-- The owner opened the report (the push, the dashboard or the chat): a text
-- still waiting ('unseen') is not needed any more. A text the owner wants
-- always is not held back, and opening the report never takes it away.
create function app_private.cancel_waiting_text()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notifications n
     set status = 'cancelled', locked_until = null, lease_id = null
   where n.report_id = new.id
     and n.template = 'found_sms'
     and n.status = 'pending'
     and n.attempts = 0
     and exists (select 1 from public.profiles p
                  where p.id = new.owner_id and p.text_alerts = 'unseen');
  return null;
end;
$$;
revoke all on function app_private.cancel_waiting_text() from public;

create trigger found_reports_cancel_waiting_text
  after update of owner_opened_at on public.found_reports
  for each row
  when (old.owner_opened_at is null and new.owner_opened_at is not null)
  execute function app_private.cancel_waiting_text();

-- The push service answered 404/410: the device is gone. Removes it (its
-- other pushes are cancelled by the trigger above), gives the row up, and if
-- no device of the owner has the report's alert or may still get it, a text
-- held back for the push goes now (quiet hours still apply). Only the lease holder.
create function public.push_subscription_gone(id uuid, error text, lease_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone public.notifications;
begin
  update public.notifications n
     set status = 'failed',
         last_error = left(push_subscription_gone.error, 2000),
         locked_until = null,
         lease_id = null
   where n.id = push_subscription_gone.id
     and n.channel = 'push'
     and n.status = 'sending'
     and (push_subscription_gone.lease_id is null or n.lease_id = push_subscription_gone.lease_id)
  returning n.* into gone;
  if gone.id is null then
    return;
  end if;
  delete from public.push_subscriptions s where s.id::text = gone.recipient;
  if gone.report_id is not null and not exists (
    select 1 from public.notifications n
     where n.report_id = gone.report_id
       and n.template = 'found_push'
       and n.status in ('pending', 'sending', 'unknown', 'sent')
  ) then
    update public.notifications n
       set next_attempt_at = greatest(
             now(),
             app_private.text_due_at(now(), coalesce(
               (select i.status = 'LOST' from public.found_reports r
                  join public.items i on i.id = r.item_id where r.id = gone.report_id), false)))
     where n.report_id = gone.report_id
       and n.template = 'found_sms'
       and n.status = 'pending'
       and n.attempts = 0
       and n.next_attempt_at > now();
  end if;
end;
$$;
revoke all on function public.push_subscription_gone(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.push_subscription_gone(uuid, text, uuid) to service_role;

-- The outbox retry job looked at cancelled rows too (any status but sent and
-- failed), so one cancelled reminder or held text made it call
-- dispatch-notifications every run for nothing. Only rows that may be sent count.
create or replace function app_private.dispatch_due_notifications()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
      from public.notifications n
     where n.status in ('pending', 'sending', 'unknown')
       and (n.next_attempt_at <= now() or n.locked_until <= now())
  ) then
    return null;
  end if;
  return app_private.invoke_edge_function('dispatch-notifications');
end;
$$;
