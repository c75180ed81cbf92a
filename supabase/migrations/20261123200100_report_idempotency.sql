-- A report happens once per form submission: the client chooses an
-- idempotency key, and a repeated request (a retry after a lost answer, a
-- duplicated request) returns the first report and adds nothing to the outbox.

alter table public.found_reports add column idempotency_key text;
comment on column public.found_reports.idempotency_key is 'Chosen by the finder''s client, one per form submission; unique per finder.';

create unique index found_reports_finder_idempotency_key_idx
  on public.found_reports (finder_id, idempotency_key)
  where idempotency_key is not null;

-- create_found_report, once per (finder, idempotency key). A repeat returns the
-- first report with replayed = true and no invite token (the finder is already
-- a member of its chat). Without a key every call is a new report.
create function public.create_found_report_once(
  tag_code text,
  finder_id uuid,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  site_url text,
  idempotency_key text default null
)
returns table (
  report_id uuid, chat_id uuid, invite_token text, item_id uuid, owner_id uuid, replayed boolean
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  wanted_key text := nullif(trim(coalesce(create_found_report_once.idempotency_key, '')), '');
  finder uuid := create_found_report_once.finder_id;
  created record;
begin
  if wanted_key is not null then
    if char_length(wanted_key) > 100 then
      raise exception 'invalid_input' using errcode = 'P0001';
    end if;
    -- Two copies of one request at once: the second waits here for the first.
    perform pg_advisory_xact_lock(hashtextextended(coalesce(finder::text, '') || ':' || wanted_key, 0));
    select r.id, c.id, r.item_id, r.owner_id
      into report_id, chat_id, item_id, owner_id
      from public.found_reports r
      join public.chats c on c.report_id = r.id
     where r.finder_id = finder and r.idempotency_key = wanted_key
     order by c.created_at
     limit 1;
    if report_id is not null then
      invite_token := null;
      replayed := true;
      return next;
      return;
    end if;
  end if;

  select * into created
    from public.create_found_report(
      create_found_report_once.tag_code,
      finder,
      create_found_report_once.finder_name,
      create_found_report_once.finder_email,
      create_found_report_once.finder_phone,
      create_found_report_once.finder_address,
      create_found_report_once.found_location,
      create_found_report_once.site_url
    );
  if wanted_key is not null then
    update public.found_reports r set idempotency_key = wanted_key where r.id = created.report_id;
  end if;
  report_id := created.report_id;
  chat_id := created.chat_id;
  invite_token := created.invite_token;
  item_id := created.item_id;
  owner_id := created.owner_id;
  replayed := false;
  return next;
end;
$$;
revoke all on function public.create_found_report_once(text, uuid, text, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.create_found_report_once(text, uuid, text, text, text, text, text, text, text)
  to service_role;
