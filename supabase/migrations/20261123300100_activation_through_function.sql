-- Activation only through the activate-tag Edge Function: clients can no longer
-- call activate_tag through the REST API (where a failed guess rolled back and
-- was never counted). The function verifies the owner and calls activate_tag
-- as the service role on their behalf; activate_tag answers with an outcome
-- instead of raising, so a wrong guess is counted in the same transaction.
-- Throttling is per account and per account and tag: one account's guesses
-- never lock another account out of a tag.

drop function public.activate_tag(text, text, text);
drop function public.record_activation_failure(uuid, text);

create index activation_failures_user_code_idx
  on app_private.activation_failures (user_id, tag_code, failed_at);

-- Seconds until the account may try again, or 0 (app_private.limits:
-- activation_failures_per_account and activation_failures_per_account_tag).
create or replace function app_private.activation_retry_after(for_user uuid, for_code text)
returns int
language sql
stable
set search_path = ''
as $$
  select greatest(
    app_private.wait_seconds(
      array(select f.failed_at from app_private.activation_failures f
             where f.user_id = for_user
               and f.failed_at > now() - (select l.per from app_private.limits l
                                           where l.name = 'activation_failures_per_account')),
      'activation_failures_per_account'),
    app_private.wait_seconds(
      array(select f.failed_at from app_private.activation_failures f
             where f.user_id = for_user and f.tag_code = app_private.normalize_code(for_code)
               and f.failed_at > now() - (select l.per from app_private.limits l
                                           where l.name = 'activation_failures_per_account_tag')),
      'activation_failures_per_account_tag')
  );
$$;

create or replace function app_private.record_activation_failure(for_user uuid, for_code text)
returns void
language sql
set search_path = ''
as $$
  insert into app_private.activation_failures (user_id, tag_code)
  values (for_user, left(app_private.normalize_code(for_code), 32));
$$;

-- activate_tag: the registered owner owner_id claims an unclaimed tag with its
-- activation code and names the item, in one transaction. Service role only.
-- Answers { outcome, item?, retry_after? } with outcome one of
--   activated          the new item
--   already_yours      the tag is already on this owner's account (the item)
--   incorrect          wrong code pair, unknown, claimed or deactivated tag (counted)
--   too_many_attempts  retry_after seconds to wait
-- Raises invalid_input (P0001, detail names the field) for a missing or
-- malformed item name and not_an_owner (P0001) for an unknown or anonymous user.
create function public.activate_tag(owner_id uuid, code text, activation_code text, item_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := activate_tag.owner_id;
  wanted_code text := app_private.normalize_code(activate_tag.code);
  plain_code text := app_private.normalize_code(activate_tag.activation_code);
  name text := trim(coalesce(activate_tag.item_name, ''));
  tag public.tags;
  -- compared against when the tag is unknown, so both paths cost the same
  dummy_hash constant text := '$2a$08$S47Eq91Mi0Fm0865xXSq2.GJ5XgWbRN7fhCkGuahA/RbG/PK243q6';
  wait_seconds int;
  is_match boolean;
  item public.items;
begin
  if caller is null or not exists (
    select 1 from auth.users u where u.id = caller and not coalesce(u.is_anonymous, false)
  ) then
    raise exception 'not_an_owner' using errcode = 'P0001';
  end if;
  if wanted_code = '' or plain_code = '' or name = '' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'missing';
  end if;
  if char_length(name) > 80 or name ~ '[[:cntrl:]]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'item_name';
  end if;

  select * into item from public.items i
   where i.owner_id = caller
     and i.tag_id = (select t.id from public.tags t where t.code = wanted_code and t.status = 'activated');
  if item.id is not null then
    return jsonb_build_object('outcome', 'already_yours', 'item', to_jsonb(item));
  end if;

  wait_seconds := app_private.activation_retry_after(caller, wanted_code);
  if wait_seconds > 0 then
    return jsonb_build_object('outcome', 'too_many_attempts', 'retry_after', wait_seconds);
  end if;

  if wanted_code ~ '^[A-Z0-9]{1,32}$' and plain_code ~ '^[A-Z0-9]{1,64}$' then
    select * into tag from public.tags t where t.code = wanted_code for update;
  end if;
  is_match := extensions.crypt(left(plain_code, 64), coalesce(tag.activation_code_hash, dummy_hash))
                = coalesce(tag.activation_code_hash, dummy_hash)
              and tag.id is not null
              and tag.status = 'unclaimed';
  if not is_match then
    perform app_private.record_activation_failure(caller, wanted_code);
    return jsonb_build_object('outcome', 'incorrect');
  end if;

  insert into public.items (tag_id, tag_code, owner_id, name, status, found_by)
  values (tag.id, tag.code, caller, name, null, null)
  returning * into item;

  update public.tags t set status = 'activated', activated_at = now() where t.id = tag.id;
  return jsonb_build_object('outcome', 'activated', 'item', to_jsonb(item));
end;
$$;
revoke all on function public.activate_tag(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.activate_tag(uuid, text, text, text) to service_role;
