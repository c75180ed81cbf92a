-- A finder could flood an owner (issue 35): 1000 messages sent in one request
-- gave 1000 owner alerts. Two rules, both in SQL so every caller obeys them:
-- * each chat member sends at most 20 messages a minute (limit
--   messages_per_member): the 21st is refused with SQLSTATE P0001, message
--   too_many_messages, detail = seconds to wait; the chat shows it in our words;
-- * the owner's alert on owner:<uid> coalesces: at most one per conversation per
--   10 seconds (limit owner_alerts_per_chat), carrying the unread count and how
--   long the window lasts, so the dashboard fetches the counts once more when it
--   closes. Every message still goes out on chat:<id>.

insert into app_private.limits (name, max_count, per, description) values
  ('messages_per_member', 20, interval '1 minute', 'chat messages sent by one member of one chat'),
  ('owner_alerts_per_chat', 1, interval '10 seconds', 'owner alerts (owner:<uid> broadcasts) for finders'' messages in one chat');

create index messages_chat_sender_created_idx on public.messages (chat_id, sender_id, created_at);

-- Before each message (after messages_set_sender, which locks the chat row, so
-- one chat's inserts are serialised and the count is exact, also within one
-- multi-row insert). A resend of a stored message (same id) is not counted: the
-- client's idempotent upsert ignores it.
create function app_private.throttle_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lim app_private.limits;
  oldest_counted timestamptz;
begin
  if new.sender_id is null or exists (select 1 from public.messages m where m.id = new.id) then
    return new;
  end if;
  select l.* into lim from app_private.limits l where l.name = 'messages_per_member';
  if lim.name is null then
    return new;
  end if;
  select m.created_at into oldest_counted
    from public.messages m
   where m.chat_id = new.chat_id and m.sender_id = new.sender_id
     and m.created_at > now() - lim.per
   order by m.created_at desc
  offset lim.max_count - 1 limit 1;
  if oldest_counted is not null then
    raise exception 'too_many_messages' using
      errcode = 'P0001',
      detail = greatest(1, ceil(extract(epoch from (oldest_counted + lim.per - now()))))::int::text;
  end if;
  return new;
end;
$$;
revoke all on function app_private.throttle_messages() from public;

-- Named to fire after messages_set_sender (triggers fire in name order).
create trigger messages_throttle
  before insert on public.messages
  for each row execute function app_private.throttle_messages();

-- The owner alerts of each chat in the current window (fixed windows of the
-- limit's length).
create table app_private.owner_alert_windows (
  chat_id uuid primary key references public.chats (id) on delete cascade,
  window_started_at timestamptz not null,
  alerts int not null
);
comment on table app_private.owner_alert_windows is 'How many owner alerts each chat has had in its current window (limit owner_alerts_per_chat).';
revoke all on table app_private.owner_alert_windows from public, anon, authenticated;

-- Whether a finder's message in this chat may alert the owner now; counts it if so.
create function app_private.take_owner_alert(for_chat uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  lim app_private.limits;
  taken boolean;
begin
  select l.* into lim from app_private.limits l where l.name = 'owner_alerts_per_chat';
  if lim.name is null then
    return true;
  end if;
  insert into app_private.owner_alert_windows as w (chat_id, window_started_at, alerts)
  values (for_chat, now(), 1)
  on conflict (chat_id) do update
     set window_started_at = case when w.window_started_at <= now() - lim.per then now() else w.window_started_at end,
         alerts = case when w.window_started_at <= now() - lim.per then 1 else w.alerts + 1 end
   where w.window_started_at <= now() - lim.per or w.alerts < lim.max_count
  returning true into taken;
  return coalesce(taken, false);
end;
$$;
revoke all on function app_private.take_owner_alert(uuid) from public;

-- Each new message on chat:<id>; a finder's also on owner:<owner_id>, at most
-- owner_alerts_per_chat times per window, with the owner's unread count and
-- the window's length in seconds (quiet_seconds).
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
  perform realtime.send(to_jsonb(new), 'message', 'chat:' || new.chat_id::text, true);
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
          'message', to_jsonb(new),
          'unread', unread,
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
