-- One profile per registered owner (SPEC.md §3 "User document").

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text,
  dob date,
  address text,
  county text,
  country text,
  mobile_number text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per registered owner: contact details used for alerts. Only the owner may read or change it.';

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select, insert, update on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy "Owners read their own profile"
  on public.profiles for select
  to authenticated
  using ((select auth.uid()) = id);

create policy "Registered owners create their own profile"
  on public.profiles for insert
  to authenticated
  with check ((select auth.uid()) = id and not (select app_private.is_anonymous_user()));

create policy "Owners update their own profile"
  on public.profiles for update
  to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function app_private.set_updated_at();

-- A metadata value as trimmed text, or null when absent or blank.
create function app_private.meta_text(meta jsonb, variadic keys text[])
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  key text;
  value text;
begin
  foreach key in array keys loop
    if jsonb_typeof(meta -> key) = 'string' then
      value := nullif(trim(meta ->> key), '');
      if value is not null then
        return value;
      end if;
    end if;
  end loop;
  return null;
end;
$$;

-- A date, or null when the text is not one. Never raises.
create function app_private.safe_date(value text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  return value::date;
exception
  when others then
    return null;
end;
$$;

-- SPEC.md §5: the profile is created only when uid, email, full name, dob,
-- address and country are all present; otherwise nothing happens. Anonymous
-- users never get one. Never blocks a sign-up.
create function app_private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  full_name text := app_private.meta_text(meta, 'full_name', 'fullName');
  dob date := app_private.safe_date(app_private.meta_text(meta, 'dob'));
  address text := app_private.meta_text(meta, 'address');
  country text := app_private.meta_text(meta, 'country');
  email text := nullif(trim(coalesce(new.email, '')), '');
begin
  if new.is_anonymous or new.id is null or email is null or full_name is null
     or dob is null or address is null or country is null then
    return new;
  end if;
  insert into public.profiles (id, email, full_name, dob, address, county, country, mobile_number)
  values (
    new.id,
    email,
    full_name,
    dob,
    address,
    app_private.meta_text(meta, 'county'),
    country,
    app_private.meta_text(meta, 'mobile_number', 'mobileNumber')
  )
  on conflict (id) do nothing;
  return new;
exception
  when others then
    raise warning 'profile not created for %: %', new.id, sqlerrm;
    return new;
end;
$$;

revoke all on function app_private.meta_text(jsonb, text[]) from public;
revoke all on function app_private.safe_date(text) from public;
revoke all on function app_private.create_profile_for_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function app_private.create_profile_for_new_user();
