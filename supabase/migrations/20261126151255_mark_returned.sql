-- 'Mark as returned' for everyone (issue 31): the owner asks first
-- (return_preview: how many conversations it closes and the date the finders'
-- details are deleted), then mark_item_returned marks the item FOUND, closes
-- every open conversation about it ('returned') and queues one e-mail to each
-- of those finders saying the item is home, thanking them and giving that date.
-- The owner can also close one conversation (close_conversation) without
-- marking the item returned.

alter table public.notifications drop constraint notifications_template_check;
alter table public.notifications add constraint notifications_template_check
  check (template in (
    'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
    'reminder_sms', 'reminder_email', 'finder_returned_email'
  ));

-- What 'Mark as returned' would do now, for the item's owner only (no row for
-- anyone else): conversations it would close and when their finders' details go.
create function public.return_preview(item_id uuid)
returns table (open_conversations int, finder_details_deleted_on timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*)::int from public.chats c
           where c.item_id = i.id and c.closed_at is null),
         now() + app_private.closed_chat_retention()
    from public.items i
   where i.id = return_preview.item_id
     and i.owner_id = app_private.current_user_id();
$$;
revoke all on function public.return_preview(uuid) from public, anon, authenticated;
grant execute on function public.return_preview(uuid) to authenticated, service_role;

-- The item is home: FOUND, each open conversation closed as 'returned', and
-- each of those finders e-mailed once (dedupe key per chat). Owner only;
-- anyone else gets 'item_not_found'. Marking it again changes nothing more.
create function public.mark_item_returned(item_id uuid)
returns table (
  id uuid,
  status text,
  conversations_closed int,
  finder_details_deleted_on timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  item public.items;
  chat record;
  closed int := 0;
begin
  select i.* into item from public.items i
   where i.id = mark_item_returned.item_id and i.owner_id = caller
   for update;
  if item.id is null or caller is null then
    raise exception 'item_not_found' using errcode = 'P0002';
  end if;

  update public.items i set status = 'FOUND' where i.id = item.id and i.status is distinct from 'FOUND';

  for chat in
    select c.id, c.report_id from public.chats c
     where c.item_id = item.id and c.closed_at is null
     order by c.created_at
  loop
    if app_private.close_chat(chat.id, 'returned') then
      closed := closed + 1;
      insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
      select chat.id || ':finder_returned_email', 'email', 'finder_returned_email', r.finder_email,
             jsonb_build_object(
               'item_name', item.name,
               'finder_name', app_private.first_name(r.finder_name),
               'finder_details_deleted_on', r.purge_after,
               'site_url', (select v.site_url from public.chat_invites v
                             where v.chat_id = chat.id and v.site_url is not null
                             order by v.created_at limit 1),
               'chat_id', chat.id,
               'report_id', r.id
             ),
             r.id
        from public.found_reports r
       where r.id = chat.report_id and r.purged_at is null and r.finder_email is not null
      on conflict (dedupe_key) do nothing;
    end if;
  end loop;

  return query select item.id, 'FOUND'::text, closed, now() + app_private.closed_chat_retention();
end;
$$;
revoke all on function public.mark_item_returned(uuid) from public, anon, authenticated;
grant execute on function public.mark_item_returned(uuid) to authenticated, service_role;

-- The owner closes one conversation (a wrong or unhelpful report); the item's
-- status is left alone. Only the chat's owner; anyone else: 'chat_not_found'.
create function public.close_conversation(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.chats c
     where c.id = close_conversation.chat_id and c.owner_id = app_private.current_user_id()
  ) then
    raise exception 'chat_not_found' using errcode = 'P0002';
  end if;
  perform app_private.close_chat(close_conversation.chat_id, 'closed_by_owner');
end;
$$;
revoke all on function public.close_conversation(uuid) from public, anon, authenticated;
grant execute on function public.close_conversation(uuid) to authenticated, service_role;
