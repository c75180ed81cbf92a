-- Less work per found report: the finder's thank-you e-mail limit
-- (app_private.limit_finder_email) concerns only finder_thanks_email rows, and
-- returned at once for the others; the trigger now fires for those rows only,
-- so the owner's SMS and e-mail rows no longer call it. Same rule, same rows.
drop trigger notifications_limit_finder_email on public.notifications;
create trigger notifications_limit_finder_email
  before insert on public.notifications
  for each row
  when (new.template = 'finder_thanks_email')
  execute function app_private.limit_finder_email();
