-- Realtime for chat, as Supabase recommends: Broadcast from the database on
-- private channels, authorised by RLS on realtime.messages.
--   chat:<chat_id>   every message of the chat (members only)
--   owner:<user_id>  new reports and finders' messages for that owner only

-- Whether the caller may read (or, for chat topics, write) a topic. Never
-- raises: a malformed topic or claim is simply refused.
create function app_private.can_use_topic(topic text, for_write boolean)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  topic_chat uuid;
begin
  if caller is null or topic is null then
    return false;
  end if;
  if topic ~* '^chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    topic_chat := substr(topic, 6)::uuid;
    return exists (
      select 1 from public.chat_members m where m.chat_id = topic_chat and m.user_id = caller
    );
  end if;
  if not for_write and topic = 'owner:' || caller::text then
    return true;
  end if;
  return false;
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.can_use_topic(text, boolean) from public;
grant execute on function app_private.can_use_topic(text, boolean) to authenticated, service_role;

create policy "Members read chat topics and owners their own topic"
  on realtime.messages for select
  to authenticated
  using (
    realtime.messages.extension in ('broadcast', 'presence')
    and (select app_private.can_use_topic((select realtime.topic()), false))
  );

create policy "Members broadcast and track presence on chat topics"
  on realtime.messages for insert
  to authenticated
  with check (
    realtime.messages.extension in ('broadcast', 'presence')
    and (select app_private.can_use_topic((select realtime.topic()), true))
  );

-- Each new message on chat:<id>; a finder's also on owner:<owner_id>.
create function app_private.broadcast_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat public.chats;
begin
  perform realtime.send(to_jsonb(new), 'message', 'chat:' || new.chat_id::text, true);
  if new.sender_role = 'finder' then
    select * into chat from public.chats c where c.id = new.chat_id;
    if chat.id is not null then
      perform realtime.send(
        jsonb_build_object('chat_id', chat.id, 'item_id', chat.item_id, 'message', to_jsonb(new)),
        'message',
        'owner:' || chat.owner_id::text,
        true
      );
    end if;
  end if;
  return null;
end;
$$;
revoke all on function app_private.broadcast_message() from public;

create trigger messages_broadcast
  after insert on public.messages
  for each row execute function app_private.broadcast_message();

-- A new report (its chat is created in the same transaction) on owner:<owner_id>.
create function app_private.broadcast_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.found_reports;
  item_name text;
begin
  select * into report from public.found_reports r where r.id = new.report_id;
  select i.name into item_name from public.items i where i.id = new.item_id;
  perform realtime.send(
    jsonb_build_object(
      'report_id', new.report_id,
      'chat_id', new.id,
      'item_id', new.item_id,
      'item_name', item_name,
      'created_at', coalesce(report.created_at, new.created_at)
    ),
    'report',
    'owner:' || new.owner_id::text,
    true
  );
  return null;
end;
$$;
revoke all on function app_private.broadcast_report() from public;

create trigger chats_broadcast_report
  after insert on public.chats
  for each row execute function app_private.broadcast_report();
