-- ============================================================================
-- Safe with strangers: report, block, and an operator's desk (issue 49)
-- ============================================================================
-- Either side of a conversation can report the other (spam, harassment, asks
-- for money or codes, other, with a note). The conversation up to that moment
-- is copied into public.kept_messages for Homeward's operators, and kept until
-- the report is closed and then for retention_periods' kept_conversations
-- (purged by the purge-kept-conversations schedule).
--
-- The owner can block the finder of a conversation: it closes at once, live,
-- with the reason 'blocked'; the finder loses the conversation (membership and
-- links), and later reports of the same item by the same session or e-mail are
-- accepted silently without anything reaching the owner, until the owner lifts
-- the block. A finder can leave (which also stops the owner's messages).
--
-- Operators are the users listed in app_private.operators, granted only by a
-- command (npm run operator -- grant <email>), never by anything a client
-- sends; app_private.is_operator() reads the list for the policies and never
-- raises. Operators read open reports with the kept conversation, the item and
-- the tag, and act on each with a reason: dismiss, warn, close the conversation,
-- suspend the owner's account, deactivate the tag. Every action goes into
-- public.operator_actions, which no role can change or delete. The person who
-- reported is told the outcome in plain words (public.safety_notices).

-- Two more ways a conversation ends.
alter table public.chats drop constraint chats_closed_reason_check;
alter table public.chats add constraint chats_closed_reason_check check (
  closed_reason in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged',
                    'blocked', 'closed_by_operator')
);
comment on column public.chats.closed_reason is 'Why: returned, closed_by_owner, finder_left, account_deleted, purged, blocked (the owner blocked the finder) or closed_by_operator (after a report).';
alter table app_private.chat_endings drop constraint chat_endings_reason_check;
alter table app_private.chat_endings add constraint chat_endings_reason_check check (
  reason in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged',
             'blocked', 'closed_by_operator')
);

insert into app_private.retention_periods (name, keep_for, description) values
  ('kept_conversations', interval '90 days', 'a reported conversation kept for our operators, after the report is closed');

-- ----------------------------------------------------------------------------
-- Operators
-- ----------------------------------------------------------------------------
create table app_private.operators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default current_user
);
comment on table app_private.operators is 'Who may use the operator''s desk. Written only by the operator command (a database connection), never by a client.';
alter table app_private.operators enable row level security;
revoke all on table app_private.operators from public, anon, authenticated, service_role;

-- Whether the caller is an operator (a registered account on the list). Used in
-- policies: never raises.
create function app_private.is_operator()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if caller is null or app_private.is_anonymous_user() then
    return false;
  end if;
  return exists (select 1 from app_private.operators o where o.user_id = caller);
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_operator() from public;
grant execute on function app_private.is_operator() to authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Reports and the kept conversation
-- ----------------------------------------------------------------------------
create table public.abuse_reports (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid references public.chats (id) on delete set null,
  item_id uuid references public.items (id) on delete set null,
  item_name text not null,
  tag_code text not null,
  reporter_id uuid references auth.users (id) on delete set null,
  reporter_role text not null constraint abuse_reports_reporter_role_check check (reporter_role in ('owner', 'finder')),
  reported_user_id uuid references auth.users (id) on delete set null,
  reason text not null constraint abuse_reports_reason_check check (reason in ('spam', 'harassment', 'money_or_codes', 'other')),
  note text constraint abuse_reports_note_length check (char_length(note) between 1 and 1000),
  status text not null default 'open' constraint abuse_reports_status_check check (status in ('open', 'closed')),
  outcome text constraint abuse_reports_outcome_check check (outcome in ('dismiss', 'warn', 'close_conversation', 'suspend_owner', 'deactivate_tag')),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  purge_after timestamptz,
  constraint abuse_reports_closed_together check ((status = 'closed') = (closed_at is not null) and (closed_at is null) = (outcome is null))
);
comment on table public.abuse_reports is 'A report by one side of a conversation about the other, with the item and tag as they were. Operators only; made by report_conversation, closed by act_on_report. Deleted kept_conversations after it is closed.';
alter table public.abuse_reports enable row level security;
create index abuse_reports_chat_id_idx on public.abuse_reports (chat_id);
create index abuse_reports_item_id_idx on public.abuse_reports (item_id);
create index abuse_reports_reporter_id_idx on public.abuse_reports (reporter_id);
create index abuse_reports_reported_user_id_idx on public.abuse_reports (reported_user_id);
create index abuse_reports_open_idx on public.abuse_reports (created_at) where status = 'open';
create index abuse_reports_purge_idx on public.abuse_reports (purge_after) where purge_after is not null;
create unique index abuse_reports_one_open_per_reporter on public.abuse_reports (chat_id, reporter_id) where status = 'open';
revoke all on table public.abuse_reports from public, anon, authenticated;
grant select on table public.abuse_reports to authenticated;
grant all on table public.abuse_reports to service_role;
create policy "Operators read reports" on public.abuse_reports for select to authenticated
  using ((select app_private.is_operator()));

