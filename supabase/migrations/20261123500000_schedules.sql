-- Schedules, as a Supabase project runs them: pg_cron jobs that call Edge
-- Functions through pg_net (URL and key read from Supabase Vault) or SQL
-- directly. The local stack provides the same cron, net and vault objects and
-- runs these very jobs (local-supabase/cron, local-supabase/net), so both
-- backends follow this one schedule. Deploying: docs/deploy.md ("Vault entries").

-- On Supabase both extensions are available and preloaded; where a local copy
-- already provides the schema, it is used as it is.
do $$
begin
  if to_regnamespace('cron') is null then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regnamespace('net') is null then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- A Vault secret by name; a missing one fails the job with a message saying
-- what to set (visible in cron.job_run_details).
create or replace function app_private.project_secret(secret_name text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  value text;
begin
  select s.decrypted_secret into value
    from vault.decrypted_secrets s
   where s.name = secret_name
   order by s.created_at desc
   limit 1;
  if value is null or value = '' then
    raise exception 'Vault secret "%" is not set', secret_name
      using hint = 'select vault.create_secret(''<value>'', ''' || secret_name || '''); see docs/deploy.md';
  end if;
  return value;
end;
$$;
revoke all on function app_private.project_secret(text) from public, anon, authenticated, service_role;

-- Queues a POST to an Edge Function of this project with the service role
-- key (Vault: project_url, service_role_key); pg_net sends it after commit.
-- Returns the pg_net request id.
create or replace function app_private.invoke_edge_function(
  function_name text,
  body jsonb default '{}'::jsonb
)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  key text := app_private.project_secret('service_role_key');
begin
  return net.http_post(
    url := rtrim(app_private.project_secret('project_url'), '/') || '/functions/v1/' || function_name,
    body := coalesce(body, '{}'::jsonb),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || key,
      'apikey', key
    ),
    timeout_milliseconds := 60000
  );
end;
$$;
revoke all on function app_private.invoke_edge_function(text, jsonb) from public, anon, authenticated, service_role;

-- The outbox retry job: calls dispatch-notifications only when some row may be
-- due, so an idle project makes no function calls. Deliberately a superset of
-- what claim_notifications() takes (any unfinished row whose next attempt or
-- lease has passed): the function itself decides what to send.
create or replace function app_private.dispatch_due_notifications()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
      from public.notifications n
     where n.status not in ('sent', 'failed')
       and (n.next_attempt_at <= now() or n.locked_until <= now())
  ) then
    return null;
  end if;
  return app_private.invoke_edge_function('dispatch-notifications');
end;
$$;
revoke all on function app_private.dispatch_due_notifications() from public, anon, authenticated, service_role;

-- The jobs (cron.schedule with a name replaces a job of that name, so this
-- file can be re-applied). Times are UTC.
select cron.schedule(
  'dispatch-notifications',
  '10 seconds',
  'select app_private.dispatch_due_notifications()'
);

select cron.schedule(
  'purge-finder-data',
  '17 * * * *',
  'select public.purge_finder_data()'
);

-- Escalation reminders are scheduled by the migration that adds them, in the
-- same shape: cron.schedule('notification-escalation', '<schedule>', 'select …').

-- pg_cron keeps a row per run; keep a week of history.
select cron.schedule(
  'cron-history-cleanup',
  '42 3 * * *',
  $$delete from cron.job_run_details where end_time < now() - interval '7 days'$$
);
