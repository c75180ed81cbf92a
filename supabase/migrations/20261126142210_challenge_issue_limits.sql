-- Proof-of-work challenges are issued within limits (issue 35): one client sent
-- 317 a second. pow-challenge asks public.count_challenge_issue before issuing
-- one; over a limit it answers 429 with Retry-After. Per client address (hashed,
-- kept a day, as for reports) and per signed-in user (the finder's anonymous
-- session); the numbers are rows of app_private.limits like every abuse limit.

insert into app_private.limits (name, max_count, per, description) values
  ('challenges_per_address', 60, interval '10 minutes', 'proof-of-work challenges issued to one client address'),
  ('challenges_per_user', 20, interval '10 minutes', 'proof-of-work challenges issued to one signed-in user');

create table app_private.challenge_issues (
  id bigint generated always as identity primary key,
  subject text not null,
  created_at timestamptz not null default now()
);
comment on table app_private.challenge_issues is 'Proof-of-work challenges issued recently, by subject (''address:'' and a hash of the client address, or ''user:'' and the user id), for the issuing limits. Kept one day.';
create index challenge_issues_subject_idx on app_private.challenge_issues (subject, created_at);
create index challenge_issues_created_idx on app_private.challenge_issues (created_at);
revoke all on table app_private.challenge_issues from public, anon, authenticated;

-- Seconds until one more challenge may be issued to the subject under the limit,
-- or 0. The max_count-th newest issue in the window is the one that leaves it first.
create function app_private.challenge_wait(for_subject text, limit_name text)
returns int
language plpgsql
stable
set search_path = ''
as $$
declare
  lim app_private.limits;
  oldest_counted timestamptz;
begin
  select l.* into lim from app_private.limits l where l.name = limit_name;
  if lim.name is null then
    return 0;
  end if;
  select c.created_at into oldest_counted
    from app_private.challenge_issues c
   where c.subject = for_subject and c.created_at > now() - lim.per
   order by c.created_at desc
  offset lim.max_count - 1 limit 1;
  if oldest_counted is null then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (oldest_counted + lim.per - now())))::int);
end;
$$;
revoke all on function app_private.challenge_wait(text, text) from public;

-- Counts one challenge for the caller's address and user, or, when either is
-- over its limit, counts nothing and returns the seconds to wait. A null address
-- or user is not limited on that count (pow-challenge passes what it knows).
-- Locks serialise concurrent requests of one subject, so a burst cannot slip
-- through between count and insert.
create function public.count_challenge_issue(client_address text default null, user_id uuid default null)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := nullif(left(trim(count_challenge_issue.client_address), 100), '');
  subjects text[] := '{}';
  subject text;
  wait int := 0;
begin
  if address is not null then
    subjects := subjects || ('address:' || encode(extensions.digest('homeward-challenge-source:' || address, 'sha256'), 'hex'));
  end if;
  if count_challenge_issue.user_id is not null then
    subjects := subjects || ('user:' || count_challenge_issue.user_id::text);
  end if;
  foreach subject in array subjects loop
    perform pg_advisory_xact_lock(hashtextextended('challenge-issue:' || subject, 0));
    wait := greatest(wait, app_private.challenge_wait(
      subject,
      case when subject like 'address:%' then 'challenges_per_address' else 'challenges_per_user' end
    ));
  end loop;
  if wait > 0 then
    return wait;
  end if;
  insert into app_private.challenge_issues (subject) select unnest(subjects);
  delete from app_private.challenge_issues c where c.created_at < now() - interval '1 day';
  return 0;
end;
$$;
revoke all on function public.count_challenge_issue(text, uuid) from public, anon, authenticated;
grant execute on function public.count_challenge_issue(text, uuid) to service_role;