create table public.kept_messages (
  report_id uuid not null references public.abuse_reports (id) on delete cascade,
  message_id uuid not null,
  position bigint not null,
  sender_role text,
  body text not null,
  photo_paths text[] not null default '{}',
  scam_signals text[] not null default '{}',
  sent_at timestamptz not null,
  constraint kept_messages_pkey primary key (report_id, message_id)
);
comment on table public.kept_messages is 'The conversation of a report up to the moment it was made, for the operators. Goes with its report.';
alter table public.kept_messages enable row level security;
create index kept_messages_report_position_idx on public.kept_messages (report_id, position);
revoke all on table public.kept_messages from public, anon, authenticated;
grant select on table public.kept_messages to authenticated;
grant all on table public.kept_messages to service_role;
create policy "Operators read kept conversations" on public.kept_messages for select to authenticated
  using ((select app_private.is_operator()));

-- What a person was told about a report: the reporter the outcome, the warned
-- person the warning. Each reads their own; written only by the operator's actions.
create table public.safety_notices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  report_id uuid references public.abuse_reports (id) on delete cascade,
  chat_id uuid references public.chats (id) on delete set null,
  kind text not null constraint safety_notices_kind_check check (kind in ('outcome', 'warning')),
  body text not null,
  created_at timestamptz not null default now()
);
comment on table public.safety_notices is 'What Homeward told a person about a report: its outcome (to the reporter) or a warning (to the reported person). Each reads their own.';
alter table public.safety_notices enable row level security;
create index safety_notices_user_id_idx on public.safety_notices (user_id, created_at);
create index safety_notices_report_id_idx on public.safety_notices (report_id);
create index safety_notices_chat_id_idx on public.safety_notices (chat_id);
revoke all on table public.safety_notices from public, anon, authenticated;
grant select on table public.safety_notices to authenticated;
grant all on table public.safety_notices to service_role;
create policy "People read their own notices" on public.safety_notices for select to authenticated
  using ((select auth.uid()) = user_id);

-- The audit log: written only by app_private.operator_act, changed by no one.
create table public.operator_actions (
  id bigint generated always as identity primary key,
  report_id uuid not null,
  chat_id uuid,
  item_id uuid,
  tag_code text,
  target_user_id uuid,
  action text not null constraint operator_actions_action_check check (action in ('dismiss', 'warn', 'close_conversation', 'suspend_owner', 'deactivate_tag')),
  reason text not null constraint operator_actions_reason_length check (char_length(reason) between 1 and 1000),
  operator_id uuid,
  operator_label text not null,
  created_at timestamptz not null default now()
);
comment on table public.operator_actions is 'Every operator action on a report, with its reason and who took it. Append-only: no role may update or delete a row (grants and a trigger). Operators read it.';
alter table public.operator_actions enable row level security;
create index operator_actions_report_id_idx on public.operator_actions (report_id);
revoke all on table public.operator_actions from public, anon, authenticated, service_role;
grant select on table public.operator_actions to authenticated, service_role;

create policy "Operators read the audit log" on public.operator_actions for select to authenticated
  using ((select app_private.is_operator()));

create function app_private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'operator_actions is append-only' using errcode = '42501';
end;
$$;
revoke all on function app_private.refuse_audit_change() from public;
create trigger operator_actions_append_only before update or delete on public.operator_actions
  for each row execute function app_private.refuse_audit_change();
create trigger operator_actions_no_truncate before truncate on public.operator_actions
  for each statement execute function app_private.refuse_audit_change();

