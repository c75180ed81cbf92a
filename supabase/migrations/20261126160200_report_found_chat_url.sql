-- report_found answers the finder's chat link too (chat_url), built by
-- app_private.chat_url, the one builder of chat links, from the same site_url
-- the report's e-mails use: the report-found function passes it on instead of
-- building its own. With the finder's invite token, or without one when the
-- request repeated an earlier one (the finder is already a member). A new
-- column of the answer: drop and create, same arguments, body and grants.
drop function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamptz);

create function public.report_found(
  tag_code text,
  finder_id uuid,
  finder_session_id uuid,
  finder_name text,
  finder_email text,
  finder_phone text,
  finder_address text,
  found_location text,
  site_url text,
  idempotency_key text,
  proof_challenge text,
  proof_expires_at timestamptz
)
returns table (
  report_id uuid,
  chat_id uuid,
  invite_token text,
  chat_url text,
  failure text,
  failure_detail text,
  failure_hint text
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  created record;
begin
  if report_found.finder_id is null
     or not exists (
       select 1 from auth.users u
        where u.id = report_found.finder_id and u.deleted_at is null
     )
     or (report_found.finder_session_id is not null and not exists (
       select 1 from auth.sessions s
        where s.id = report_found.finder_session_id and s.user_id = report_found.finder_id
     )) then
    failure := 'unauthorized';
    return next;
    return;
  end if;

  if not public.use_proof_challenge(report_found.proof_challenge, report_found.proof_expires_at) then
    failure := 'proof_reused';
    return next;
    return;
  end if;

  begin
    select * into created
      from public.create_found_report_once(
        report_found.tag_code,
        report_found.finder_id,
        report_found.finder_name,
        report_found.finder_email,
        report_found.finder_phone,
        report_found.finder_address,
        report_found.found_location,
        report_found.site_url,
        report_found.idempotency_key
      );
    report_id := created.report_id;
    chat_id := created.chat_id;
    invite_token := created.invite_token;
    chat_url := app_private.chat_url(trim(report_found.site_url), created.chat_id, created.invite_token);
  exception
    when sqlstate 'P0001' then
      get stacked diagnostics
        failure = message_text,
        failure_detail = pg_exception_detail,
        failure_hint = pg_exception_hint;
  end;
  return next;
end;
$$;
revoke all on function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamptz)
  to service_role;
