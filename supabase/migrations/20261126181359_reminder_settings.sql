-- The reminder delay and quiet hours as an operator setting, changed without writing
-- SQL by hand: `npm run settings -- reminders --delay 30m --quiet 22:00-07:00` calls
-- public.reminder_settings with the service-role key (the local stack, or a hosted
-- project through SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY). The one row stays in
-- app_private.escalation_settings, which enqueue_reminders reads every minute.

create or replace function public.reminder_settings(
  remind_after interval default null,
  quiet_from time default null,
  quiet_until time default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_row app_private.escalation_settings;
begin
  select * into current_row from app_private.escalation_settings s where s.id;
  if reminder_settings.remind_after is not null
     and (reminder_settings.remind_after <= interval '0'
          or reminder_settings.remind_after >= current_row.remind_within) then
    raise exception 'invalid_input' using errcode = 'P0001',
      detail = format('the reminder delay must be more than 0 and less than %s (no reminder after that)',
                      current_row.remind_within);
  end if;
  if (reminder_settings.quiet_from is null) <> (reminder_settings.quiet_until is null) then
    raise exception 'invalid_input' using errcode = 'P0001',
      detail = 'quiet hours need both a start and an end (the same time for none)';
  end if;
  update app_private.escalation_settings s
     set remind_after = coalesce(reminder_settings.remind_after, s.remind_after),
         quiet_from = coalesce(reminder_settings.quiet_from, s.quiet_from),
         quiet_until = coalesce(reminder_settings.quiet_until, s.quiet_until)
   where s.id
  returning * into current_row;
  return jsonb_build_object(
    'enabled', current_row.enabled,
    'remind_after', current_row.remind_after::text,
    'remind_within', current_row.remind_within::text,
    'quiet_from', to_char(current_row.quiet_from, 'HH24:MI'),
    'quiet_until', to_char(current_row.quiet_until, 'HH24:MI'),
    'time_zone', current_row.time_zone
  );
end;
$$;

comment on function public.reminder_settings(interval, time, time) is
  'Reads, and with arguments changes, when an unopened report gets its reminder: the delay (remind_after) and the quiet hours (quiet_from-quiet_until, local time_zone; equal = none). Service role only: npm run settings -- reminders.';

revoke execute on function public.reminder_settings(interval, time, time) from public, anon, authenticated;
grant execute on function public.reminder_settings(interval, time, time) to service_role;
