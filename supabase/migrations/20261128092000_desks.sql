-- ============================================================================
-- Lost-property desks (issue 50, part 1)
-- ============================================================================
-- A desk (a station's lost property, a venue, an airline) signs up from a
-- signed-in account, which becomes its first staff member (an admin), and waits
-- for an operator's approval. The staff of an APPROVED desk report a tagged item
-- in one tap with the desk's standing details and a reference of theirs
-- (desk_report_found): no proof of work and no anonymous finder's limits, only a
-- per-desk sanity limit. The report is an ordinary found report made through
-- app_private.insert_found_report (the path the anonymous report takes), so the
-- owner is alerted through the same outbox; every approved staff member is the
-- chat's 'finder' member, so messages, photos and Realtime work unchanged
-- (membership is kept in step with the desk's staff by triggers). The desk
-- marks an item collected or posted, which closes the chat as 'returned'.
--
-- What desk staff see: their own desk's cases (public.desk_cases, RLS), each
-- chat they are a member of. Nothing while their desk is not approved. Desk
-- cases are purged with the found report they belong to (purge_desk_cases,
-- scheduled hourly after the finders' purge).
--
-- Existing objects altered here (listed in docs/desks.md):
--   app_private.enforce_report_limits  (body copied from schema.sql; desk staff skip)
--   public.operator_actions            (report_id nullable, desk_id column, action check)
-- New trigger on an existing table: auth.users auth_users_a_leave_desk.

-- ---------------------------------------------------------------------------
-- Settings
-- ---------------------------------------------------------------------------

create table app_private.desk_settings (
  id boolean primary key default true,
  unclaimed_after interval not null default interval '14 days',
  reports_per_hour integer not null default 120,
  constraint desk_settings_one_row check (id),
  constraint desk_settings_unclaimed_after_check check (unclaimed_after > interval '0'),
  constraint desk_settings_reports_per_hour_check check (reports_per_hour >= 1)
);
comment on table app_private.desk_settings is 'Desks: after how long an item nobody collected or posted shows as unclaimed, and the per-desk sanity limit of reports an hour. Change the row to tune them.';
alter table app_private.desk_settings enable row level security;
revoke all on table app_private.desk_settings from public, anon, authenticated;
insert into app_private.desk_settings default values;

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------

create table public.desks (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  address text not null,
  opening_hours text not null,
  public_phone text not null,
  public_email text not null,
  status text not null default 'pending',
  decided_at timestamptz,
  decision_reason text,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint desks_status_check check (status in ('pending', 'approved', 'refused')),
  constraint desks_name_length check (char_length(name) between 1 and 80),
  constraint desks_address_length check (char_length(address) between 1 and 300),
  constraint desks_opening_hours_length check (char_length(opening_hours) between 1 and 80),
  constraint desks_public_phone_length check (char_length(public_phone) between 1 and 40),
  constraint desks_public_email_length check (char_length(public_email) between 4 and 320),
  constraint desks_decision_reason_length check (char_length(decision_reason) between 1 and 1000)
);
comment on table public.desks is 'Lost-property desks (stations, venues, airlines) that report tagged items as finders. Pending until an operator approves; only an approved desk''s staff may report. Its staff read it; written only by the desk functions.';
alter table public.desks enable row level security;
create index desks_status_idx on public.desks (status, created_at);
create index desks_created_by_idx on public.desks (created_by);

create table public.desk_staff (
  desk_id uuid not null references public.desks (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'staff',
  added_at timestamptz not null default now(),
  constraint desk_staff_pkey primary key (desk_id, user_id),
  constraint desk_staff_role_check check (role in ('admin', 'staff'))
);
comment on table public.desk_staff is 'The signed-in accounts that work for a desk (one desk per account); admins add and remove staff. Deleted with the desk. Staff read their own desk''s list; written only by the desk functions.';
alter table public.desk_staff enable row level security;
create unique index desk_staff_one_desk_per_user on public.desk_staff (user_id);

create table public.desk_cases (
  report_id uuid primary key references public.found_reports (id) on delete cascade,
  chat_id uuid not null references public.chats (id) on delete cascade,
  desk_id uuid not null references public.desks (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  item_name text not null,
  desk_name text not null,
  reference text not null,
  opening_hours text not null,
  reported_by uuid references auth.users (id) on delete set null,
  outcome text,
  outcome_at timestamptz,
  created_at timestamptz not null default now(),
  constraint desk_cases_outcome_check check (outcome in ('collected', 'posted')),
  constraint desk_cases_outcome_together check ((outcome is null) = (outcome_at is null)),
  constraint desk_cases_reference_length check (char_length(reference) between 1 and 40)
);
comment on table public.desk_cases is 'An item a desk holds: the found report it made, the desk''s details as they were then, its reference, and whether it was collected or posted. The desk''s staff and the item''s owner read it; deleted with the found report''s details (purge_desk_cases).';
alter table public.desk_cases enable row level security;
create index desk_cases_chat_id_idx on public.desk_cases (chat_id);
create index desk_cases_desk_id_idx on public.desk_cases (desk_id, created_at);
create index desk_cases_owner_id_idx on public.desk_cases (owner_id);
create index desk_cases_reported_by_idx on public.desk_cases (reported_by);

-- ---------------------------------------------------------------------------
-- Helpers (never raise: used in policies)
-- ---------------------------------------------------------------------------

-- The desk the caller works for, approved or not (null for anyone else).
create function app_private.my_desk_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if caller is null or app_private.is_anonymous_user() then
    return null;
  end if;
  return (select s.desk_id from public.desk_staff s where s.user_id = caller);
exception
  when others then
    return null;
end;
$$;
revoke all on function app_private.my_desk_id() from public, anon;
grant execute on function app_private.my_desk_id() to authenticated, service_role;

-- Whether the account works for an approved desk.
create function app_private.is_approved_desk_staff(for_user uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return for_user is not null and exists (
    select 1 from public.desk_staff s join public.desks d on d.id = s.desk_id
     where s.user_id = for_user and d.status = 'approved'
  );
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.is_approved_desk_staff(uuid) from public, anon, authenticated;
grant execute on function app_private.is_approved_desk_staff(uuid) to service_role;

-- Whether the caller works for this desk and the desk is approved.
create function app_private.works_for_approved_desk(for_desk uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return for_desk is not null
    and for_desk = app_private.my_desk_id()
    and exists (select 1 from public.desks d where d.id = for_desk and d.status = 'approved');
exception
  when others then
    return false;
end;
$$;
revoke all on function app_private.works_for_approved_desk(uuid) from public, anon;
grant execute on function app_private.works_for_approved_desk(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- RLS: read only; every write goes through the functions below
-- ---------------------------------------------------------------------------

revoke all on table public.desks from public, anon, authenticated;
grant select on table public.desks to authenticated;
grant all on table public.desks to service_role;
create policy "Staff read their own desk" on public.desks for select to authenticated
  using (id = (select app_private.my_desk_id()));

revoke all on table public.desk_staff from public, anon, authenticated;
grant select on table public.desk_staff to authenticated;
grant all on table public.desk_staff to service_role;
create policy "Staff read their desk's staff" on public.desk_staff for select to authenticated
  using (desk_id = (select app_private.my_desk_id()));

revoke all on table public.desk_cases from public, anon, authenticated;
grant select (report_id, chat_id, desk_id, owner_id, item_name, desk_name, reference,
              opening_hours, outcome, outcome_at, created_at)
  on table public.desk_cases to authenticated;
grant all on table public.desk_cases to service_role;
create policy "Approved desks' staff read their desk's cases" on public.desk_cases for select to authenticated
  using ((select app_private.works_for_approved_desk(desk_cases.desk_id)));
create policy "Owners read the desk cases of their items" on public.desk_cases for select to authenticated
  using ((select auth.uid()) = owner_id);

-- ---------------------------------------------------------------------------
-- Chat membership follows the desk's staff
-- ---------------------------------------------------------------------------

-- A new member of an approved desk's staff joins the desk's open chats.
create function app_private.desk_staff_joined()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.chat_members (chat_id, user_id, role)
  select dc.chat_id, new.user_id, 'finder'
    from public.desk_cases dc
    join public.chats c on c.id = dc.chat_id
    join public.desks d on d.id = dc.desk_id
   where dc.desk_id = new.desk_id and c.closed_at is null and d.status = 'approved'
  on conflict do nothing;
  return null;
end;
$$;
create trigger desk_staff_join_chats after insert on public.desk_staff
  for each row execute function app_private.desk_staff_joined();

-- One who leaves the desk leaves every chat of the desk's (open or closed).
-- The reports they made pass to a colleague (an admin first), so that they no
-- longer read them as their finder and the desk's cases outlive their account;
-- a desk left without an admin gets one. The last to leave ends its open
-- conversations (the finder left).
create function app_private.desk_staff_left()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  heir uuid;
begin
  delete from public.chat_members m
   using public.desk_cases dc
   where dc.desk_id = old.desk_id and m.chat_id = dc.chat_id
     and m.user_id = old.user_id and m.role = 'finder';

  select s.user_id into heir
    from public.desk_staff s
   where s.desk_id = old.desk_id and s.user_id <> old.user_id
   order by (s.role = 'admin') desc, s.added_at, s.user_id
   limit 1;
  if heir is null then
    perform app_private.close_chat(dc.chat_id, 'finder_left')
       from public.desk_cases dc
       join public.chats c on c.id = dc.chat_id
      where dc.desk_id = old.desk_id and c.closed_at is null;
  end if;
  update public.found_reports r
     set finder_id = heir
    from public.desk_cases dc
   where dc.report_id = r.id and dc.desk_id = old.desk_id and r.finder_id = old.user_id;
  if heir is not null and old.role = 'admin' and not exists (
    select 1 from public.desk_staff s
     where s.desk_id = old.desk_id and s.role = 'admin' and s.user_id <> old.user_id
  ) then
    update public.desk_staff s set role = 'admin' where s.desk_id = old.desk_id and s.user_id = heir;
  end if;
  return null;
end;
$$;

-- An account that is deleted leaves its desk first (this trigger's name sorts
-- before auth_users_delete_account_data's, and same-event triggers fire in name
-- order), so the desk's cases it reported pass to a colleague instead of being
-- closed and purged as that account's own finder reports.
create function app_private.leave_desk_before_account_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.desk_staff s where s.user_id = old.id;
  return old;
end;
$$;
create trigger auth_users_a_leave_desk before delete on auth.users
  for each row execute function app_private.leave_desk_before_account_deleted();
create trigger desk_staff_leave_chats after delete on public.desk_staff
  for each row execute function app_private.desk_staff_left();

-- A desk that goes: its open conversations end (the finder left), then its
-- staff leave the chats before its cases go (the cascade's order is not fixed).
create function app_private.desk_deleting()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.close_chat(dc.chat_id, 'finder_left')
     from public.desk_cases dc
     join public.chats c on c.id = dc.chat_id
    where dc.desk_id = old.id and c.closed_at is null;
  delete from public.desk_staff s where s.desk_id = old.id;
  return old;
end;
$$;
create trigger desks_staff_leave_first before delete on public.desks
  for each row execute function app_private.desk_deleting();

-- ---------------------------------------------------------------------------
-- Signing up and managing staff (signed-in accounts)
-- ---------------------------------------------------------------------------

-- The caller's desk, their role and its state (nothing for anyone else).
create function public.my_desk()
returns table (
  id uuid, name text, address text, opening_hours text, public_phone text, public_email text,
  status text, decision_reason text, created_at timestamptz, my_role text, unclaimed_after_days integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.name, d.address, d.opening_hours, d.public_phone, d.public_email,
         d.status, d.decision_reason, d.created_at, s.role,
         (select extract(day from ds.unclaimed_after)::int from app_private.desk_settings ds)
    from public.desk_staff s
    join public.desks d on d.id = s.desk_id
   where s.user_id = app_private.current_user_id() and not app_private.is_anonymous_user();
$$;
revoke all on function public.my_desk() from public, anon;
grant execute on function public.my_desk() to authenticated, service_role;

-- A signed-in account signs a desk up and becomes its admin; it waits for approval.
create function public.register_desk(
  name text, address text, opening_hours text, public_phone text, public_email text
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  clean_name text := nullif(trim(coalesce(register_desk.name, '')), '');
  clean_address text := nullif(trim(coalesce(register_desk.address, '')), '');
  clean_hours text := nullif(trim(coalesce(register_desk.opening_hours, '')), '');
  clean_phone text := nullif(trim(coalesce(register_desk.public_phone, '')), '');
  clean_email text := nullif(trim(coalesce(register_desk.public_email, '')), '');
  bad constant text := app_private.data_rules() ->> 'control_characters';
  new_id uuid;
begin
  if caller is null or app_private.is_anonymous_user() then
    raise exception 'sign_in_required' using errcode = '42501', hint = 'sign_in';
  end if;
  if clean_name is null or clean_address is null or clean_hours is null
     or clean_phone is null or clean_email is null then
    raise exception 'missing_fields' using errcode = 'P0001', hint = 'missing_fields';
  end if;
  if char_length(clean_name) > 80 or char_length(clean_address) > 300
     or char_length(clean_hours) > 80 or char_length(clean_phone) > 40 then
    raise exception 'desk_field_too_long'
      using errcode = 'P0001', hint = 'too_long';
  end if;
  if clean_name ~ '[\r\n\t]' or clean_hours ~ '[\r\n\t]' or clean_phone ~ '[\r\n\t]'
     or concat(clean_name, clean_address, clean_hours, clean_phone) ~ bad then
    raise exception 'invalid_text' using errcode = 'P0001', hint = 'invalid_text';
  end if;
  if char_length(clean_email) > 320 or clean_email ~ '[[:space:]]' or clean_email !~ (app_private.data_rules() ->> 'email_shape') then
    raise exception 'invalid_email' using errcode = 'P0001', hint = 'invalid_email';
  end if;
  if exists (select 1 from public.desk_staff s where s.user_id = caller) then
    raise exception 'already_in_a_desk' using errcode = 'P0001', hint = 'already_staff';
  end if;

  insert into public.desks (name, address, opening_hours, public_phone, public_email, created_by)
  values (clean_name, clean_address, clean_hours, clean_phone, clean_email, caller)
  returning id into new_id;
  insert into public.desk_staff (desk_id, user_id, role) values (new_id, caller, 'admin');
  return new_id;
end;
$$;
revoke all on function public.register_desk(text, text, text, text, text) from public, anon;
grant execute on function public.register_desk(text, text, text, text, text) to authenticated, service_role;

-- The admin of an approved desk, or an error in the desk's words.
create function app_private.require_desk_admin()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  desk uuid := app_private.my_desk_id();
begin
  if desk is null or not app_private.works_for_approved_desk(desk) then
    raise exception 'not_desk_staff' using errcode = '42501', hint = 'not_desk_staff';
  end if;
  if not exists (select 1 from public.desk_staff s
                  where s.desk_id = desk and s.user_id = caller and s.role = 'admin') then
    raise exception 'not_desk_admin' using errcode = '42501', hint = 'not_desk_admin';
  end if;
  return desk;
end;
$$;

-- The desk's staff with their e-mail addresses (staff of that desk only).
create function public.desk_staff_list()
returns table (user_id uuid, email text, role text, added_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select s.user_id, u.email::text, s.role, s.added_at
    from public.desk_staff s
    join auth.users u on u.id = s.user_id
   where s.desk_id = app_private.my_desk_id()
   order by s.added_at, u.email;
$$;
revoke all on function public.desk_staff_list() from public, anon;
grant execute on function public.desk_staff_list() to authenticated, service_role;

-- An admin adds the owner of an existing Homeward account as staff.
create function public.add_desk_staff(email text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  desk uuid := app_private.require_desk_admin();
  target uuid;
begin
  select u.id into target
    from auth.users u
   where lower(u.email) = lower(trim(coalesce(add_desk_staff.email, '')))
     and not coalesce(u.is_anonymous, false) and u.deleted_at is null;
  if target is null then
    raise exception 'no_such_account' using errcode = 'P0001', hint = 'no_account';
  end if;
  if exists (select 1 from public.desk_staff s where s.user_id = target) then
    raise exception 'already_staff' using errcode = 'P0001', hint = 'already_staff';
  end if;
  insert into public.desk_staff (desk_id, user_id, role) values (desk, target, 'staff');
  return target;
end;
$$;
revoke all on function public.add_desk_staff(text) from public, anon;
grant execute on function public.add_desk_staff(text) to authenticated, service_role;

-- An admin removes a member of staff (not themselves).
create function public.remove_desk_staff(user_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  desk uuid := app_private.require_desk_admin();
  removed int;
begin
  if remove_desk_staff.user_id = app_private.current_user_id() then
    raise exception 'cannot_remove_self' using errcode = 'P0001', hint = 'self';
  end if;
  delete from public.desk_staff s
   where s.desk_id = desk and s.user_id = remove_desk_staff.user_id;
  get diagnostics removed = row_count;
  return removed > 0;
end;
$$;
revoke all on function public.remove_desk_staff(uuid) from public, anon;
grant execute on function public.remove_desk_staff(uuid) to authenticated, service_role;

-- An admin deletes the desk: its staff's membership, its cases and their chats' access go with it.
create function public.delete_my_desk()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
  desk uuid := app_private.my_desk_id();
begin
  if desk is null or not exists (select 1 from public.desk_staff s
                                  where s.desk_id = desk and s.user_id = caller and s.role = 'admin') then
    raise exception 'not_desk_admin' using errcode = '42501', hint = 'not_desk_admin';
  end if;
  delete from public.desks d where d.id = desk;
  return true;
end;
$$;
revoke all on function public.delete_my_desk() from public, anon;
grant execute on function public.delete_my_desk() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Reporting as the desk
-- ---------------------------------------------------------------------------

-- What the owner reads: "Held at <desk>, ref <reference>, open <hours>".
create function app_private.held_at_text(desk_name text, reference text, opening_hours text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'Held at ' || desk_name || ', ref ' || reference || ', open ' || opening_hours;
$$;

-- A member of an approved desk's staff reports a tagged item in one tap. The
-- report is made by app_private.insert_found_report, as the anonymous report's,
-- with the desk's name, public e-mail, phone and address as the finder's details
-- and where it is held as the place; the desk's staff are the chat's finders.
-- The desk's name is stored with no-break spaces, so that where a finder's first
-- name is shown (chat_summary, list_conversations) the owner sees the whole name.
create function public.desk_report_found(tag_code text, reference text, site_url text)
returns table (chat_id uuid, report_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  caller uuid := app_private.current_user_id();
  desk public.desks;
  clean_reference text := nullif(trim(coalesce(desk_report_found.reference, '')), '');
  settings app_private.desk_settings;
  created record;
  item public.items;
begin
  select d.* into desk from public.desks d where d.id = app_private.my_desk_id();
  if desk.id is null or desk.status <> 'approved' then
    raise exception 'not_desk_staff' using errcode = '42501', hint = 'not_desk_staff';
  end if;
  if clean_reference is null then
    raise exception 'reference_required' using errcode = 'P0001', hint = 'reference_required';
  end if;
  if char_length(clean_reference) > 40 or clean_reference ~ '[\r\n\t]'
     or clean_reference ~ (app_private.data_rules() ->> 'control_characters') then
    raise exception 'reference_invalid' using errcode = 'P0001', hint = 'reference_invalid';
  end if;

  select s.* into settings from app_private.desk_settings s;
  perform pg_advisory_xact_lock(hashtextextended('desk-report:' || desk.id::text, 0));
  if (select count(*) from public.desk_cases dc
       where dc.desk_id = desk.id and dc.created_at > now() - interval '1 hour')
     >= coalesce(settings.reports_per_hour, 120) then
    raise exception 'too_many_reports' using errcode = 'P0001', hint = 'desk',
      detail = '3600';
  end if;

  select * into created
    from app_private.insert_found_report(
      desk_report_found.tag_code, caller, replace(desk.name, ' ', chr(160)), desk.public_email,
      desk.public_phone, desk.address,
      app_private.held_at_text(desk.name, clean_reference, desk.opening_hours),
      desk_report_found.site_url, null
    );

  -- A report the owner blocked is accepted silently and goes nowhere.
  if not exists (select 1 from public.found_reports r where r.id = created.report_id) then
    chat_id := created.chat_id;
    report_id := created.report_id;
    return next;
    return;
  end if;

  -- The desk's staff are members already: no finder's link, no thanks e-mail.
  update public.chat_invites v set revoked_at = now()
   where v.chat_id = created.chat_id and v.revoked_at is null;
  delete from public.notifications n
   where n.report_id = created.report_id and n.template = 'finder_thanks_email';

  insert into public.chat_members (chat_id, user_id, role)
  select created.chat_id, s.user_id, 'finder'
    from public.desk_staff s where s.desk_id = desk.id
  on conflict do nothing;

  select i.* into item from public.items i where i.id = created.item_id;
  insert into public.desk_cases
    (report_id, chat_id, desk_id, owner_id, item_name, desk_name, reference, opening_hours, reported_by)
  values (created.report_id, created.chat_id, desk.id, created.owner_id, item.name, desk.name,
          clean_reference, desk.opening_hours, caller);

  chat_id := created.chat_id;
  report_id := created.report_id;
  return next;
end;
$$;
revoke all on function public.desk_report_found(text, text, text) from public, anon;
grant execute on function public.desk_report_found(text, text, text) to authenticated, service_role;

-- The items the caller's approved desk holds, with each one's state:
-- collected / posted (the desk marked it), closed (the conversation ended
-- otherwise), unclaimed (still held after desk_settings.unclaimed_after),
-- owner_replied (the owner wrote in the chat), owner_told.
create function public.desk_cases_list()
returns table (
  report_id uuid, chat_id uuid, item_name text, reference text, created_at timestamptz,
  state text, outcome_at timestamptz, closed_at timestamptz, days_held integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select dc.report_id, dc.chat_id, dc.item_name, dc.reference, dc.created_at,
         case
           when dc.outcome is not null then dc.outcome
           when c.closed_at is not null then 'closed'
           when dc.created_at <= now() - (select s.unclaimed_after from app_private.desk_settings s) then 'unclaimed'
           when exists (select 1 from public.messages m
                         where m.chat_id = dc.chat_id and m.sender_role = 'owner') then 'owner_replied'
           else 'owner_told'
         end,
         dc.outcome_at, c.closed_at,
         (extract(epoch from now() - dc.created_at) / 86400)::int
    from public.desk_cases dc
    join public.chats c on c.id = dc.chat_id
   where app_private.works_for_approved_desk(dc.desk_id)
   order by dc.created_at desc, dc.report_id;
$$;
revoke all on function public.desk_cases_list() from public, anon;
grant execute on function public.desk_cases_list() to authenticated, service_role;

-- The desk marks an item collected or posted: the owner is told in the chat
-- (a message from the desk, with its alerts) and live, the chat closes as
-- 'returned' (read-only, the details' deletion brought forward as for 'Mark as
-- returned') and the item is FOUND.
create function public.mark_desk_case(chat_id uuid, outcome text)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  caller uuid := app_private.current_user_id();
  dc public.desk_cases;
begin
  if mark_desk_case.outcome is null or mark_desk_case.outcome not in ('collected', 'posted') then
    raise exception 'invalid_outcome' using errcode = 'P0001', hint = 'invalid_outcome';
  end if;
  select d.* into dc from public.desk_cases d
   where d.chat_id = mark_desk_case.chat_id and app_private.works_for_approved_desk(d.desk_id)
   for update;
  if dc.report_id is null then
    raise exception 'chat_not_found' using errcode = 'PT404';
  end if;
  if dc.outcome is not null or app_private.is_chat_closed(dc.chat_id) then
    raise exception 'chat_closed'
      using errcode = 'P0001', hint = 'chat_closed';
  end if;

  insert into public.messages (chat_id, sender_id, body)
  values (dc.chat_id, caller,
          case mark_desk_case.outcome
            when 'collected' then 'Your item was collected from ' || dc.desk_name || ' (ref ' || dc.reference || ').'
            else 'Your item was posted to you by ' || dc.desk_name || ' (ref ' || dc.reference || ').'
          end);

  update public.desk_cases d set outcome = mark_desk_case.outcome, outcome_at = now()
   where d.report_id = dc.report_id;

  update public.items i set status = 'FOUND'
   where i.id = (select c.item_id from public.chats c where c.id = dc.chat_id)
     and i.status is distinct from 'FOUND';
  perform app_private.close_chat(dc.chat_id, 'returned');
  return now();
end;
$$;
revoke all on function public.mark_desk_case(uuid, text) from public, anon;
grant execute on function public.mark_desk_case(uuid, text) to authenticated, service_role;

-- Desk staff are not limited like anonymous finders (their desk has its own
-- limit in desk_report_found). Body copied from supabase/schema.sql; only the
-- first check is new.
create or replace function app_private.enforce_report_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  per_tag app_private.limits;
  per_finder app_private.limits;
  oldest timestamptz;
begin
  if app_private.is_approved_desk_staff(new.finder_id) then
    return new;
  end if;

  select l.* into per_tag from app_private.limits l where l.name = 'reports_per_tag';
  select l.* into per_finder from app_private.limits l where l.name = 'reports_per_finder';

  -- Each check: the max_count-th newest event inside the window, if there is
  -- one, is the one whose leaving it allows one more.
  perform pg_advisory_xact_lock(hashtextextended('report-item:' || new.item_id::text, 0));
  if per_tag.name is not null then
    select r.created_at into oldest
      from public.found_reports r
     where r.item_id = new.item_id and r.created_at > now() - per_tag.per
     order by r.created_at desc
    offset per_tag.max_count - 1 limit 1;
    if oldest is not null then
      raise exception 'too_many_reports' using errcode = 'P0001', hint = 'tag',
        detail = app_private.seconds_until(oldest + per_tag.per)::text;
    end if;
  end if;

  if new.finder_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('report-finder:' || new.finder_id::text, 0));
    if per_finder.name is not null then
      select r.created_at into oldest
        from public.found_reports r
       where r.finder_id = new.finder_id and r.created_at > now() - per_finder.per
       order by r.created_at desc
      offset per_finder.max_count - 1 limit 1;
      if oldest is not null then
        raise exception 'too_many_reports' using errcode = 'P0001', hint = 'finder',
          detail = app_private.seconds_until(oldest + per_finder.per)::text;
      end if;
    end if;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- Operators approve or refuse desks (audit-logged)
-- ---------------------------------------------------------------------------

alter table public.operator_actions alter column report_id drop not null;
alter table public.operator_actions add column desk_id uuid;
alter table public.operator_actions drop constraint operator_actions_action_check;
alter table public.operator_actions add constraint operator_actions_action_check
  check (action in ('dismiss', 'warn', 'close_conversation', 'suspend_owner', 'deactivate_tag',
                    'approve_desk', 'refuse_desk'));
alter table public.operator_actions add constraint operator_actions_about_something
  check (report_id is not null or desk_id is not null);
comment on column public.operator_actions.desk_id is 'The desk approved or refused (approve_desk, refuse_desk); kept when the desk is deleted.';
create index operator_actions_desk_id_idx on public.operator_actions (desk_id);

create function app_private.pending_desks()
returns table (
  id uuid, name text, address text, opening_hours text, public_phone text, public_email text,
  created_at timestamptz, admin_email text
)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.name, d.address, d.opening_hours, d.public_phone, d.public_email, d.created_at,
         (select u.email::text from public.desk_staff s join auth.users u on u.id = s.user_id
           where s.desk_id = d.id and s.role = 'admin' order by s.added_at limit 1)
    from public.desks d
   where d.status = 'pending'
   order by d.created_at, d.id;
$$;

create function app_private.decide_desk(
  p_desk uuid, p_decision text, p_reason text, p_operator uuid, p_operator_label text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  clean_reason text := nullif(trim(coalesce(p_reason, '')), '');
  desk public.desks;
begin
  if p_decision is null or p_decision not in ('approve', 'refuse') then
    raise exception 'invalid_decision' using errcode = 'P0001', hint = 'invalid_action';
  end if;
  if clean_reason is null then
    raise exception 'reason_required' using errcode = 'P0001', hint = 'reason_required';
  end if;
  if char_length(clean_reason) > 1000 then
    raise exception 'reason_too_long' using errcode = 'P0001', hint = 'reason_too_long';
  end if;
  select d.* into desk from public.desks d where d.id = p_desk for update;
  if desk.id is null then
    raise exception 'desk_not_found' using errcode = 'PT404';
  end if;
  if desk.status <> 'pending' then
    raise exception 'desk_decided' using errcode = 'P0001', hint = 'desk_decided';
  end if;

  update public.desks d
     set status = case p_decision when 'approve' then 'approved' else 'refused' end,
         decided_at = now(),
         decision_reason = case when p_decision = 'refuse' then clean_reason end
   where d.id = desk.id;

  insert into public.operator_actions (desk_id, action, reason, operator_id, operator_label)
  values (desk.id, p_decision || '_desk', clean_reason, p_operator,
          coalesce(nullif(trim(p_operator_label), ''), 'operator'));
  return p_decision;
end;
$$;

-- The operator's desk (signed-in operators).
create function public.desks_waiting()
returns table (
  id uuid, name text, address text, opening_hours text, public_phone text, public_email text,
  created_at timestamptz, admin_email text
)
language sql
stable
security definer
set search_path = ''
as $$
  select * from app_private.pending_desks() where app_private.is_operator();
$$;
revoke all on function public.desks_waiting() from public, anon;
grant execute on function public.desks_waiting() to authenticated, service_role;

create function public.decide_desk(desk_id uuid, decision text, reason text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app_private.is_operator() then
    raise exception 'not_operator' using errcode = '42501', hint = 'not_operator';
  end if;
  return app_private.decide_desk(decide_desk.desk_id, decide_desk.decision, decide_desk.reason,
    app_private.current_user_id(),
    (select u.email::text from auth.users u where u.id = app_private.current_user_id()));
end;
$$;
revoke all on function public.decide_desk(uuid, text, text) from public, anon;
grant execute on function public.decide_desk(uuid, text, text) to authenticated, service_role;

-- The same as operator commands (service role only).
create function public.operator_pending_desks()
returns table (
  id uuid, name text, address text, opening_hours text, public_phone text, public_email text,
  created_at timestamptz, admin_email text
)
language sql
stable
security definer
set search_path = ''
as $$
  select * from app_private.pending_desks();
$$;
revoke all on function public.operator_pending_desks() from public, anon, authenticated;
grant execute on function public.operator_pending_desks() to service_role;

create function public.operator_decide_desk(desk_id uuid, decision text, reason text, operator_label text)
returns text
language sql
security definer
set search_path = ''
as $$
  select app_private.decide_desk(operator_decide_desk.desk_id, operator_decide_desk.decision,
    operator_decide_desk.reason, null,
    'command: ' || coalesce(nullif(trim(operator_decide_desk.operator_label), ''), 'unnamed'));
$$;
revoke all on function public.operator_decide_desk(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.operator_decide_desk(uuid, text, text, text) to service_role;

-- ---------------------------------------------------------------------------
-- Purge: a desk case goes with its found report's details
-- ---------------------------------------------------------------------------

create function app_private.purge_desk_cases()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed int;
begin
  delete from public.desk_cases dc
   using public.found_reports r
   where r.id = dc.report_id and r.purged_at is not null;
  get diagnostics removed = row_count;
  return removed;
end;
$$;
revoke all on function app_private.purge_desk_cases() from public, anon, authenticated;
grant execute on function app_private.purge_desk_cases() to service_role;

-- After the finders' purge (17 past each hour).
select cron.schedule('purge-desk-cases', '27 * * * *', 'select app_private.purge_desk_cases()');

-- Internal only: no client role runs these directly.
revoke all on function app_private.decide_desk(uuid, text, text, uuid, text) from public, anon, authenticated;
revoke all on function app_private.pending_desks() from public, anon, authenticated;
revoke all on function app_private.require_desk_admin() from public, anon, authenticated;
revoke all on function app_private.desk_staff_joined() from public, anon, authenticated;
revoke all on function app_private.desk_staff_left() from public, anon, authenticated;
revoke all on function app_private.desk_deleting() from public, anon, authenticated;
revoke all on function app_private.leave_desk_before_account_deleted() from public, anon, authenticated;
revoke all on function app_private.held_at_text(text, text, text) from public, anon, authenticated;
