-- The finder's receipt names each alert to the owner as soon as its provider
-- accepts it. It used to wait until no alert was still on its way, so with the
-- SMS provider down (the text retried for about an hour before giving up) the
-- finder read "We are telling the owner now." for that hour although the owner
-- already had the e-mail. Now: "The owner was sent an e-mail", then "... a text
-- and an e-mail" once the text is accepted. owner_notified_at is the first
-- acceptance; owner_notified_channels grows. The report's row is still locked
-- first, so two alerts accepted at once both end up in the channels.
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
  select coalesce(array_agg(distinct n.channel order by n.channel), '{}') into channels
    from public.notifications n
   where n.report_id = for_report
     and n.template in ('found_sms', 'owner_found_email')
     and n.status = 'sent';
  if cardinality(channels) = 0 then
    return;
  end if;
  update public.found_reports r
     set owner_notified_at = coalesce(r.owner_notified_at, now()),
         owner_notified_channels = channels
   where r.id = for_report
     and r.owner_notified_channels is distinct from channels;
end;
$$;
revoke all on function app_private.settle_owner_alerts(uuid) from public;

-- A channel added to the receipt is news for the finder's page too.
drop trigger found_reports_broadcast_receipt on public.found_reports;
create trigger found_reports_broadcast_receipt
  after update of owner_notified_at, owner_notified_channels, owner_seen_chat_at
  on public.found_reports
  for each row
  when (old.owner_notified_at is distinct from new.owner_notified_at
        or old.owner_notified_channels is distinct from new.owner_notified_channels
        or old.owner_seen_chat_at is distinct from new.owner_seen_chat_at)
  execute function app_private.broadcast_receipt();

comment on column public.found_reports.owner_notified_at is 'When a provider first accepted an alert to the owner (text or e-mail).';
