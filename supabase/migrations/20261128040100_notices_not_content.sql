-- Notices, not content, on the live path (issue 46).
--
-- A message's broadcast used to carry its whole row on chat:<id>, and again on
-- owner:<owner_id>; the open chat ignored it and fetched, and Realtime kept a copy
-- of every body in realtime.messages. Now each broadcast carries what a client
-- needs to act:
--   chat:<id>      'message' { chat_id, position }: the open chat fetches what was
--                  stored after the last position it has (RLS decides what it reads).
--   owner:<owner>  'message' { chat_id, item_id, position, unread, preview, photos,
--                  quiet_seconds }: the dashboard sets that one conversation's unread
--                  count and raises its toast from the preview (the body's first 81
--                  characters with runs of white space made one space: one more
--                  than the toast shows, so the toast knows to end with "…"), or
--                  the number of photos for a photo without words.
-- list_conversations also answers closed_at, which close_chat's 'closed' event on
-- owner:<owner> updates on the dashboard.

create or replace function app_private.broadcast_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
  unread int;
begin
  perform realtime.send(
    jsonb_build_object('chat_id', new.chat_id, 'position', new.position),
    'message',
    'chat:' || new.chat_id::text,
    true
  );
  if new.sender_role = 'finder' then
    select * into chat from public.chats c where c.id = new.chat_id;
    if chat.id is not null and app_private.take_owner_alert(chat.id) then
      select count(*)::int into unread
        from public.messages msg
        join public.chat_members m on m.chat_id = msg.chat_id and m.user_id = chat.owner_id
       where msg.chat_id = chat.id and msg.position > m.last_read_position
         and msg.sender_id <> m.user_id;
      perform realtime.send(
        jsonb_build_object(
          'chat_id', chat.id,
          'item_id', chat.item_id,
          'position', new.position,
          'unread', unread,
          'preview', left(btrim(regexp_replace(new.body, '\s+', ' ', 'g')), 81),
          'photos', coalesce(cardinality(new.photo_paths), 0),
          'quiet_seconds', (select extract(epoch from l.per)::int from app_private.limits l
                             where l.name = 'owner_alerts_per_chat')
        ),
        'message',
        'owner:' || chat.owner_id::text,
        true
      );
    end if;
  end if;
  return null;
end;
$$;

-- list_conversations, as before, and whether each conversation is closed.
drop function public.list_conversations();
create function public.list_conversations()
returns table (
  chat_id uuid,
  report_id uuid,
  item_id uuid,
  item_name text,
  finder_first_name text,
  found_location text,
  found_at timestamptz,
  unread int,
  closed_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.report_id, c.item_id, i.name,
         app_private.first_name(r.finder_name), r.found_location, r.created_at,
         (select count(*)::int from public.messages msg
           where msg.chat_id = c.id and msg.position > m.last_read_position
             and msg.sender_id <> m.user_id),
         c.closed_at
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = c.owner_id
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.owner_id = app_private.current_user_id()
   order by r.created_at desc, c.id;
$$;
revoke all on function public.list_conversations() from public, anon, authenticated;
grant execute on function public.list_conversations() to authenticated, service_role;
