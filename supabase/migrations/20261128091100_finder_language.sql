-- ============================================================================
-- The finder's language (issue 48)
-- ============================================================================
-- report-found passes the language the finder's page was in (one of
-- data_rules().finder_languages; anything else is 'en', never an error). It is
-- kept with the report, stamped on every notification of the report (the
-- finder's e-mails are written in it; the owner's alert, e-mail and push say
-- which language the finder writes in), and the chat summary gives it to the
-- owner's chat header.
--
-- Replaced, each from its current body in supabase/schema.sql:
--   app_private.data_rules()            + finder_languages
--   public.report_found(…)              + finder_language (new last argument,
--                                         default 'en': dropped and re-created)
--   public.chat_summary(uuid)           + finder_language column (dropped and
--                                         re-created)
--   app_private.delete_account_data()   chat_closed_email payload + finder_language

create or replace function app_private.data_rules()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    -- a printed code: tags_code_format, random_code
    'tag_code_alphabet', 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
    'tag_code_min_length', 8,
    'tag_code_max_length', 16,
    -- reading a typed or linked code: these characters are dropped (HW7K-3M9Q,
    -- "hw7k 3m9q"), together with control characters, and the rest upper-cased
    'tag_code_separators', '[\s-]',
    -- what is worth looking up once read; longer or other text is no code
    'typed_tag_code', '^[A-Z0-9]{1,64}$',
    'typed_tag_code_max_length', 64,
    -- C0 control characters other than tab, line feed and carriage return, and DEL
    'control_characters', '[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]',
    -- the finder's report, after trimming
    'finder_field_max_lengths', jsonb_build_object(
      'finder_name', 200,
      'finder_email', 320,
      'finder_phone', 40,
      'finder_address', 500,
      'found_location', 500
    ),
    'email_shape', '^[^\s@]+@[^\s@]+\.[^\s@]+$',
    -- the languages a finder may write in (found_reports.finder_language); any other is 'en'
    'finder_languages', jsonb_build_array('en', 'cy', 'pl', 'ro', 'es', 'fr', 'de', 'it', 'pt', 'uk', 'ar', 'zh-Hans')
  );
$function$;

