-- A conversation whose finder's details are deleted by the retention purge is
-- closed, like every other way a conversation ends: with a reason ('purged'),
-- a closed_at the owner's page reads, and a live 'closed' to both topics.
-- Before, such a chat refused messages (is_chat_closed) but still looked open.
-- And the data export includes how the item was to go back (chat_returns).

create or replace function public.purge_finder_data()
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
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

  -- The conversations still open end now, each side told live.
  perform app_private.close_chat(c.id, 'purged')
     from public.chats c
    where c.report_id = any (due) and c.closed_at is null;

  return app_private.purge_reports(due);
end;
$function$;

create or replace function public.export_my_data()
 returns jsonb
 language plpgsql
 stable
 set search_path to ''
as $function$
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
    'ways_back', coalesce((select jsonb_agg(to_jsonb(w) order by w.updated_at)
                             from public.chat_returns w
                            where exists (select 1 from public.chat_members cm
                                           where cm.chat_id = w.chat_id and cm.user_id = me)), '[]'::jsonb),
    'alerts_sent_to_you', app_private.my_alerts()
  );
end;
$function$;
