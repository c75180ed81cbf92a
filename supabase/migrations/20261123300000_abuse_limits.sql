-- Abuse limits, owned by SQL so every caller obeys them: reports per tag, per
-- finder session and per client address; the finder's own "thank you" e-mail at
-- most once per address per day, carrying no free text of the finder's but a
-- capped name. The numbers live in app_private.limits (README "Limits").

create table app_private.limits (
  name text primary key,
  max_count int not null constraint limits_max_count_check check (max_count >= 1),
  per interval not null constraint limits_per_check check (per > interval '0'),
  description text not null
);
comment on table app_private.limits is 'Abuse limits: at most max_count events per sliding window of length per. Change a row to tune a limit.';
revoke all on table app_private.limits from public, anon, authenticated;

insert into app_private.limits (name, max_count, per, description) values
  ('reports_per_tag', 3, interval '1 hour', 'found reports on one tag'),
  ('reports_per_finder', 5, interval '1 hour', 'found reports by one finder session'),
  ('reports_per_address', 5, interval '1 hour', 'found reports from one client address'),
  ('finder_emails_per_address', 1, interval '1 day', 'finder thank-you e-mails to one address'),
  ('activation_failures_per_account', 10, interval '1 hour', 'wrong activation attempts by one account'),
  ('activation_failures_per_account_tag', 5, interval '1 hour', 'wrong activation attempts by one account on one tag');

-- The limit's numbers; a missing row means "no limit" (max_count null).
create function app_private.limit_of(limit_name text, out max_count int, out per interval)
language sql
stable
set search_path = ''
as $$
  select l.max_count, l.per from app_private.limits l where l.name = limit_name;
$$;
revoke all on function app_private.limit_of(text) from public;

-- Seconds until one more event is allowed, given the times of past events
-- (newest first is not required), or 0 when under the limit.
create function app_private.wait_seconds(event_times timestamptz[], limit_name text)
returns int
language plpgsql
stable
set search_path = ''
as $$
declare
  lim record;
  recent timestamptz[];
begin
  select * into lim from app_private.limit_of(limit_name);
  if lim.max_count is null then
    return 0;
  end if;
  select array_agg(t order by t desc) into recent
    from (
      select t from unnest(event_times) t
       where t > now() - lim.per
       order by t desc
       limit lim.max_count
    ) newest;
  if coalesce(cardinality(recent), 0) < lim.max_count then
    return 0;
  end if;
  -- the oldest of the newest max_count events leaves the window first
  return greatest(1, ceil(extract(epoch from (recent[lim.max_count] + lim.per - now())))::int);
end;
$$;
revoke all on function app_private.wait_seconds(timestamptz[], text) from public;

-- The finder's client address, as the report-found function passes it in the
-- x-client-address header of its service-role REST call; null otherwise (a
-- client cannot reach found_reports, and an operator's SQL has no address).
-- Never raises.
create function app_private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  address text;
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '')
     <> 'service_role' then
    return null;
  end if;
  address := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-client-address';
  return nullif(left(trim(address), 100), '');
exception
  when others then
    return null;
end;
$$;
revoke all on function app_private.client_address() from public;

-- Reports seen per client address (a hash of it), for the per-address limit.
-- Kept one day; purge_finder_data deletes older rows.
create table app_private.report_sources (
  id bigint generated always as identity primary key,
  address_hash text not null,
  created_at timestamptz not null default now()
);
comment on table app_private.report_sources is 'Hashed client addresses of recent found reports, for the per-address limit. Kept one day.';
create index report_sources_address_idx on app_private.report_sources (address_hash, created_at);
revoke all on table app_private.report_sources from public, anon, authenticated;

create index found_reports_item_created_idx on public.found_reports (item_id, created_at);
create index found_reports_finder_created_idx on public.found_reports (finder_id, created_at);

-- Before each report: refuses it with SQLSTATE P0001, message too_many_reports,
-- detail = seconds to wait and hint = which limit (tag, finder or address).
-- Locks serialise concurrent reports on one tag, finder and address, so a burst
-- cannot slip through between count and insert.
create function app_private.enforce_report_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := app_private.client_address();
  source_hash text;
  wait int;
