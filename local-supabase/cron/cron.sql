-- local only: the subset of pg_cron (https://github.com/citusdata/pg_cron) that
-- supabase/migrations use, for databases where the extension is not installed
-- (PGlite, a plain PostgreSQL server). Same schema, tables, columns and
-- functions as pg_cron 1.6; the jobs are run by the local stack
-- (local-supabase/cron/runner.ts) instead of a background worker.
create schema cron;
comment on schema cron is 'local-supabase shim of pg_cron';

create table cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default 5432,
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
create unique index jobname_username_uniq on cron.job (jobname, username);

create table cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid int,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- The schedule grammar pg_cron accepts: five cron fields, '@hourly' style
-- macros, or '<1-59> seconds'. The runner parses it fully; this refuses what
-- pg_cron refuses at schedule time.
create function cron.validate_schedule(schedule text) returns void
language plpgsql immutable
as $$
declare
  field text;
  fields text[];
begin
  if schedule ~* '^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$' then
    return;
  end if;
  if lower(btrim(schedule)) in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly') then
    return;
  end if;
  fields := regexp_split_to_array(btrim(schedule), '\s+');
  if array_length(fields, 1) = 5 then
    for i in 1..5 loop
      field := fields[i];
      if field !~* '^(\*|[0-9a-z]+(-[0-9a-z]+)?)(/[0-9]+)?(,(\*|[0-9a-z]+(-[0-9a-z]+)?)(/[0-9]+)?)*$' then
        raise exception 'invalid schedule: %', schedule;
      end if;
      -- Every number (steps aside) within the field's range: minute, hour, day, month, weekday.
      if exists (
        select 1
          from regexp_matches(regexp_replace(field, '/[0-9]+', '', 'g'), '[0-9]+', 'g') as m(v)
         where m.v[1]::int < (array[0, 0, 1, 1, 0])[i] or m.v[1]::int > (array[59, 23, 31, 12, 7])[i]
      ) then
        raise exception 'invalid schedule: %', schedule;
      end if;
    end loop;
    return;
  end if;
  raise exception 'invalid schedule: %', schedule
    using hint = 'Use cron syntax (e.g. */5 * * * *) or interval syntax ''[1-59] seconds''';
end;
$$;

-- cron.schedule(job_name, schedule, command): a job of the same name for the
-- same user is replaced, as pg_cron does.
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql
as $$
  select cron.validate_schedule(schedule);
  insert into cron.job (schedule, command, jobname)
  values (schedule, command, job_name)
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid;
$$;

create function cron.schedule(schedule text, command text) returns bigint
language sql
as $$
  select cron.validate_schedule(schedule);
  insert into cron.job (schedule, command) values (schedule, command) returning jobid;
$$;

create function cron.unschedule(job_id bigint) returns boolean
language plpgsql
as $$
begin
  delete from cron.job where jobid = job_id and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end;
$$;

create function cron.unschedule(job_name text) returns boolean
language plpgsql
as $$
declare
  id bigint;
begin
  select jobid into id from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return cron.unschedule(id);
end;
$$;

revoke all on all tables in schema cron from public;
revoke all on all functions in schema cron from public;
