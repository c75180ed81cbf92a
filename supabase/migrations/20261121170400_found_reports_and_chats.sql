-- Found reports, their chats, members, invites and messages, and the functions
-- that create a report, let a finder join its chat and purge finder details.

create table public.found_reports (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.items (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  finder_id uuid references auth.users (id) on delete set null,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  created_at timestamptz not null default now(),
  purge_after timestamptz not null default now() + interval '30 days',
  purged_at timestamptz
);
comment on table public.found_reports is 'A finder''s report of a found item, with their contact details until purged. Visible to the item''s owner and the finder who wrote it.';

create index found_reports_item_id_idx on public.found_reports (item_id);
create index found_reports_owner_id_idx on public.found_reports (owner_id);
create index found_reports_finder_id_idx on public.found_reports (finder_id);
create index found_reports_unpurged_idx on public.found_reports (purge_after) where purged_at is null;

alter table public.found_reports enable row level security;
revoke all on table public.found_reports from anon, authenticated;
grant select on table public.found_reports to authenticated;
grant all on table public.found_reports to service_role;

create policy "Owners and finders read their reports"
  on public.found_reports for select
  to authenticated
  using ((select auth.uid()) = owner_id or (select auth.uid()) = finder_id);

create table public.chats (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.items (id) on delete cascade,
  report_id uuid not null references public.found_reports (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.chats is 'One chat per found report between the item''s owner and the finder. Members only.';

create index chats_item_id_idx on public.chats (item_id);
create index chats_report_id_idx on public.chats (report_id);
create index chats_owner_id_idx on public.chats (owner_id);

create table public.chat_members (
  chat_id uuid not null references public.chats (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null constraint chat_members_role_check check (role in ('owner', 'finder')),
  joined_at timestamptz not null default now(),
  primary key (chat_id, user_id)
);
comment on table public.chat_members is 'Who is in a chat, as owner or finder. Members see each other.';

create index chat_members_user_id_idx on public.chat_members (user_id);

-- True when the caller is a member of the chat. Never raises.
create function app_private.is_chat_member(for_chat uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if caller is null or for_chat is null then
    return false;
  end if;
  return exists (
    select 1 from public.chat_members m where m.chat_id = for_chat and m.user_id = caller
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_chat_member(uuid) from public;
grant execute on function app_private.is_chat_member(uuid) to authenticated, service_role;

alter table public.chats enable row level security;
revoke all on table public.chats from anon, authenticated;
grant select on table public.chats to authenticated;
grant all on table public.chats to service_role;

create policy "Members read their chats"
  on public.chats for select
  to authenticated
  using ((select app_private.is_chat_member(id)));

alter table public.chat_members enable row level security;
revoke all on table public.chat_members from anon, authenticated;
grant select on table public.chat_members to authenticated;
grant all on table public.chat_members to service_role;

create policy "Members read the members of their chats"
  on public.chat_members for select
  to authenticated
  using ((select auth.uid()) = user_id or (select app_private.is_chat_member(chat_id)));

create table public.chat_invites (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid not null references public.chats (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.chat_invites is 'Hashed, expiring, revocable tokens that let a finder join a chat. Reached only through join_chat.';

create index chat_invites_chat_id_idx on public.chat_invites (chat_id);

alter table public.chat_invites enable row level security;
revoke all on table public.chat_invites from anon, authenticated;
grant all on table public.chat_invites to service_role;

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid not null references public.chats (id) on delete cascade,
  sender_id uuid not null default auth.uid(),
  sender_role text constraint messages_sender_role_check check (sender_role in ('owner', 'finder')),
  body text not null
    constraint messages_body_length check (char_length(body) between 1 and 2000 and trim(body) <> ''),
  created_at timestamptz not null default now()
);
comment on table public.messages is 'Chat messages. Members read them and insert their own; the id may be chosen by the client so a resend is a no-op.';

create index messages_chat_id_created_at_idx on public.messages (chat_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);

alter table public.messages enable row level security;
revoke all on table public.messages from anon, authenticated;
grant select on table public.messages to authenticated;
grant insert (id, chat_id, body) on table public.messages to authenticated;
grant all on table public.messages to service_role;

create policy "Members read their chats' messages"
  on public.messages for select
  to authenticated
  using ((select app_private.is_chat_member(chat_id)));

create policy "Members send messages as themselves"
  on public.messages for insert
  to authenticated
  with check (
    (select auth.uid()) = sender_id
    and (select app_private.is_chat_member(chat_id))
    and sender_role is not null
  );

-- The sender's role comes from membership, never from the client; the time
-- from the server. Non-members get no role, and the insert policy refuses them.
create function app_private.messages_set_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.created_at := now();
  new.sender_role := (
    select m.role from public.chat_members m
     where m.chat_id = new.chat_id and m.user_id = new.sender_id
  );
  return new;
end;
$$;
revoke all on function app_private.messages_set_sender() from public;

create trigger messages_set_sender
  before insert on public.messages
  for each row execute function app_private.messages_set_sender();

-- Finder details, the chat's messages and its invites are deleted 7 days after
-- the owner marks the item FOUND again, or 30 days after the report.
create function public.purge_finder_data()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  purged_ids uuid[];
begin
  select coalesce(array_agg(r.id), '{}') into purged_ids
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.purged_at is null
     and (
       r.purge_after <= now()
       or (i.status = 'FOUND' and i.status_changed_at >= r.created_at
           and i.status_changed_at <= now() - interval '7 days')
     );

  if cardinality(purged_ids) = 0 then
    return 0;
  end if;

  update public.found_reports r
     set finder_name = null,
         finder_email = null,
         finder_phone = null,
         finder_address = null,
         found_location = null,
         purged_at = now()
   where r.id = any (purged_ids);

  delete from public.messages m
   using public.chats c
   where c.id = m.chat_id and c.report_id = any (purged_ids);

  update public.chat_invites v
     set revoked_at = coalesce(v.revoked_at, now())
    from public.chats c
   where c.id = v.chat_id and c.report_id = any (purged_ids);

  update public.notifications n
     set payload = jsonb_build_object('purged', true),
         recipient = case when n.template = 'finder_thanks_email' then 'purged' else n.recipient end
   where n.report_id = any (purged_ids) and n.status in ('sent', 'failed');

  return cardinality(purged_ids);
end;
$$;
revoke all on function public.purge_finder_data() from public, anon, authenticated;
grant execute on function public.purge_finder_data() to service_role;
