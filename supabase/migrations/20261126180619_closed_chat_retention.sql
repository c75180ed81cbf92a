-- When a conversation closes (the item returned, the owner closing it), the date its
-- finder's details go was closed_chat_retention()'s own '7 days': a second copy of
-- retention_periods' finder_details_after_found, which the privacy notice states and
-- purge_finder_data applies. It now reads that row, so the date told to both sides,
-- the purge and the notice cannot drift apart.
create or replace function app_private.closed_chat_retention()
returns interval
language sql
stable
set search_path = ''
as $$
  select app_private.retention_of('finder_details_after_found');
$$;
