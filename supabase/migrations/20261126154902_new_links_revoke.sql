-- New links that revoke (issue 31). "Send me a new link" used to leave whoever
-- had opened the old link a member of the chat (it read the owner's next
-- message), and anyone holding any link a chat ever had could ask for 3 e-mails
-- an hour per chat for 30 days. Now:
--   * only the finder's current link (the live invite's token) or the session
--     bound to it may ask;
--   * issuing the new link removes every session bound to the old one from the
--     chat: it reads nothing more;
--   * the e-mails count against one limit per finder address per day across all
--     chats (limit finder_new_links_per_address), refused as too_many_requests
--     with the seconds to wait in the detail.

insert into app_private.limits (name, max_count, per, description) values
  ('finder_new_links_per_address', 3, interval '1 day', 'new chat links e-mailed to one finder address, across all chats');

create index notifications_new_link_recipient_idx on public.notifications (lower(recipient), created_at)
  where template = 'finder_new_link_email';

create or replace function public.request_chat_link(chat_id uuid, token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  target uuid := request_chat_link.chat_id;
  invite public.chat_invites;
  report public.found_reports;
  item_name text;
  wait int;
  new_token text;
  new_invite_id uuid;
  chat_url text;
begin
  if caller is null or target is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  perform 1 from public.chats c where c.id = target for no key update;
  -- The current link, by its token or by the session it is bound to.
  select v.* into invite
    from public.chat_invites v
   where v.chat_id = target
     and v.revoked_at is null
     and (v.token_hash = app_private.hash_token(nullif(request_chat_link.token, ''))
          or v.bound_user_id = caller)
   order by v.created_at desc
   limit 1;
  if invite.id is null or invite.site_url is null
     or exists (
       select 1 from public.chat_invites v
        where v.chat_id = target and v.revoked_at is not null and v.replaced_at is null
     ) then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  select r.* into report
    from public.found_reports r join public.chats c on c.report_id = r.id
   where c.id = target;
  if report.id is null or report.purged_at is not null or report.finder_email is null then
    raise exception 'invalid_invite' using errcode = 'P0001';
  end if;

  -- One limit per finder address per day, across all chats.
  perform pg_advisory_xact_lock(hashtextextended('new-link:' || lower(report.finder_email), 0));
  wait := app_private.wait_seconds(
    array(
      select n.created_at from public.notifications n
       where n.template = 'finder_new_link_email'
         and lower(n.recipient) = lower(report.finder_email)
         and n.created_at > now() - coalesce((select l.per from app_private.limits l
                                                where l.name = 'finder_new_links_per_address'),
                                               interval '1 day')
    ),
    'finder_new_links_per_address'
  );
  if wait > 0 then
    raise exception 'too_many_requests' using errcode = 'P0001', detail = wait::text;
  end if;

  -- Every session bound to a link being replaced leaves the chat.
  delete from public.chat_members m
   using public.chat_invites v
   where v.chat_id = target and v.revoked_at is null
     and m.chat_id = target and m.role = 'finder' and m.user_id = v.bound_user_id;

  update public.chat_invites v
     set revoked_at = now(), replaced_at = now()
   where v.chat_id = target and v.revoked_at is null;

  new_token := app_private.new_invite_token();
  insert into public.chat_invites (chat_id, token_hash, expires_at, reason, site_url)
  values (target, app_private.hash_token(new_token), now() + interval '30 days', 'resend', invite.site_url)
  returning id into new_invite_id;

  select i.name into item_name from public.items i where i.id = report.item_id;
  chat_url := app_private.chat_url(invite.site_url, target, new_token);
  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  values (
    new_invite_id || ':finder_new_link_email',
    'email',
    'finder_new_link_email',
    report.finder_email,
    jsonb_build_object(
      'item_name', item_name,
      'finder_name', report.finder_name,
      'chat_url', chat_url,
      'report_id', report.id,
      'chat_id', target
    ),
    report.id
  );
end;
$$;
