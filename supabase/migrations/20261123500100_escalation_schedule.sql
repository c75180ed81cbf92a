-- Escalation reminders (issue 14) run from pg_cron like the other schedules:
-- every minute, enqueue_reminders() adds one reminder per report the owner has
-- not opened in time; the rows are due at once, so the next dispatch run sends them.
select cron.schedule(
  'notification-escalation',
  '* * * * *',
  'select public.enqueue_reminders()'
);
