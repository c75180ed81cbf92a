-- Private schema for internal helpers (never exposed through the API), and
-- the helpers shared by later migrations.

create extension if not exists pgcrypto with schema extensions;

create schema if not exists app_private;
comment on schema app_private is 'Internal helpers and throttling state; not exposed through the API.';
revoke all on schema app_private from public;
grant usage on schema app_private to anon, authenticated, service_role;

-- The caller's user id, or null when there is none or the claim is malformed.
-- Never raises, so it is safe inside policies.
create function app_private.current_user_id()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  return auth.uid();
exception
  when others then
    return null;
end;
$$;

-- True when the caller's JWT says the user signed in anonymously. Never raises.
create function app_private.is_anonymous_user()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false);
exception
  when others then
    return false;
end;
$$;

-- Upper-cased, trimmed tag or activation code with spaces and dashes removed.
create function app_private.normalize_code(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(coalesce(value, ''), '[[:space:]-]', '', 'g'));
$$;

-- A random code from the alphabet without look-alikes (no 0/O, 1/I/L), drawn
-- from a cryptographic source without modulo bias.
create function app_private.random_code(code_length int)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  result text := '';
  random_bytes bytea;
  byte int;
  i int;
begin
  while char_length(result) < code_length loop
    random_bytes := extensions.gen_random_bytes(32);
    for i in 0 .. 31 loop
      byte := get_byte(random_bytes, i);
      -- 248 = 8 * 31: discard the top bytes so every character is equally likely
      if byte < 248 and char_length(result) < code_length then
        result := result || substr(alphabet, (byte % 31) + 1, 1);
      end if;
    end loop;
  end loop;
  return result;
end;
$$;

-- Keeps updated_at current on tables that have one.
create function app_private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function app_private.current_user_id() from public;
revoke all on function app_private.is_anonymous_user() from public;
revoke all on function app_private.normalize_code(text) from public;
revoke all on function app_private.random_code(int) from public;
revoke all on function app_private.set_updated_at() from public;
grant execute on function app_private.current_user_id() to anon, authenticated, service_role;
grant execute on function app_private.is_anonymous_user() to anon, authenticated, service_role;
