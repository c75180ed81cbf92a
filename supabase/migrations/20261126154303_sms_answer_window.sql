-- An SMS is never sent twice, however slow the provider (issue 35). When the
-- provider accepted a send only after our 10 s deadline, and our look-up of its
-- message list (which lags behind what it accepted) found nothing, we sent it
-- again and the owner got two texts. Now:
-- * each SMS carries a short reference made from its row id (the Edge Functions
--   put it in the text), and the look-up matches that reference exactly and
--   reads the whole list (a look-up that could not is no answer);
-- * a send whose outcome is unknown sets resend_after: the provider may still
--   accept it within its answer window, and list it only after its look-up lag.
--   Until then an attempt may only look the SMS up (lookup_only, set by each
--   claim); after it a look-up that finds nothing means the provider never took
--   it, and only then is it sent again.
-- The two durations are assumptions about the provider, in one row:
--   update app_private.sms_delivery_settings set answer_window = ..., lookup_lag = ...;

create table app_private.sms_delivery_settings (
  id boolean primary key default true constraint sms_delivery_settings_one_row check (id),
  answer_window interval not null default interval '1 minute'
    constraint sms_delivery_settings_answer_window_check check (answer_window >= interval '0'),
  lookup_lag interval not null default interval '2 minutes'
    constraint sms_delivery_settings_lookup_lag_check check (lookup_lag >= interval '0')
);
comment on table app_private.sms_delivery_settings is 'How long the SMS provider may take to accept a request we stopped waiting for (answer_window), and how long after accepting a message its message list may still not show it (lookup_lag). An SMS whose send outcome is unknown is sent again only after both have passed and a look-up found nothing.';
insert into app_private.sms_delivery_settings default values;
revoke all on table app_private.sms_delivery_settings from public, anon, authenticated;

alter table public.notifications
  add column resend_after timestamptz,
  add column lookup_only boolean not null default false;
comment on column public.notifications.resend_after is 'An SMS whose send outcome is unknown may be sent again only after this (the provider''s answer window and look-up lag after the last send that may have reached it).';
comment on column public.notifications.lookup_only is 'Set by each claim: the answer window of an earlier send is still open, so this attempt may look the SMS up but never send it.';

-- The time after which a send that may have reached the provider by `sent_by`
-- can no longer turn up at it.
create function app_private.sms_resend_after(sent_by timestamptz)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select sent_by + coalesce((select s.answer_window + s.lookup_lag from app_private.sms_delivery_settings s), interval '3 minutes');
$$;
revoke all on function app_private.sms_resend_after(timestamptz) from public;

-- As before (the baseline migration), and: a 'sending' row
-- whose lease ran out may have been sent by its holder up to the lease's end
-- (the functions never start a send later than that), so its resend_after
-- moves past that end, unless that holder was only allowed to look it up
-- (lookup_only: it sent nothing, and a holder that keeps dying must not hold the
-- resend off for ever); lookup_only tells the claimant whether it may send.
create or replace function public.claim_notifications(
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
  ),
  claimed as (
    select n.id,
           case when n.status = 'sending' and n.channel = 'sms' and not n.lookup_only
                then greatest(n.resend_after, app_private.sms_resend_after(n.locked_until))
                else n.resend_after end as resend_after
      from public.notifications n
      join due on due.id = n.id
  )
  update public.notifications n
     set status = 'sending',
         lease_id = gen_random_uuid(),
         locked_until = now() + make_interval(secs => greatest(coalesce(claim_notifications.lease_seconds, 60), 5)),
         attempts = n.attempts + 1,
         first_attempt_at = coalesce(n.first_attempt_at, now()),
         outcome_unknown = n.outcome_unknown or n.status in ('sending', 'unknown'),
         resend_after = claimed.resend_after,
         lookup_only = coalesce(claimed.resend_after > now(), false)
    from claimed
   where n.id = claimed.id
  returning n.*;
$$;

-- The provider may have the message (timeout, connection lost mid-call, or a
-- look-up that could not tell): keep it as 'unknown', to be looked up before
-- any resend. `sent` says whether this attempt sent it (then its answer window
-- starts now); a look-up alone moves nothing, and the next attempt comes no
-- later than resend_after. After max_attempts it is given up as 'failed',
-- except by a look-up inside the window. Only the lease holder.
drop function public.mark_notification_unknown(uuid, text, int, uuid);
create function public.mark_notification_unknown(
  id uuid,
  error text,
  max_attempts int default 8,
  lease_id uuid default null,
  sent boolean default true
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
                    -- never given up while only looking up inside an open window:
                    -- the provider may yet list it, and nothing else can be done
                    -- (the claim's lookup_only: the window may close while it looks)
                    when n.attempts >= coalesce(mark_notification_unknown.max_attempts, 8)
                         and (coalesce(mark_notification_unknown.sent, true)
                              or (not n.lookup_only
                                  and (n.resend_after is null or n.resend_after <= now())))
                    then 'failed'
                    else 'unknown'
                  end,
         resend_after = case
                          when coalesce(mark_notification_unknown.sent, true) and n.channel = 'sms'
                          then greatest(n.resend_after, app_private.sms_resend_after(now()))
                          else n.resend_after
                        end,
         next_attempt_at = case
                             when not coalesce(mark_notification_unknown.sent, true) and n.resend_after > now()
                             then least(now() + app_private.notification_backoff(n.attempts, null), n.resend_after)
                             else now() + app_private.notification_backoff(n.attempts, null)
                           end,
         locked_until = null,
         lease_id = null,
         lookup_only = false,
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
revoke all on function public.mark_notification_unknown(uuid, text, int, uuid, boolean) from public, anon, authenticated;
grant execute on function public.mark_notification_unknown(uuid, text, int, uuid, boolean) to service_role;
