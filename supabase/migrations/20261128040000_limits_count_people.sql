-- Limits that count people, not addresses (issue 46).
--
-- Many honest finders share one client address: a mobile network's CGNAT puts
-- thousands of phones behind a few addresses, and a station's lost-property office
-- or a venue's front desk reports from one network all day. A hard count per
-- address (reports_per_address, 5 an hour) refused the sixth of them. Instead:
--
-- * No hard limit on reports per address. The limits that stay hard count people
--   and things: reports per finder session (reports_per_finder) and per tag
--   (reports_per_tag), challenges per signed-in user (challenges_per_user).
-- * Every report needs a proof of work, and its cost grows with the address's
--   recent volume: the first proof_free_per_address challenges an address asks for
--   within the window are at the base difficulty; past them each
--   proof_difficulty.doubling_every more double the work, up to
--   proof_difficulty.max_doublings. Fifty finders behind one address in an hour
--   solve at most 4x the base (under a second in a desktop browser); a flood of
--   a few hundred an hour reaches the ceiling (about a million times the base), a
--   trickle even for native code.
-- * challenges_per_address stays as a backstop only, far above any honest desk:
--   issuing a challenge costs the asker nothing, so without it a flood could fill
--   app_private.challenge_issues.

delete from app_private.limits where name = 'reports_per_address';

update app_private.limits
   set max_count = 600,
       description = 'proof-of-work challenges issued to one client address (a backstop against a flood of requests; the proof''s difficulty slows reports long before)'
 where name = 'challenges_per_address';

insert into app_private.limits (name, max_count, per, description) values
  ('proof_free_per_address', 30, interval '1 hour',
   'proof-of-work challenges one client address gets at the base difficulty within the window; past them the difficulty grows (app_private.proof_difficulty)');

-- How fast the difficulty grows past proof_free_per_address. One row.
create table app_private.proof_difficulty (
  id boolean primary key default true check (id),
  doubling_every int not null check (doubling_every >= 1),
  max_doublings int not null check (max_doublings between 0 and 30)
);
comment on table app_private.proof_difficulty is 'How the proof of work''s difficulty grows with a client address''s recent volume: past proof_free_per_address challenges in its window, each doubling_every more double the numbers to try, at most max_doublings times. One row.';
revoke all on table app_private.proof_difficulty from public, anon, authenticated;
insert into app_private.proof_difficulty (doubling_every, max_doublings) values (10, 20);

-- The doublings a challenge issued now to this address hash carries: 0 while the
-- address has had fewer than proof_free_per_address challenges in the window.
create function app_private.proof_doublings(address_subject text)
returns int
language plpgsql
stable
set search_path = ''
as $$
declare
  free app_private.limits;
  growth app_private.proof_difficulty;
  recent int;
begin
  select l.* into free from app_private.limits l where l.name = 'proof_free_per_address';
  select d.* into growth from app_private.proof_difficulty d;
  if free.name is null or growth.id is null then
    return 0;
  end if;
  select count(*)::int into recent
    from app_private.challenge_issues c
   where c.subject = address_subject and c.created_at > now() - free.per;
  if recent < free.max_count then
    return 0;
  end if;
  return least(growth.max_doublings, (recent - free.max_count) / growth.doubling_every + 1);
end;
$$;
revoke all on function app_private.proof_doublings(text) from public;

-- pow-challenge's one call: counts one challenge for the caller's address and
-- user and answers { "wait": 0, "doublings": n } (the challenge's maxNumber is
-- the base times 2^n), or, when the user or the address is over its hard limit,
-- counts nothing and answers { "wait": seconds, "doublings": 0 }. A null address
-- or user is not counted on that side. Locks serialise concurrent requests of one
-- subject, so a burst cannot slip through between count and insert.
create function public.issue_challenge(client_address text default null, user_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := nullif(left(trim(issue_challenge.client_address), 100), '');
  address_subject text;
  subjects text[] := '{}';
  subject text;
  wait int := 0;
  doublings int := 0;
begin
  if address is not null then
    address_subject := 'address:' || encode(extensions.digest('homeward-challenge-source:' || address, 'sha256'), 'hex');
    subjects := subjects || address_subject;
  end if;
  if issue_challenge.user_id is not null then
    subjects := subjects || ('user:' || issue_challenge.user_id::text);
  end if;
  foreach subject in array subjects loop
    perform pg_advisory_xact_lock(hashtextextended('challenge-issue:' || subject, 0));
    wait := greatest(wait, app_private.challenge_wait(
      subject,
      case when subject like 'address:%' then 'challenges_per_address' else 'challenges_per_user' end
    ));
  end loop;
  if wait > 0 then
    return jsonb_build_object('wait', wait, 'doublings', 0);
  end if;
  if address_subject is not null then
    doublings := app_private.proof_doublings(address_subject);
  end if;
  insert into app_private.challenge_issues (subject) select unnest(subjects);
  delete from app_private.challenge_issues c where c.created_at < now() - interval '1 day';
  return jsonb_build_object('wait', 0, 'doublings', doublings);
end;
$$;
revoke all on function public.issue_challenge(text, uuid) from public, anon, authenticated;
grant execute on function public.issue_challenge(text, uuid) to service_role;

drop function public.count_challenge_issue(text, uuid);

-- Reports: per tag and per finder session only. The address is no longer counted
-- here (the proof of work's difficulty is), so report_sources is no longer written.
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

comment on table app_private.report_sources is 'No longer written (reports are not limited per client address since migration 20261128040000; the proof of work''s difficulty is). Emptied by purge_finder_data''s housekeeping.';