-- The language a finder asked for when we write in it, else 'en'. Never raises.
create function app_private.finder_language(requested text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when requested in (select jsonb_array_elements_text(app_private.data_rules() -> 'finder_languages'))
      then requested
    else 'en'
  end;
$$;
comment on function app_private.finder_language(text) is 'The requested language when it is one of data_rules().finder_languages, else en. Never raises.';
revoke all on function app_private.finder_language(text) from public;

-- The list written out (not a call of finder_language(): a check runs with the writer's
-- rights, and the service role may not execute app_private's functions);
-- tests/db/finder-language.test.ts holds it equal to data_rules().finder_languages.
alter table public.found_reports
  add column finder_language text not null default 'en',
  add constraint found_reports_finder_language_check
    check (finder_language in ('en', 'cy', 'pl', 'ro', 'es', 'fr', 'de', 'it', 'pt', 'uk', 'ar', 'zh-Hans'));
comment on column public.found_reports.finder_language is 'The language the finder writes in (their page''s): their e-mails are in it and the owner is told it. One of data_rules().finder_languages.';

-- Every notification about a report carries the finder's language in its payload
-- (the templates are pure functions of the row). report_found sets the report's
-- language after its rows are in (set_finder_language); later rows (reminders,
-- pushes, the new-link and returned e-mails) take it from the report here.
create function app_private.stamp_finder_language()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (new.payload ? 'finder_language') then
    new.payload := new.payload || jsonb_build_object(
      'finder_language',
      coalesce((select r.finder_language from public.found_reports r where r.id = new.report_id), 'en')
    );
  end if;
  return new;
end;
$$;
revoke all on function app_private.stamp_finder_language() from public;
create trigger notifications_stamp_finder_language before insert on public.notifications
  for each row when (new.report_id is not null)
  execute function app_private.stamp_finder_language();

-- A new report's language, on the report and on the notifications already queued for it.
create function app_private.set_finder_language(report uuid, requested text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen text := app_private.finder_language(requested);
begin
  update public.found_reports r set finder_language = chosen where r.id = report;
  update public.notifications n
     set payload = n.payload || jsonb_build_object('finder_language', chosen)
   where n.report_id = report;
end;
$$;
revoke all on function app_private.set_finder_language(uuid, text) from public;

drop function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamp with time zone);
create function public.report_found(tag_code text, finder_id uuid, finder_session_id uuid, finder_name text, finder_email text, finder_phone text, finder_address text, found_location text, site_url text, idempotency_key text, proof_challenge text, proof_expires_at timestamp with time zone, finder_language text DEFAULT 'en'::text)
 RETURNS TABLE(report_id uuid, chat_id uuid, invite_token text, chat_url text, failure text, failure_detail text, failure_hint text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    -- A new report takes the finder's language (a repeat keeps the first one's).
    if not created.replayed then
      perform app_private.set_finder_language(created.report_id, report_found.finder_language);
    end if;
  exception
    when sqlstate 'P0001' then
      get stacked diagnostics
        failure = message_text,
        failure_detail = pg_exception_detail,
        failure_hint = pg_exception_hint;
  end;
  return next;
end;
$function$;
revoke all on function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamp with time zone, text) from public, anon, authenticated;
grant execute on function public.report_found(text, uuid, uuid, text, text, text, text, text, text, text, text, timestamp with time zone, text) to service_role;

drop function public.chat_summary(uuid);
create function public.chat_summary(chat_id uuid)
 RETURNS TABLE(chat_id uuid, item_id uuid, item_name text, item_status text, finder_first_name text, found_location text, found_at timestamp with time zone, viewer_role text, closed_at timestamp with time zone, closed_reason text, finder_details_deleted_on timestamp with time zone, return_options text[], finder_language text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id, c.item_id, i.name, i.status,
         app_private.first_name(r.finder_name), r.found_location, r.created_at, m.role,
         c.closed_at, c.closed_reason,
         case when r.purged_at is null then r.purge_after end,
         i.return_options,
         r.finder_language
    from public.chats c
    join public.chat_members m on m.chat_id = c.id and m.user_id = app_private.current_user_id()
    join public.items i on i.id = c.item_id
    join public.found_reports r on r.id = c.report_id
   where c.id = chat_summary.chat_id;
$function$;
revoke all on function public.chat_summary(uuid) from public, anon;
grant execute on function public.chat_summary(uuid) to authenticated, service_role;

create or replace function app_private.delete_account_data(p_user_id uuid, p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  owner_reports uuid[];
  reports_as_finder uuid[];
  owner_chats uuid[];
  owner_tags uuid[];
  profile public.profiles;
begin
  select * into profile from public.profiles p where p.id = p_user_id;

  select coalesce(array_agg(r.id), '{}') into owner_reports
    from public.found_reports r where r.owner_id = p_user_id;
  select coalesce(array_agg(r.id), '{}') into reports_as_finder
    from public.found_reports r where r.finder_id = p_user_id;
  select coalesce(array_agg(c.id), '{}') into owner_chats
    from public.chats c where c.owner_id = p_user_id;
  select coalesce(array_agg(i.tag_id), '{}') into owner_tags
    from public.items i where i.owner_id = p_user_id;

  -- The finders of open conversations are told (their e-mail is purged below;
  -- this note keeps it only until it is sent).
  insert into public.notifications (dedupe_key, channel, template, recipient, payload)
  select 'chat_closed:' || r.id, 'email', 'chat_closed_email', r.finder_email,
         jsonb_build_object('reason', 'account_deleted', 'item_name', i.name,
                            'finder_language', r.finder_language)
    from public.found_reports r
    join public.items i on i.id = r.item_id
   where r.id = any (owner_reports)
     and r.purged_at is null
     and coalesce(r.finder_email, '') <> ''
  on conflict (dedupe_key) do nothing;

  -- Finder data about the owner's items, and the owner's own reports as a finder.
  perform app_private.purge_reports(owner_reports || reports_as_finder);

  -- Every conversation ends, and each side is told live (after the purge, which
  -- deletes the chats' stored broadcasts: the closure notice must survive it).
  -- The closure notices carry no personal data of the owner.
  perform app_private.close_chat(c.id, 'account_deleted')
     from public.chats c
    where c.id = any (owner_chats) or c.report_id = any (reports_as_finder);

  -- Every alert about those reports, and anything else addressed to the owner.
  delete from public.notifications n
   where n.report_id = any (owner_reports || reports_as_finder)
      or (p_email is not null and lower(n.recipient) = lower(p_email))
      or (profile.mobile_number is not null
          and regexp_replace(n.recipient, '\D', '', 'g')
              = regexp_replace(profile.mobile_number, '\D', '', 'g')
          and n.channel = 'sms');

  delete from public.messages m where m.sender_id = p_user_id;
  delete from app_private.activation_failures f where f.user_id = p_user_id;

  -- Tags stop resolving; an operator can issue them again.
  update public.tags t set status = 'deactivated' where t.id = any (owner_tags);

  begin
    delete from realtime.messages rm
     where rm.topic = 'owner:' || p_user_id::text
        or rm.payload::text like '%' || p_user_id::text || '%';
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'delete_account_data: realtime.messages not cleaned: %', sqlerrm;
  end;

  -- Auth's audit trail of this user (GoTrue records the deletion with the e-mail).
  begin
    delete from auth.audit_log_entries a
     where a.payload::text like '%' || p_user_id::text || '%'
        or (p_email is not null and a.payload::text ilike '%' || p_email || '%');
  exception
    when insufficient_privilege or undefined_table then
      raise warning 'delete_account_data: auth.audit_log_entries not cleaned: %', sqlerrm;
  end;

  -- The confirmation, to the address the account had (kept until it is sent;
  -- its key names nothing of the account).
  if p_email is not null and p_email <> '' then
    insert into public.notifications (dedupe_key, channel, template, recipient, payload)
    values ('account_deleted:' || gen_random_uuid()::text,
            'email', 'account_deleted_email', p_email, '{}'::jsonb);
  end if;
end;
$function$;

