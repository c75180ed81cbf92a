-- ============================================================================
-- Verified mobile numbers (issue 46)
-- ============================================================================
-- A report's text goes to the owner's mobile only once the owner has proved
-- the number is theirs with a one-time code sent to it by text: one typo and
-- the alert would go to a stranger, or nowhere, while the owner waits. Until
-- then the owner is told by e-mail only, and the dashboard says why.
--
-- The code is six digits, kept only as a hash, valid 10 minutes, with at most
-- 5 wrong tries per code and 5 codes per owner an hour. It goes out through
-- the notifications outbox like every other text (template mobile_code_sms).
-- Changing the number (profiles.mobile_number) forgets the verification.

create table public.mobile_verifications (
  owner_id uuid primary key references public.profiles (id) on delete cascade,
  -- The profile's number, exactly as held, when the last code was sent.
  mobile_number text not null,
  code_hash text,
  code_expires_at timestamptz,
  failed_attempts int not null default 0,
  codes_sent int not null default 0,
  codes_window_started_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.mobile_verifications is 'Whether each owner''s mobile number is verified by a code sent to it, and the outstanding code (hashed). The owner reads whether and when; codes only through send_mobile_code() and verify_mobile_code().';

alter table public.mobile_verifications enable row level security;

revoke all on table public.mobile_verifications from public, anon, authenticated;
-- Never the code's hash or the counters: only which number and since when.
grant select (owner_id, mobile_number, code_expires_at, verified_at)
  on table public.mobile_verifications to authenticated;
grant all on table public.mobile_verifications to service_role;

create policy "Owners read their own mobile verification"
  on public.mobile_verifications for select
  to authenticated
  using ((select auth.uid()) = owner_id);

create trigger mobile_verifications_set_updated_at
  before update on public.mobile_verifications
  for each row execute function app_private.set_updated_at();

-- The owner's number if it is verified (the number held now, verified), else null. Never raises.
create function app_private.verified_mobile(owner uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select nullif(trim(p.mobile_number), '')
    from public.profiles p
    join public.mobile_verifications v on v.owner_id = p.id
   where p.id = owner
     and v.verified_at is not null
     and v.mobile_number = p.mobile_number;
$$;
revoke all on function app_private.verified_mobile(uuid) from public, anon, authenticated;

-- A new number is not verified: the row about the old one goes.
create function app_private.forget_mobile_verification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.mobile_verifications v where v.owner_id = new.id;
  return new;
end;
$$;
revoke all on function app_private.forget_mobile_verification() from public, anon, authenticated;

create trigger profiles_forget_mobile_verification
  after update of mobile_number on public.profiles
  for each row
  when (old.mobile_number is distinct from new.mobile_number)
  execute function app_private.forget_mobile_verification();

-- The outbox never texts an owner's report alert (found_sms, reminder_sms) to a
-- number that is not verified: the row is skipped and the e-mail goes alone.
-- A trigger rather than a change to the report functions, so every path that
-- queues such a text is covered.
create function app_private.skip_unverified_owner_sms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  if new.channel <> 'sms' or new.template not in ('found_sms', 'reminder_sms') then
    return new;
  end if;
  select r.owner_id into owner from public.found_reports r where r.id = new.report_id;
  if owner is null then
    return new;
  end if;
  if app_private.verified_mobile(owner) is distinct from nullif(trim(new.recipient), '') then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function app_private.skip_unverified_owner_sms() from public, anon, authenticated;

create trigger notifications_skip_unverified_owner_sms
  before insert on public.notifications
  for each row execute function app_private.skip_unverified_owner_sms();

alter table public.notifications drop constraint notifications_template_check;
alter table public.notifications add constraint notifications_template_check check (template in (
  'found_sms', 'owner_found_email', 'finder_thanks_email', 'finder_new_link_email',
  'reminder_sms', 'reminder_email', 'finder_returned_email',
  'account_deleted_email', 'chat_closed_email', 'mobile_code_sms'
));

-- The limits, in one place (read by both functions).
create function app_private.mobile_code_rules()
returns table (valid_minutes int, max_attempts int, codes_per_hour int)
language sql
immutable
set search_path = ''
as $$
  select 10, 5, 5;
$$;
revoke all on function app_private.mobile_code_rules() from public, anon, authenticated;

-- Sends the signed-in owner a new code by text to the number on their profile.
-- Errors (P0001, the message is the code the app turns into words):
-- not_signed_in, no_mobile_number, already_verified, too_many_codes.
create function public.send_mobile_code()
returns table (mobile_number text, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  number text;
  rules record;
  verification public.mobile_verifications;
  code text;
begin
  if caller is null or coalesce(app_private.is_anonymous_user(), true) then
    raise exception 'not_signed_in' using errcode = 'P0001';
  end if;
  select nullif(trim(p.mobile_number), '') into number from public.profiles p where p.id = caller;
  if number is null then
    raise exception 'no_mobile_number' using errcode = 'P0001';
  end if;
  if app_private.verified_mobile(caller) is not null then
    raise exception 'already_verified' using errcode = 'P0001';
  end if;
  select * into rules from app_private.mobile_code_rules();

  insert into public.mobile_verifications (owner_id, mobile_number)
  values (caller, (select p.mobile_number from public.profiles p where p.id = caller))
  on conflict (owner_id) do nothing;
  select * into verification from public.mobile_verifications v where v.owner_id = caller for update;
  if verification.codes_window_started_at is null or verification.codes_window_started_at < now() - interval '1 hour' then
    verification.codes_window_started_at := now();
    verification.codes_sent := 0;
  end if;
  if verification.codes_sent >= rules.codes_per_hour then
    raise exception 'too_many_codes' using errcode = 'P0001',
      detail = 'retry after ' || ceil(extract(epoch from verification.codes_window_started_at + interval '1 hour' - now()))::int || ' s';
  end if;

  -- Six digits from the strong random source behind gen_random_uuid().
  code := lpad(
    (('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::bigint % 1000000)::text,
    6, '0');
  update public.mobile_verifications v
     set mobile_number = (select p.mobile_number from public.profiles p where p.id = caller),
         code_hash = app_private.hash_token(caller::text || ':' || code),
         code_expires_at = now() + make_interval(mins => rules.valid_minutes),
         failed_attempts = 0,
         codes_sent = verification.codes_sent + 1,
         codes_window_started_at = verification.codes_window_started_at,
         verified_at = null
   where v.owner_id = caller
  returning v.code_expires_at into expires_at;

  insert into public.notifications (dedupe_key, channel, template, recipient, payload)
  values ('mobile_code:' || caller || ':' || gen_random_uuid(), 'sms', 'mobile_code_sms', number,
          jsonb_build_object('code', code, 'valid_minutes', rules.valid_minutes));

  -- Deliver now rather than at the next run of the dispatch job; that job retries anyway.
  begin
    perform app_private.dispatch_due_notifications();
  exception
    when others then null;
  end;

  mobile_number := number;
  return next;
end;
$$;
revoke all on function public.send_mobile_code() from public, anon, authenticated;
grant execute on function public.send_mobile_code() to authenticated;

-- Checks the code the owner typed. Answers one word (never raises, so a wrong
-- try is counted): verified, wrong_code (tries left), expired, too_many_attempts
-- (the code is spent: ask for a new one), no_code, not_signed_in.
create function public.verify_mobile_code(code text)
returns table (outcome text, attempts_left int)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  rules record;
  verification public.mobile_verifications;
  typed text := regexp_replace(coalesce(code, ''), '\s', '', 'g');
begin
  attempts_left := null;
  if caller is null or coalesce(app_private.is_anonymous_user(), true) then
    outcome := 'not_signed_in';
    return next;
    return;
  end if;
  select * into rules from app_private.mobile_code_rules();
  select v.* into verification
    from public.mobile_verifications v
    join public.profiles p on p.id = v.owner_id and p.mobile_number = v.mobile_number
   where v.owner_id = caller
     for update of v;
  if verification.owner_id is not null and verification.verified_at is not null then
    outcome := 'verified';
  elsif verification.owner_id is null or verification.code_hash is null then
    outcome := 'no_code';
  elsif verification.code_expires_at <= now() then
    outcome := 'expired';
  elsif verification.code_hash = app_private.hash_token(caller::text || ':' || typed) then
    update public.mobile_verifications v
       set verified_at = now(), code_hash = null, code_expires_at = null, failed_attempts = 0
     where v.owner_id = caller;
    -- The codes have done their job: none stays in the outbox.
    update public.notifications n
       set payload = n.payload - 'code'
     where n.dedupe_key like 'mobile_code:' || caller || ':%'
       and n.status in ('sent', 'failed', 'cancelled');
    outcome := 'verified';
  elsif verification.failed_attempts + 1 >= rules.max_attempts then
    update public.mobile_verifications v
       set failed_attempts = verification.failed_attempts + 1, code_hash = null, code_expires_at = null
     where v.owner_id = caller;
    outcome := 'too_many_attempts';
    attempts_left := 0;
  else
    update public.mobile_verifications v
       set failed_attempts = verification.failed_attempts + 1
     where v.owner_id = caller;
    outcome := 'wrong_code';
    attempts_left := rules.max_attempts - verification.failed_attempts - 1;
  end if;
  return next;
end;
$$;
revoke all on function public.verify_mobile_code(text) from public, anon, authenticated;
grant execute on function public.verify_mobile_code(text) to authenticated;
