-- The finder's receipt ("The owner was sent a text and an e-mail") was lost when
-- the provider accepted the SMS and the owner's e-mail at the same moment on a real
-- PostgreSQL server: the two complete_notification transactions each saw the
-- other's row still 'sending' (not yet committed), so neither recorded
-- owner_notified_at. Settling now locks the report's row first: the second waits for
-- the first to commit and then, in a fresh snapshot, sees both rows sent.
-- (PGlite has one connection, so the local stack never overlapped them.)
create or replace function app_private.settle_owner_alerts(for_report uuid)
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
  perform 1 from public.found_reports r where r.id = for_report for update;
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
