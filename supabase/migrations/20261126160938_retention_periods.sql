-- How long personal data is kept, owned by SQL once: the purge reads these rows,
-- and the privacy notice shows them (npm run db:types writes them into
-- src/types/retention.generated.ts; tests/build checks the built notice against
-- this table). Change a row to change the rule everywhere.
--
-- The purge's work on a set of reports moves into app_private.purge_reports, so a
-- finder's "Delete my details now" and an account deletion purge exactly as the
-- schedule does.

create table app_private.retention_periods (
  name text primary key,
  keep_for interval not null constraint retention_periods_keep_for_check check (keep_for > interval '0'),
  description text not null
);
comment on table app_private.retention_periods is 'How long personal data is kept after an event. Read by purge_finder_data and shown in the privacy notice.';
revoke all on table app_private.retention_periods from public, anon, authenticated;

insert into app_private.retention_periods (name, keep_for, description) values
  ('finder_details_after_found', interval '7 days', 'a finder''s details, after the owner marks the item FOUND'),
  ('finder_details_after_report', interval '30 days', 'a finder''s details, after their report otherwise'),
  ('abuse_records', interval '1 day', 'the hashed network address of a report, and failed activation attempts');

-- The period of one rule. Never raises (used in a column default): an unknown
-- rule is null, which the purge treats as "now".
create function app_private.retention_of(rule text)
returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select p.keep_for from app_private.retention_periods p where p.name = rule;
$$;
revoke all on function app_private.retention_of(text) from public;
grant execute on function app_private.retention_of(text) to authenticated, service_role;

alter table public.found_reports
  alter column purge_after set default now() + app_private.retention_of('finder_details_after_report');

-- Purges the given reports completely, as the schedule does: every notification
-- of the report scrubbed (unsent ones cancelled), the chat's messages, invites
-- and the finder's membership deleted, Realtime's stored copies deleted, the
-- report kept as a stub without the finder's details, and the anonymous finders
-- deleted once none of their reports is still kept. Returns how many reports it
-- purged (those already purged are skipped).
create function app_private.purge_reports(report_ids uuid[])
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  purged_ids uuid[];
  purged_chats uuid[];
  finders uuid[];
begin
  select coalesce(array_agg(r.id), '{}'),
         coalesce(array_agg(distinct r.finder_id) filter (where r.finder_id is not null), '{}')
    into purged_ids, finders
    from public.found_reports r
   where r.id = any (report_ids) and r.purged_at is null;

  if cardinality(purged_ids) = 0 then
    return 0;
  end if;

  select coalesce(array_agg(c.id), '{}') into purged_chats
    from public.chats c where c.report_id = any (purged_ids);

  -- Every notification of the report: payload and error text scrubbed, the
  -- finder's address replaced, and anything not yet sent cancelled.
  update public.notifications n
     set payload = jsonb_build_object('purged', true),
         recipient = case
                       when n.template like 'finder%' or lower(n.recipient) = lower(r.finder_email)
                         then 'purged'
                       else n.recipient
                     end,
         last_error = case when n.last_error is null then null else 'purged' end,
         status = case when n.status in ('sent', 'failed') then n.status else 'failed' end,
         locked_until = null
    from public.found_reports r
   where r.id = n.report_id and n.report_id = any (purged_ids);

  delete from public.messages m where m.chat_id = any (purged_chats);
  delete from public.chat_invites v where v.chat_id = any (purged_chats);
  delete from public.chat_members cm where cm.chat_id = any (purged_chats) and cm.role = 'finder';

  -- Realtime's stored broadcasts: the chat's topic, and the owner's topic's
  -- copies of this chat's messages and this report.
  begin
    delete from realtime.messages rm
     where rm.topic = any (select 'chat:' || id::text from unnest(purged_chats) id)
        or (rm.topic like 'owner:%'
            and (rm.payload ->> 'chat_id' = any (select id::text from unnest(purged_chats) id)
                 or rm.payload ->> 'report_id' = any (select id::text from unnest(purged_ids) id)));
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'purge_reports: realtime.messages not purged: %', sqlerrm;
  end;

  update public.found_reports r
     set finder_name = null,
         finder_email = null,
         finder_phone = null,
         finder_address = null,
         found_location = null,
         purged_at = now()
   where r.id = any (purged_ids);

  -- The anonymous finders, once none of their reports is still kept.
  begin
    delete from auth.users u
     where u.id = any (finders)
       and u.is_anonymous
       and not exists (
         select 1 from public.found_reports r where r.finder_id = u.id and r.purged_at is null
       );
  exception
    when insufficient_privilege then
      raise warning 'purge_reports: anonymous finders not deleted: %', sqlerrm;
  end;

  return cardinality(purged_ids);
end;
$$;
revoke all on function app_private.purge_reports(uuid[]) from public, anon, authenticated;
grant execute on function app_private.purge_reports(uuid[]) to service_role;

-- The schedule (hourly): the reports whose time has come, by the periods above.
create or replace function public.purge_finder_data()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  due uuid[];
  after_found interval := coalesce(app_private.retention_of('finder_details_after_found'), interval '0');
  after_report interval := coalesce(app_private.retention_of('finder_details_after_report'), interval '0');
  abuse_records interval := coalesce(app_private.retention_of('abuse_records'), interval '0');
begin
  select coalesce(array_agg(r.id), '{}') into due
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.purged_at is null
     and (
       r.purge_after <= now()
       or r.created_at <= now() - after_report
       or (i.status = 'FOUND' and i.status_changed_at >= r.created_at
           and i.status_changed_at <= now() - after_found)
     );

  -- housekeeping of the abuse limits' own records, whatever else happens
  delete from app_private.report_sources s where s.created_at < now() - abuse_records;
  delete from app_private.activation_failures f where f.failed_at < now() - abuse_records;

  return app_private.purge_reports(due);
end;
$$;
revoke all on function public.purge_finder_data() from public, anon, authenticated;
grant execute on function public.purge_finder_data() to service_role;