-- ----------------------------------------------------------------------------
-- Blocks
-- ----------------------------------------------------------------------------
create table public.finder_blocks (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid references public.chats (id) on delete set null,
  item_id uuid not null references public.items (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  finder_user_id uuid references auth.users (id) on delete set null,
  finder_email_hash text,
  created_at timestamptz not null default now(),
  lifted_at timestamptz
);
comment on table public.finder_blocks is 'Finders an owner blocked for one item: their session and the hash of their e-mail (never the address). A later report by either is accepted silently. The owner reads and lifts their own.';
alter table public.finder_blocks enable row level security;
create index finder_blocks_chat_id_idx on public.finder_blocks (chat_id);
create index finder_blocks_item_id_idx on public.finder_blocks (item_id) where lifted_at is null;
create index finder_blocks_owner_id_idx on public.finder_blocks (owner_id);
create index finder_blocks_finder_user_id_idx on public.finder_blocks (finder_user_id);
revoke all on table public.finder_blocks from public, anon, authenticated;
grant select (id, chat_id, item_id, owner_id, created_at, lifted_at) on table public.finder_blocks to authenticated;
grant all on table public.finder_blocks to service_role;
create policy "Owners read their own blocks" on public.finder_blocks for select to authenticated
  using ((select auth.uid()) = owner_id);

create function app_private.email_hash(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when nullif(trim(coalesce(email, '')), '') is null then null
              else app_private.hash_token(lower(trim(email))) end;
$$;
revoke all on function app_private.email_hash(text) from public;

-- Whether the owner of the item blocked this finder (session or e-mail). Never raises.
create function app_private.is_blocked_finder(for_item uuid, finder uuid, finder_email text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  hashed text := app_private.email_hash(finder_email);
begin
  return exists (
    select 1 from public.finder_blocks b
     where b.item_id = for_item and b.lifted_at is null
       and (b.finder_user_id = finder or (hashed is not null and b.finder_email_hash = hashed))
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_blocked_finder(uuid, uuid, text) from public;

-- ----------------------------------------------------------------------------
-- What members call
-- ----------------------------------------------------------------------------

-- Reports the other side of a conversation. The messages so far are kept for
-- the operators. A second report by the same person while the first is open
-- adds nothing and returns the first.
create function public.report_conversation(chat_id uuid, reason text, note text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  chat public.chats;
  my_role text;
  other uuid;
  clean_note text;
  existing uuid;
  new_id uuid;
  tag text;
  item_label text;
begin
  select c.* into chat from public.chats c where c.id = report_conversation.chat_id;
  select m.role into my_role
    from public.chat_members m
   where m.chat_id = chat.id and m.user_id = caller;
  if caller is null or chat.id is null or my_role is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  if report_conversation.reason is null
     or report_conversation.reason not in ('spam', 'harassment', 'money_or_codes', 'other') then
    raise exception 'Choose why you are reporting this conversation.'
      using errcode = 'P0001', hint = 'invalid_reason';
  end if;
  if char_length(coalesce(trim(report_conversation.note), '')) > 1000 then
    raise exception 'Keep the note under 1000 characters.' using errcode = 'P0001', hint = 'note_too_long';
  end if;
  clean_note := app_private.clean_text(report_conversation.note, 1000);

  select r.id into existing
    from public.abuse_reports r
   where r.chat_id = chat.id and r.reporter_id = caller and r.status = 'open';
  if existing is not null then
    return existing;
  end if;

  select m.user_id into other
    from public.chat_members m
   where m.chat_id = chat.id and m.role <> my_role
   order by m.joined_at desc
   limit 1;
  if other is null and my_role = 'finder' then
    other := chat.owner_id;
  end if;
  select i.tag_code, i.name into tag, item_label from public.items i where i.id = chat.item_id;

  insert into public.abuse_reports
    (chat_id, item_id, item_name, tag_code, reporter_id, reporter_role, reported_user_id, reason, note)
  values (chat.id, chat.item_id, item_label, tag, caller, my_role, other, report_conversation.reason, clean_note)
  returning id into new_id;

  insert into public.kept_messages
    (report_id, message_id, position, sender_role, body, photo_paths, scam_signals, sent_at)
  select new_id, msg.id, msg.position, msg.sender_role, msg.body, msg.photo_paths, msg.scam_signals, msg.created_at
    from public.messages msg
   where msg.chat_id = chat.id;
  return new_id;
end;
$$;
comment on function public.report_conversation(uuid, text, text) is 'Either side reports the other: spam, harassment, money_or_codes or other, with an optional note. Keeps a copy of the conversation for the operators.';
revoke all on function public.report_conversation(uuid, text, text) from public, anon;
grant execute on function public.report_conversation(uuid, text, text) to authenticated, service_role;

-- The owner blocks the finder of this conversation: it closes at once for both
-- (live, reason 'blocked'), the finder's session loses it and its links stop
-- working, and later reports of this item by that session or e-mail reach no one.
create function public.block_finder(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  chat public.chats;
  finder_email text;
  finder_ids uuid[];
begin
  select c.* into chat from public.chats c
   where c.id = block_finder.chat_id and c.owner_id = caller;
  if caller is null or chat.id is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  select r.finder_email into finder_email from public.found_reports r where r.id = chat.report_id;
  select coalesce(array_agg(m.user_id), '{}') into finder_ids
    from public.chat_members m where m.chat_id = chat.id and m.role = 'finder';

  if not exists (select 1 from public.finder_blocks b where b.chat_id = chat.id and b.lifted_at is null) then
    insert into public.finder_blocks (chat_id, item_id, owner_id, finder_user_id, finder_email_hash)
    select chat.id, chat.item_id, chat.owner_id, f.id, app_private.email_hash(finder_email)
      from (select unnest(case when cardinality(finder_ids) = 0 then array[null::uuid] else finder_ids end) as id) f;
  end if;

  -- Closing first records the finder's sessions and links in chat_endings, so
  -- their page says the conversation ended; then they lose it.
  perform app_private.close_chat(chat.id, 'blocked');
  update public.chat_invites v set revoked_at = now()
   where v.chat_id = chat.id and v.revoked_at is null;
  delete from public.chat_members m where m.chat_id = chat.id and m.role = 'finder';
end;
$$;
comment on function public.block_finder(uuid) is 'The owner blocks the finder of a conversation: it closes (blocked), the finder loses it, and their later reports of the item are accepted silently. unblock_finder undoes the block (the conversation stays closed).';
revoke all on function public.block_finder(uuid) from public, anon;
grant execute on function public.block_finder(uuid) to authenticated, service_role;

create function public.unblock_finder(chat_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed int;
begin
  update public.finder_blocks b set lifted_at = now()
   where b.chat_id = unblock_finder.chat_id
     and b.owner_id = app_private.current_user_id()
     and b.lifted_at is null;
  get diagnostics changed = row_count;
  return changed > 0;
end;
$$;
revoke all on function public.unblock_finder(uuid) from public, anon;
grant execute on function public.unblock_finder(uuid) to authenticated, service_role;

-- The finder leaves: the conversation closes (finder_left), so the owner can
-- send nothing more; the finder still reads what was said.
create function public.leave_conversation(chat_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.chat_members m
     where m.chat_id = leave_conversation.chat_id and m.role = 'finder'
       and m.user_id = app_private.current_user_id()
  ) then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  perform app_private.close_chat(leave_conversation.chat_id, 'finder_left');
end;
$$;
revoke all on function public.leave_conversation(uuid) from public, anon;
grant execute on function public.leave_conversation(uuid) to authenticated, service_role;

-- ----------------------------------------------------------------------------
-- The operator's desk
-- ----------------------------------------------------------------------------

-- The plain words each side is told.
create function app_private.safety_outcome_text(action text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case action
    when 'dismiss' then 'We looked at your report and found nothing against our rules. Thank you for telling us.'
    when 'warn' then 'We looked at your report and warned the other person.'
    when 'close_conversation' then 'We looked at your report and closed this conversation.'
    when 'suspend_owner' then 'We looked at your report, closed this conversation and suspended the owner''s account.'
    when 'deactivate_tag' then 'We looked at your report and switched off the tag of this item.'
  end;
$$;
revoke all on function app_private.safety_outcome_text(text) from public;

create function app_private.notify_safety(for_user uuid, for_report public.abuse_reports, notice_kind text, body text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  notice public.safety_notices;
begin
  if for_user is null then
    return;
  end if;
  insert into public.safety_notices (user_id, report_id, chat_id, kind, body)
  values (for_user, for_report.id, for_report.chat_id, notice_kind, body)
  returning * into notice;
  perform realtime.send(
    jsonb_build_object('id', notice.id, 'chat_id', notice.chat_id, 'kind', notice.kind,
                       'body', notice.body, 'created_at', notice.created_at),
    'notice',
    'owner:' || for_user::text,
    true
  );
end;
$$;
revoke all on function app_private.notify_safety(uuid, public.abuse_reports, text, text) from public;

-- One action on one open report, by an operator (a user id from the desk, or
-- a label from the command). Records it in the audit log, closes the report
-- and tells the reporter.
create function app_private.operator_act(
  p_report uuid, p_action text, p_reason text, p_operator uuid, p_operator_label text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.abuse_reports;
  clean_reason text := app_private.clean_text(p_reason, 1000);
  target_owner uuid;
begin
  if p_action is null or p_action not in ('dismiss', 'warn', 'close_conversation', 'suspend_owner', 'deactivate_tag') then
    raise exception 'Choose what to do about this report.' using errcode = 'P0001', hint = 'invalid_action';
  end if;
  if clean_reason is null then
    raise exception 'Give a reason for what you do.' using errcode = 'P0001', hint = 'reason_required';
  end if;
  if char_length(trim(p_reason)) > 1000 then
    raise exception 'Keep the reason under 1000 characters.' using errcode = 'P0001', hint = 'reason_too_long';
  end if;

  select r.* into report from public.abuse_reports r where r.id = p_report for update;
  if report.id is null then
    raise exception 'report_not_found' using errcode = 'PT404';
  end if;
  if report.status <> 'open' then
    raise exception 'This report is already closed.' using errcode = 'P0001', hint = 'report_closed';
  end if;
  select c.owner_id into target_owner from public.chats c where c.id = report.chat_id;
  target_owner := coalesce(target_owner, (select i.owner_id from public.items i where i.id = report.item_id));

  if p_action = 'suspend_owner' and (report.reporter_role <> 'finder' or target_owner is null) then
    raise exception 'Only an owner who was reported can be suspended.' using errcode = 'P0001', hint = 'not_an_owner';
  end if;

  if p_action = 'warn' then
    perform app_private.notify_safety(report.reported_user_id, report, 'warning',
      'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.');
  elsif p_action = 'close_conversation' then
    perform app_private.close_chat(report.chat_id, 'closed_by_operator');
  elsif p_action = 'suspend_owner' then
    update auth.users u set banned_until = 'infinity' where u.id = target_owner;
    delete from auth.sessions s where s.user_id = target_owner;
    perform app_private.close_chat(c.id, 'closed_by_operator')
       from public.chats c where c.owner_id = target_owner and c.closed_at is null;
  elsif p_action = 'deactivate_tag' then
    update public.tags t set status = 'deactivated' where t.code = report.tag_code;
  end if;

  insert into public.operator_actions
    (report_id, chat_id, item_id, tag_code, target_user_id, action, reason, operator_id, operator_label)
  values (report.id, report.chat_id, report.item_id, report.tag_code,
          case when p_action = 'suspend_owner' then target_owner
               when p_action = 'warn' then report.reported_user_id end,
          p_action, clean_reason, p_operator, coalesce(nullif(trim(p_operator_label), ''), 'operator'));

  update public.abuse_reports r
     set status = 'closed', outcome = p_action, closed_at = now(),
         purge_after = now() + coalesce(app_private.retention_of('kept_conversations'), interval '0')
   where r.id = report.id
  returning r.* into report;

  perform app_private.notify_safety(report.reporter_id, report, 'outcome',
    app_private.safety_outcome_text(p_action));
  return p_action;
end;
$$;
revoke all on function app_private.operator_act(uuid, text, text, uuid, text) from public;

create function public.act_on_report(report_id uuid, action text, reason text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if not app_private.is_operator() then
    raise exception 'report_not_found' using errcode = 'PT404';
  end if;
  return app_private.operator_act(act_on_report.report_id, act_on_report.action, act_on_report.reason, caller,
    (select u.email from auth.users u where u.id = caller));
end;
$$;
comment on function public.act_on_report(uuid, text, text) is 'An operator acts on an open report with a reason: dismiss, warn, close_conversation, suspend_owner or deactivate_tag. Anyone else is told the report does not exist.';
revoke all on function public.act_on_report(uuid, text, text) from public, anon;
grant execute on function public.act_on_report(uuid, text, text) to authenticated;

-- Open reports with the item, the tag and the conversation as they are now:
-- the desk's list (operators) and the command's (service role).
create function app_private.open_reports()
returns table (
  report_id uuid, created_at timestamptz, reason text, note text, reporter_role text,
  chat_id uuid, chat_closed_reason text, item_id uuid, item_name text, tag_code text,
  tag_status text, item_status text, kept_messages int
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.created_at, r.reason, r.note, r.reporter_role,
         r.chat_id, c.closed_reason, r.item_id, coalesce(i.name, r.item_name), r.tag_code,
         t.status, i.status,
         (select count(*)::int from public.kept_messages k where k.report_id = r.id)
    from public.abuse_reports r
    left join public.chats c on c.id = r.chat_id
    left join public.items i on i.id = r.item_id
    left join public.tags t on t.code = r.tag_code
   where r.status = 'open'
   order by r.created_at, r.id;
$$;
revoke all on function app_private.open_reports() from public;

-- The desk's list: empty for anyone but an operator.
create function public.desk_reports()
returns table (
  report_id uuid, created_at timestamptz, reason text, note text, reporter_role text,
  chat_id uuid, chat_closed_reason text, item_id uuid, item_name text, tag_code text,
  tag_status text, item_status text, kept_messages int
)
language sql
stable
security definer
set search_path = ''
as $$
  select * from app_private.open_reports() where app_private.is_operator();
$$;
revoke all on function public.desk_reports() from public, anon;
grant execute on function public.desk_reports() to authenticated;

-- Kept conversations go kept_conversations after their report is closed.
create function app_private.purge_kept_conversations()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed int;
begin
  delete from public.abuse_reports r where r.status = 'closed' and r.purge_after <= now();
  get diagnostics removed = row_count;
  return removed;
end;
$$;
revoke all on function app_private.purge_kept_conversations() from public;
grant execute on function app_private.purge_kept_conversations() to service_role;

select cron.schedule('purge-kept-conversations', '23 * * * *', 'select app_private.purge_kept_conversations()');

-- ----------------------------------------------------------------------------
-- Functions that change: two more closing reasons, silent reports from a
-- blocked finder, and a blocked finder's page says the conversation ended.
-- ----------------------------------------------------------------------------
create or replace function app_private.close_chat(p_chat_id uuid, p_reason text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  chat public.chats;
  deleted_on timestamptz;
begin
  if p_reason is null or p_reason not in ('returned', 'closed_by_owner', 'finder_left', 'account_deleted', 'purged', 'blocked', 'closed_by_operator') then
    raise exception 'close_chat: unknown reason %', coalesce(p_reason, 'null') using errcode = '22023';
  end if;

  update public.chats c
     set closed_at = now(), closed_reason = p_reason
   where c.id = p_chat_id and c.closed_at is null
  returning c.* into chat;
  if chat.id is null then
    return false;
  end if;

  -- Why it ended, for the finder's sessions and links even after the purge
  -- (purge_reports wrote the row first when the purge came before the closing).
  insert into app_private.chat_endings as e (chat_id, reason, ended_at, finder_user_ids, token_hashes)
  select chat.id, chat.closed_reason, chat.closed_at,
         coalesce(array_agg(distinct m.user_id) filter (where m.user_id is not null), '{}'),
         coalesce((select array_agg(v.token_hash) from public.chat_invites v where v.chat_id = chat.id), '{}')
    from public.chat_members m
    join auth.users u on u.id = m.user_id and u.is_anonymous
   where m.chat_id = chat.id and m.role = 'finder'
  on conflict (chat_id) do update
     set reason = excluded.reason, ended_at = excluded.ended_at,
         finder_user_ids = array(select distinct unnest(e.finder_user_ids || excluded.finder_user_ids)),
         token_hashes = array(select distinct unnest(e.token_hashes || excluded.token_hashes));

  -- The item is home: the owner's postal address is no longer shown to anyone.
  if p_reason = 'returned' then
    update public.chat_returns cr
       set postal_address = null, address_shared_at = null, updated_at = now()
     where cr.chat_id = chat.id and cr.postal_address is not null;
    if found then
      perform app_private.announce_ways_back(chat, 'address_withdrawn');
    end if;
  end if;

  update public.found_reports r
     set purge_after = least(r.purge_after, chat.closed_at + app_private.closed_chat_retention())
   where r.id = chat.report_id
  returning r.purge_after into deleted_on;

  -- No reminder about a conversation that is over.
  update public.notifications n
     set status = 'cancelled', locked_until = null, lease_id = null
   where n.report_id = chat.report_id
     and n.template in ('reminder_sms', 'reminder_email')
     and n.status in ('pending', 'sending', 'unknown');

  perform realtime.send(
    jsonb_build_object(
      'chat_id', chat.id,
      'item_id', chat.item_id,
      'closed_at', chat.closed_at,
      'closed_reason', chat.closed_reason,
      'finder_details_deleted_on', deleted_on
    ),
    'closed',
    'chat:' || chat.id::text,
    true
  );
  perform realtime.send(
    jsonb_build_object(
      'chat_id', chat.id,
      'item_id', chat.item_id,
      'closed_at', chat.closed_at,
      'closed_reason', chat.closed_reason
    ),
    'closed',
    'owner:' || chat.owner_id::text,
    true
  );
  return true;
end;
$function$;

create or replace function app_private.insert_found_report(tag_code text, finder_id uuid, finder_name text, finder_email text, finder_phone text, finder_address text, found_location text, site_url text, idempotency_key text)
 RETURNS TABLE(report_id uuid, chat_id uuid, invite_token text, item_id uuid, owner_id uuid)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  limits constant jsonb := app_private.data_rules() -> 'finder_field_max_lengths';
  wanted_code text := app_private.normalize_code(insert_found_report.tag_code);
  finder uuid := insert_found_report.finder_id;
  name text := app_private.clean_text(insert_found_report.finder_name, (limits ->> 'finder_name')::int);
  email text := app_private.clean_text(insert_found_report.finder_email, (limits ->> 'finder_email')::int);
  phone text := app_private.clean_text(insert_found_report.finder_phone, (limits ->> 'finder_phone')::int);
  address text := app_private.clean_text(insert_found_report.finder_address, (limits ->> 'finder_address')::int);
  location text := app_private.clean_text(insert_found_report.found_location, (limits ->> 'found_location')::int);
  base_url text := rtrim(trim(coalesce(insert_found_report.site_url, '')), '/');
  item public.items;
  owner_email text;
  owner_mobile text;
  owner_name text;
  new_report_id uuid;
  new_chat_id uuid;
  token text;
  details jsonb;
  owner_details jsonb;
begin
  if finder is null or wanted_code = '' or email is null or char_length(email) <= 3
     or base_url !~ '^https?://[^[:space:]]+$' then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = finder) then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;

  select i.* into item
    from public.items i
    join public.tags t on t.id = i.tag_id
   where t.code = wanted_code and t.status = 'activated';
  if item.id is null then
    raise exception 'tag_not_activated' using errcode = 'P0001';
  end if;

  -- The owner blocked this finder (their session or their e-mail) for this item:
  -- the report is accepted as any other, silently, and nothing reaches the owner.
  if app_private.is_blocked_finder(item.id, finder, email) then
    report_id := gen_random_uuid();
    chat_id := gen_random_uuid();
    invite_token := app_private.new_invite_token();
    item_id := item.id;
    owner_id := item.owner_id;
    return next;
    return;
  end if;

  insert into public.found_reports
    (item_id, owner_id, finder_id, finder_name, finder_email, finder_phone, finder_address,
     found_location, idempotency_key)
  values (item.id, item.owner_id, finder, name, email, phone, address, location,
          insert_found_report.idempotency_key)
  returning id into new_report_id;

  insert into public.chats (item_id, report_id, owner_id)
  values (item.id, new_report_id, item.owner_id)
  returning id into new_chat_id;

  -- the finder may be the owner (testing their own tag): one membership, as owner
  insert into public.chat_members (chat_id, user_id, role)
  values (new_chat_id, item.owner_id, 'owner'), (new_chat_id, finder, 'finder')
  on conflict do nothing;

  token := app_private.new_invite_token();
  insert into public.chat_invites (chat_id, token_hash, expires_at, reason, site_url)
  values (new_chat_id, app_private.hash_token(token), now() + interval '30 days', 'report', base_url);

  select p.email, p.mobile_number, p.full_name into owner_email, owner_mobile, owner_name
    from public.profiles p where p.id = item.owner_id;
  if owner_email is null then
    select u.email into owner_email from auth.users u where u.id = item.owner_id;
  end if;
  owner_mobile := nullif(trim(coalesce(owner_mobile, '')), '');

  details := jsonb_build_object(
    'item_name', item.name,
    'tag_code', item.tag_code,
    'owner_name', owner_name,
    'finder_name', name,
    'finder_email', email,
    'finder_phone', phone,
    'finder_address', address,
    'found_location', location,
    'chat_url', app_private.chat_url(base_url, new_chat_id, token),
    'report_id', new_report_id,
    'chat_id', new_chat_id
  );
  -- The owner signs in to chat: their link holds no token.
  owner_details := details || jsonb_build_object('chat_url', app_private.chat_url(base_url, new_chat_id));

  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  select new_report_id || ':' || n.template, n.channel, n.template, n.recipient, n.payload, new_report_id
    from (values
      (1, 'sms', 'found_sms', owner_mobile, owner_details),
      (2, 'email', 'owner_found_email', owner_email, owner_details),
      (3, 'email', 'finder_thanks_email', email, details)
    ) as n (position, channel, template, recipient, payload)
   where n.recipient is not null
   order by n.position;

  report_id := new_report_id;
  chat_id := new_chat_id;
  invite_token := token;
  item_id := item.id;
  owner_id := item.owner_id;
  return next;
end;
$function$;

create or replace function public.chat_link_status(chat_id uuid, token text DEFAULT NULL::text)
 RETURNS TABLE(status text, closed_reason text, at timestamp with time zone, details_deleted_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := app_private.current_user_id();
  clean_token text := nullif(trim(coalesce(chat_link_status.token, '')), '');
  hashed text := case when clean_token is null then null else app_private.hash_token(clean_token) end;
  ending app_private.chat_endings;
  invite public.chat_invites;
begin
  if chat_link_status.chat_id is null then
    return;
  end if;

  -- The conversation ended for a session that was its finder, or a link of it.
  select e.* into ending
    from app_private.chat_endings e
   where e.chat_id = chat_link_status.chat_id
     and ((caller is not null and caller = any (e.finder_user_ids))
          or (hashed is not null and hashed = any (e.token_hashes)));
  -- Gone for good (the finder's details deleted, or the chat with the owner's account).
  if ending.chat_id is not null
     and (ending.details_deleted_at is not null
          or ending.reason = 'blocked'
          or not exists (select 1 from public.chats c where c.id = ending.chat_id)) then
    return query select 'ended'::text, ending.reason, ending.ended_at, ending.details_deleted_at;
    return;
  end if;

  -- This link, or the link this session was bound to: the newest first.
  select v.* into invite
    from public.chat_invites v
   where v.chat_id = chat_link_status.chat_id
     and ((hashed is not null and v.token_hash = hashed)
          or (caller is not null and v.bound_user_id = caller))
   order by (hashed is not null and v.token_hash = hashed) desc, v.created_at desc
   limit 1;
  if invite.id is null and ending.chat_id is not null then
    return query select 'ended'::text, ending.reason, ending.ended_at, ending.details_deleted_at;
  elsif invite.id is null then
    return query select 'unknown'::text, null::text, null::timestamptz, null::timestamptz;
  elsif invite.replaced_at is not null then
    return query select 'replaced'::text, null::text, invite.replaced_at, null::timestamptz;
  elsif invite.revoked_at is not null then
    return query select 'revoked'::text, null::text, invite.revoked_at, null::timestamptz;
  elsif invite.expires_at <= now() then
    return query select 'expired'::text, null::text, invite.expires_at, null::timestamptz;
  elsif invite.bound_user_id is not null and invite.bound_user_id is distinct from caller then
    return query select 'bound'::text, null::text, null::timestamptz, null::timestamptz;
  else
    return query select 'valid'::text, null::text, invite.expires_at, null::timestamptz;
  end if;
end;
$function$;