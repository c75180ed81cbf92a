-- Ways-back lines count as messages for the owner's alerts.
--
-- A finder's ways-back line in the chat ("I handed it in at …", "I can post it
-- back to you …") reset the chat's owner alert window before it was written,
-- so each one alerted the owner on owner:<uid>: thirty repeats, twenty alerts,
-- where plain messages coalesce to owner_alerts_per_chat per window. Now the
-- line is a message like any other: broadcast_message takes its alert from the
-- same window, and a line inside a quiet window waits in the owner's unread
-- count as a plain message does.

create or replace function app_private.finder_says(chat public.chats, body text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.messages (chat_id, sender_id, body)
  values (chat.id, app_private.current_user_id(), body);
end;
$$;
revoke all on function app_private.finder_says(public.chats, text) from public;
