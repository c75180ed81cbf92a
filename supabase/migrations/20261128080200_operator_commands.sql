-- ============================================================================
-- The operator's desk as commands, for a hosted project (issue 49)
-- ============================================================================
-- `npm run operator -- …` calls these with the project's secret key (service
-- role only): grant or revoke the operator role by e-mail, list operators and
-- open reports, and act on a report with a reason, recorded in the audit log
-- as the command and the label given.

create function public.operator_grant(email text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
begin
  select u.id into target
    from auth.users u
   where lower(u.email) = lower(trim(operator_grant.email))
     and not coalesce(u.is_anonymous, false) and u.deleted_at is null;
  if target is null then
    raise exception 'No account has the e-mail address %.', trim(operator_grant.email)
      using errcode = 'PT404', hint = 'no_account';
  end if;
  insert into app_private.operators (user_id, granted_by) values (target, 'operator command')
  on conflict (user_id) do nothing;
  return target;
end;
$$;
revoke all on function public.operator_grant(text) from public, anon, authenticated;
grant execute on function public.operator_grant(text) to service_role;

create function public.operator_revoke(email text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed int;
begin
  delete from app_private.operators o
   using auth.users u
   where u.id = o.user_id and lower(u.email) = lower(trim(operator_revoke.email));
  get diagnostics removed = row_count;
  return removed > 0;
end;
$$;
revoke all on function public.operator_revoke(text) from public, anon, authenticated;
grant execute on function public.operator_revoke(text) to service_role;

create function public.operator_list()
returns table (email text, granted_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text, o.granted_at
    from app_private.operators o join auth.users u on u.id = o.user_id
   order by o.granted_at, u.email;
$$;
revoke all on function public.operator_list() from public, anon, authenticated;
grant execute on function public.operator_list() to service_role;

create function public.operator_open_reports()
returns table (
  report_id uuid, created_at timestamptz, reason text, note text, reporter_role text,
  chat_id uuid, chat_closed_reason text, item_id uuid, item_name text, tag_code text,
  tag_status text, item_status text, kept_messages int
)
language sql
stable
security definer
set search_path = ''
as $$
  select * from app_private.open_reports();
$$;
revoke all on function public.operator_open_reports() from public, anon, authenticated;
grant execute on function public.operator_open_reports() to service_role;

create function public.operator_act(report_id uuid, action text, reason text, operator_label text)
returns text
language sql
security definer
set search_path = ''
as $$
  select app_private.operator_act(operator_act.report_id, operator_act.action, operator_act.reason, null,
    'command: ' || coalesce(nullif(trim(operator_act.operator_label), ''), 'unnamed'));
$$;
revoke all on function public.operator_act(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.operator_act(uuid, text, text, text) to service_role;

-- Whether the signed-in person is an operator: the desk page asks, to say
-- "this page is for operators" instead of an empty list. The data itself is
-- guarded by the policies, not by this answer.
create function public.am_i_operator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select app_private.is_operator();
$$;
revoke all on function public.am_i_operator() from public, anon;
grant execute on function public.am_i_operator() to authenticated;