begin
  perform pg_advisory_xact_lock(hashtextextended('report-item:' || new.item_id::text, 0));
  wait := app_private.wait_seconds(
    array(select r.created_at from public.found_reports r
           where r.item_id = new.item_id
             and r.created_at > now() - (select l.per from app_private.limits l where l.name = 'reports_per_tag')),
    'reports_per_tag');
  if wait > 0 then
    raise exception 'too_many_reports' using errcode = 'P0001', detail = wait::text, hint = 'tag';
  end if;

  if new.finder_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('report-finder:' || new.finder_id::text, 0));
    wait := app_private.wait_seconds(
      array(select r.created_at from public.found_reports r
             where r.finder_id = new.finder_id
             and r.created_at > now() - (select l.per from app_private.limits l where l.name = 'reports_per_finder')),
      'reports_per_finder');
    if wait > 0 then
      raise exception 'too_many_reports' using errcode = 'P0001', detail = wait::text, hint = 'finder';
    end if;
  end if;

  if address is not null then
    source_hash := encode(extensions.digest('homeward-report-source:' || address, 'sha256'), 'hex');
    perform pg_advisory_xact_lock(hashtextextended('report-address:' || source_hash, 0));
    wait := app_private.wait_seconds(
      array(select s.created_at from app_private.report_sources s
             where s.address_hash = source_hash
               and s.created_at > now() - (select l.per from app_private.limits l where l.name = 'reports_per_address')),
      'reports_per_address');
    if wait > 0 then
      raise exception 'too_many_reports' using errcode = 'P0001', detail = wait::text, hint = 'address';
    end if;
    insert into app_private.report_sources (address_hash) values (source_hash);
  end if;
  return new;
end;
$$;
revoke all on function app_private.enforce_report_limits() from public;

create trigger found_reports_enforce_limits
  before insert on public.found_reports
  for each row execute function app_private.enforce_report_limits();

-- The limits above own the rule now; the older check in create_found_report
-- (5 per finder, 20 per item) steps aside.
create or replace function app_private.report_retry_after(for_finder uuid, for_item uuid)
returns int
language sql
stable
set search_path = ''
as $$
  select 0;
$$;

-- A finder's name as it may appear in an e-mail to an address the finder chose:
-- one line, no control characters, at most 60 characters.
create function app_private.safe_name(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(left(trim(regexp_replace(coalesce(value, ''), '[[:cntrl:]]+', ' ', 'g')), 60), '');
$$;
revoke all on function app_private.safe_name(text) from public;

create index notifications_finder_email_idx on public.notifications (lower(recipient), created_at)
  where template = 'finder_thanks_email';

-- The finder's thank-you e-mail: at most one per address per day (a later one
-- is silently not queued; the report itself still goes through), and its
-- payload keeps only the capped name, the owner's item name and the chat link,
-- so nobody can mail their own text to an address of their choosing.
create function app_private.limit_finder_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lim record;
begin
  if new.template <> 'finder_thanks_email' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('finder-email:' || lower(new.recipient), 0));
  select * into lim from app_private.limit_of('finder_emails_per_address');
  if lim.max_count is not null and (
    select count(*) from public.notifications n
     where n.template = 'finder_thanks_email'
       and lower(n.recipient) = lower(new.recipient)
       and n.created_at > now() - lim.per
  ) >= lim.max_count then
    return null;
  end if;
  new.payload := jsonb_strip_nulls(jsonb_build_object(
    'finder_name', app_private.safe_name(new.payload ->> 'finder_name'),
    'item_name', new.payload -> 'item_name',
    'chat_url', new.payload -> 'chat_url',
    'finder_chat_url', new.payload -> 'finder_chat_url',
    'report_id', new.payload -> 'report_id',
    'chat_id', new.payload -> 'chat_id'
  ));
  return new;
end;
$$;
revoke all on function app_private.limit_finder_email() from public;

create trigger notifications_limit_finder_email
  before insert on public.notifications
  for each row execute function app_private.limit_finder_email();

-- The finder's fields hold text only: control characters other than tab and
-- line breaks are refused (invalid_input, P0001, detail names the field),
-- whatever function writes the report.
create function app_private.check_report_text()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  bad constant text := '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]';
begin
  if new.finder_name ~ bad or new.finder_name ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_name';
  elsif new.finder_email ~ bad or new.finder_email ~ '[[:space:]]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_email';
  elsif new.finder_phone ~ bad or new.finder_phone ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_phone';
  elsif new.finder_address ~ bad then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_address';
  elsif new.found_location ~ bad then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'found_location';
  end if;
  return new;
end;
$$;
revoke all on function app_private.check_report_text() from public;

-- Named to fire before found_reports_enforce_limits: bad input uses up no limit.
create trigger found_reports_check_text
  before insert on public.found_reports
  for each row execute function app_private.check_report_text();
