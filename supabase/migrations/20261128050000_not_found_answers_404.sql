-- Not found or not yours answers 404, never 500.
--
-- An id that does not exist or is not the caller's was refused with SQLSTATE
-- P0002, which PostgREST (hosted and local) answers with HTTP 500. These
-- refusals now raise PT404: PostgREST answers with the status in the code
-- (PTxyz -> xyz), so the client gets 404 and the error JSON
--   {"code": "PT404", "message": "chat_not_found" | "item_not_found", ...}
-- whose message stays the stable code the app maps to words. Who may do what
-- is unchanged: a stranger's id and an unknown id still look the same.

create or replace function public.mark_item_returned(item_id uuid)
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
    raise exception 'item_not_found' using errcode = 'PT404';
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

create or replace function public.close_conversation(chat_id uuid)
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
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  perform app_private.close_chat(close_conversation.chat_id, 'closed_by_owner');
end;
$$;
revoke all on function public.close_conversation(uuid) from public, anon, authenticated;
grant execute on function public.close_conversation(uuid) to authenticated, service_role;

create or replace function app_private.open_chat_as(for_chat uuid, wanted_role text)
returns public.chats
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  select c.* into chat
    from public.chats c
    join public.chat_members m on m.chat_id = c.id
   where c.id = for_chat and m.user_id = app_private.current_user_id() and m.role = wanted_role;
  if chat.id is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  if app_private.is_chat_closed(chat.id) then
    raise exception 'This conversation is closed. No more messages can be sent in it.'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;
  return chat;
end;
$$;
revoke all on function app_private.open_chat_as(uuid, text) from public;

create or replace function public.withdraw_postal_address(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  select c.* into chat
    from public.chats c
    join public.chat_members m on m.chat_id = c.id
   where c.id = withdraw_postal_address.chat_id and m.role = 'owner'
     and m.user_id = app_private.current_user_id();
  if chat.id is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  update public.chat_returns cr
     set postal_address = null, address_shared_at = null, updated_at = now()
   where cr.chat_id = chat.id;
  perform app_private.announce_ways_back(chat, 'address_withdrawn');
end;
$$;
revoke all on function public.withdraw_postal_address(uuid) from public, anon, authenticated;
grant execute on function public.withdraw_postal_address(uuid) to authenticated, service_role;
