-- Issue 45: the chat's own summary says which ways back the owner accepts, so the
-- conversation's safety tips advise meeting in a public place only when the owner
-- accepts meeting at all (the ways back themselves stay in chat_ways_back).

drop function public.chat_summary(uuid);

create function public.chat_summary(chat_id uuid)
 returns table(chat_id uuid, item_id uuid, item_name text, item_status text, finder_first_name text, found_location text, found_at timestamp with time zone, viewer_role text, closed_at timestamp with time zone, closed_reason text, finder_details_deleted_on timestamp with time zone, return_options text[])
 language sql
 stable security definer
 set search_path to ''
as $function$
  select c.id, c.item_id, i.name, i.status,
         app_private.first_name(r.finder_name), r.found_location, r.created_at, m.role,
         c.closed_at, c.closed_reason,
         case when r.purged_at is null then r.purge_after end,
         i.return_options
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = app_private.current_user_id()
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.id = chat_summary.chat_id;
$function$;
revoke all on function public.chat_summary(uuid) from public, anon, authenticated;
grant execute on function public.chat_summary(uuid) to authenticated, service_role;
