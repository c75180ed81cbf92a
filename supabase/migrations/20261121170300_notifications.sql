-- The outbox: every e-mail and text message to send, delivered and retried by
-- the dispatch-notifications Edge Function. Service role only.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  dedupe_key text not null unique,
  channel text not null
    constraint notifications_channel_check check (channel in ('sms', 'email')),
  template text not null
    constraint notifications_template_check
    check (template in ('found_sms', 'owner_found_email', 'finder_thanks_email')),
  recipient text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending'
    constraint notifications_status_check check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  provider_id text,
  report_id uuid,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on table public.notifications is 'Outbox of e-mails and text messages, with delivery status, attempts and backoff. Service role only.';

create index notifications_due_idx on public.notifications (next_attempt_at)
  where status in ('pending', 'sending');
create index notifications_report_id_idx on public.notifications (report_id);

alter table public.notifications enable row level security;
revoke all on table public.notifications from anon, authenticated;
grant all on table public.notifications to service_role;

-- Atomically takes up to max_rows due rows: pending ones whose next attempt is
-- due and that nobody holds, and 'sending' ones whose holder's lock expired.
create function public.claim_notifications(max_rows int default 20)
returns setof public.notifications
language sql
security definer
set search_path = ''
as $$
  with due as (
    select n.id
      from public.notifications n
     where (n.status = 'pending' and n.next_attempt_at <= now()
            and (n.locked_until is null or n.locked_until <= now()))
        or (n.status = 'sending' and n.locked_until <= now())
     order by n.next_attempt_at
     limit greatest(coalesce(claim_notifications.max_rows, 20), 0)
     for update skip locked
  )
  update public.notifications n
     set status = 'sending',
         locked_until = now() + interval '2 minutes',
         attempts = n.attempts + 1
    from due
   where n.id = due.id
  returning n.*;
$$;
revoke all on function public.claim_notifications(int) from public, anon, authenticated;
grant execute on function public.claim_notifications(int) to service_role;

create function public.complete_notification(id uuid, provider_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.notifications n
     set status = 'sent',
         sent_at = now(),
         provider_id = complete_notification.provider_id,
         locked_until = null,
         last_error = null
   where n.id = complete_notification.id
     and n.status <> 'sent';
$$;
revoke all on function public.complete_notification(uuid, text) from public, anon, authenticated;
grant execute on function public.complete_notification(uuid, text) to service_role;

-- Records a failed attempt: retried later with exponential backoff and jitter
-- (30 s, 1 min, 2 min ... capped at 1 hour), or 'failed' once max_attempts is reached.
create function public.fail_notification(id uuid, error text, max_attempts int default 6)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.notifications n
     set status = case
                    when n.attempts >= coalesce(fail_notification.max_attempts, 6) then 'failed'
                    else 'pending'
                  end,
         next_attempt_at = now() + least(
           interval '1 hour',
           interval '30 seconds' * power(2, greatest(n.attempts - 1, 0))
         ) * (1 + random() * 0.25),
         locked_until = null,
         last_error = left(fail_notification.error, 2000)
   where n.id = fail_notification.id
     and n.status <> 'sent';
$$;
revoke all on function public.fail_notification(uuid, text, int) from public, anon, authenticated;
grant execute on function public.fail_notification(uuid, text, int) to service_role;
