-- "Download my data" now also holds the devices an owner turned notifications on for, and the
-- finders they blocked. Body copied from the current export_my_data (supabase/schema.sql), with
-- two sections added; both read only the columns an owner may read of their own rows.
CREATE OR REPLACE FUNCTION public.export_my_data()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
    'alerts_sent_to_you', app_private.my_alerts(),
    'devices', coalesce((select jsonb_agg(jsonb_build_object(
                                  'browser', d.browser,
                                  'created_at', d.created_at,
                                  'last_used_at', d.last_used_at) order by d.created_at)
                           from public.push_subscriptions d where d.owner_id = me), '[]'::jsonb),
    'finders_you_blocked', coalesce((select jsonb_agg(jsonb_build_object(
                                              'item_id', b.item_id,
                                              'chat_id', b.chat_id,
                                              'created_at', b.created_at,
                                              'lifted_at', b.lifted_at) order by b.created_at)
                                       from public.finder_blocks b where b.owner_id = me), '[]'::jsonb)
  );
end;
$function$;
