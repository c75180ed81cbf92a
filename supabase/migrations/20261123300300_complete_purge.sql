-- Deletion that is complete. A finder's details are deleted 7 days after the
-- owner marks the item FOUND, and 30 days after the report otherwise, from
-- everywhere they are held: the report keeps only a stub (no name, e-mail,
-- phone, address or where-found), the chat's messages, invites and the finder's
-- membership go, every notification row of the report is scrubbed (rows not yet
-- sent are cancelled and never sent), Realtime's stored copies of the chat are
-- deleted, and so is the anonymous finder's user. A purged chat is closed:
-- nobody can post in it again.

-- True when the chat's report was purged. Never raises (used in a policy).
create function app_private.is_chat_closed(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.chats c join public.found_reports r on r.id = c.report_id
     where c.id = for_chat and r.purged_at is not null
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_chat_closed(uuid) from public;
grant execute on function app_private.is_chat_closed(uuid) to authenticated, service_role;

-- Restrictive: applies on top of whatever permissive insert policy messages has.
create policy "Nobody posts in a closed chat"
  on public.messages
  as restrictive
  for insert
  to authenticated
  with check (not (select app_private.is_chat_closed(chat_id)));

create or replace function public.purge_finder_data()
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
  select coalesce(array_agg(r.id), '{}'), coalesce(array_agg(distinct r.finder_id)
           filter (where r.finder_id is not null), '{}')
    into purged_ids, finders
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.purged_at is null
     and (
       r.purge_after <= now()
       or r.created_at <= now() - interval '30 days'
       or (i.status = 'FOUND' and i.status_changed_at >= r.created_at
           and i.status_changed_at <= now() - interval '7 days')
     );

  -- housekeeping of the abuse limits' own records, whatever else happens
  delete from app_private.report_sources s where s.created_at < now() - interval '1 day';
  delete from app_private.activation_failures f where f.failed_at < now() - interval '1 day';

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
      raise warning 'purge_finder_data: realtime.messages not purged: %', sqlerrm;
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
      raise warning 'purge_finder_data: anonymous finders not deleted: %', sqlerrm;
  end;

  return cardinality(purged_ids);
end;
$$;
revoke all on function public.purge_finder_data() from public, anon, authenticated;
grant execute on function public.purge_finder_data() to service_role;
