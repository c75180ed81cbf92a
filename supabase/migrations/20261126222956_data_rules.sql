-- The data rules that the app, the Edge Functions and SQL share, in one place:
-- app_private.data_rules(). `npm run db:generate` writes it into
-- rules.generated.ts for the app (src/types) and for the functions
-- (supabase/functions/_shared), and CI's `db:generate -- --check` fails when they
-- differ. The SQL below reads the same values: tag codes (what a printed code is
-- made of, what reading a typed code drops), the finder's field limits and e-mail
-- shape, and the control characters no text may hold. The patterns are written so
-- that Postgres and JavaScript read them alike (\s, \x escapes, bracket classes).

create function app_private.data_rules()
returns jsonb
language sql
immutable
set search_path = ''
as $$
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
    'email_shape', '^[^\s@]+@[^\s@]+\.[^\s@]+$'
  );
$$;
comment on function app_private.data_rules() is
  'The data rules the app and the Edge Functions read (generated into rules.generated.ts by npm run db:generate) and the SQL checks apply: tag codes, the finder''s field limits and e-mail shape, control characters.';
revoke all on function app_private.data_rules() from public;

-- A typed or linked code as stored: control characters and separators dropped, upper case.
create or replace function app_private.normalize_code(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(
    regexp_replace(coalesce(value, ''), app_private.data_rules() ->> 'control_characters', '', 'g'),
    app_private.data_rules() ->> 'tag_code_separators', '', 'g'));
$$;

-- A printed tag code: data_rules' alphabet and lengths.
create function app_private.is_tag_code(code text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select code ~ format('^[%s]{%s,%s}$', r ->> 'tag_code_alphabet',
                       r ->> 'tag_code_min_length', r ->> 'tag_code_max_length')
    from app_private.data_rules() r;
$$;
revoke all on function app_private.is_tag_code(text) from public;

alter table public.tags
  drop constraint tags_code_format,
  add constraint tags_code_format check (app_private.is_tag_code(code));

create or replace function app_private.random_code(code_length int)
returns text
language plpgsql
set search_path = ''
as $$
declare
  alphabet constant text := app_private.data_rules() ->> 'tag_code_alphabet';
  size constant int := char_length(alphabet);
  result text := '';
  random_bytes bytea;
  byte int;
  i int;
begin
  while char_length(result) < code_length loop
    random_bytes := extensions.gen_random_bytes(32);
    for i in 0 .. 31 loop
      byte := get_byte(random_bytes, i);
      -- discard the top bytes so every character is equally likely
      if byte < 256 - 256 % size and char_length(result) < code_length then
        result := result || substr(alphabet, (byte % size) + 1, 1);
      end if;
    end loop;
  end loop;
  return result;
end;
$$;

-- The finder's fields hold text only (data_rules' control characters; name, phone
-- and e-mail on one line) and the e-mail has data_rules' shape: invalid_input,
-- P0001, detail names the field, whatever function writes the report.
create or replace function app_private.check_report_text()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  bad constant text := app_private.data_rules() ->> 'control_characters';
begin
  if new.finder_name ~ bad or new.finder_name ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_name';
  elsif new.finder_email ~ bad or new.finder_email ~ '[[:space:]]'
        or new.finder_email !~ (app_private.data_rules() ->> 'email_shape') then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_email';
  elsif new.finder_phone ~ bad or new.finder_phone ~ '[\r\n\t]' then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_phone';
  elsif new.finder_address ~ bad then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'finder_address';
  elsif new.found_location ~ bad then
    raise exception 'invalid_input' using errcode = 'P0001', detail = 'found_location';
  end if;
  return new;
end;
$$;

-- The photo an item shows, for whoever holds its tag, while the item is LOST;
-- null otherwise (no such tag, not lost, no photo). The code is read as every code is.
create or replace function public.lost_item_photo(tag_code text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.photo_path
    from public.items i
    join public.tags t on t.id = i.tag_id
   where t.code = app_private.normalize_code(lost_item_photo.tag_code)
     and t.status = 'activated' and i.status = 'LOST'
$$;

-- The report itself (unchanged but for its limits, now data_rules' finder_field_max_lengths).
create or replace function app_private.insert_found_report(tag_code text, finder_id uuid, finder_name text, finder_email text, finder_phone text, finder_address text, found_location text, site_url text, idempotency_key text)
returns table(report_id uuid, chat_id uuid, invite_token text, item_id uuid, owner_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  limits constant jsonb := app_private.data_rules() -> 'finder_field_max_lengths';
  wanted_code text := app_private.normalize_code(insert_found_report.tag_code);
  finder uuid := insert_found_report.finder_id;
  name text := app_private.clean_text(insert_found_report.finder_name, (limits ->> 'finder_name')::int);
  email text := app_private.clean_text(insert_found_report.finder_email, (limits ->> 'finder_email')::int);
  phone text := app_private.clean_text(insert_found_report.finder_phone, (limits ->> 'finder_phone')::int);
  address text := app_private.clean_text(insert_found_report.finder_address, (limits ->> 'finder_address')::int);
  location text := app_private.clean_text(insert_found_report.found_location, (limits ->> 'found_location')::int);
  base_url text := rtrim(trim(coalesce(insert_found_report.site_url, '')), '/');
  item public.items;
  owner_email text;
  owner_mobile text;
  owner_name text;
  new_report_id uuid;
  new_chat_id uuid;
  token text;
  details jsonb;
  owner_details jsonb;
begin
  if finder is null or wanted_code = '' or email is null or char_length(email) <= 3
     or base_url !~ '^https?://[^[:space:]]+$' then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = finder) then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;

  select i.* into item
    from public.items i
    join public.tags t on t.id = i.tag_id
   where t.code = wanted_code and t.status = 'activated';
  if item.id is null then
    raise exception 'tag_not_activated' using errcode = 'P0001';
  end if;

  insert into public.found_reports
    (item_id, owner_id, finder_id, finder_name, finder_email, finder_phone, finder_address,
     found_location, idempotency_key)
  values (item.id, item.owner_id, finder, name, email, phone, address, location,
          insert_found_report.idempotency_key)
  returning id into new_report_id;

  insert into public.chats (item_id, report_id, owner_id)
  values (item.id, new_report_id, item.owner_id)
  returning id into new_chat_id;

  -- the finder may be the owner (testing their own tag): one membership, as owner
  insert into public.chat_members (chat_id, user_id, role)
  values (new_chat_id, item.owner_id, 'owner'), (new_chat_id, finder, 'finder')
  on conflict do nothing;

  token := app_private.new_invite_token();
  insert into public.chat_invites (chat_id, token_hash, expires_at, reason, site_url)
  values (new_chat_id, app_private.hash_token(token), now() + interval '30 days', 'report', base_url);

  select p.email, p.mobile_number, p.full_name into owner_email, owner_mobile, owner_name
    from public.profiles p where p.id = item.owner_id;
  if owner_email is null then
    select u.email into owner_email from auth.users u where u.id = item.owner_id;
  end if;
  owner_mobile := nullif(trim(coalesce(owner_mobile, '')), '');

  details := jsonb_build_object(
    'item_name', item.name,
    'tag_code', item.tag_code,
    'owner_name', owner_name,
    'finder_name', name,
    'finder_email', email,
    'finder_phone', phone,
    'finder_address', address,
    'found_location', location,
    'chat_url', app_private.chat_url(base_url, new_chat_id, token),
    'report_id', new_report_id,
    'chat_id', new_chat_id
  );
  -- The owner signs in to chat: their link holds no token.
  owner_details := details || jsonb_build_object('chat_url', app_private.chat_url(base_url, new_chat_id));

  insert into public.notifications (dedupe_key, channel, template, recipient, payload, report_id)
  select new_report_id || ':' || n.template, n.channel, n.template, n.recipient, n.payload, new_report_id
    from (values
      (1, 'sms', 'found_sms', owner_mobile, owner_details),
      (2, 'email', 'owner_found_email', owner_email, owner_details),
      (3, 'email', 'finder_thanks_email', email, details)
    ) as n (position, channel, template, recipient, payload)
   where n.recipient is not null
   order by n.position;

  report_id := new_report_id;
  chat_id := new_chat_id;
  invite_token := token;
  item_id := item.id;
  owner_id := item.owner_id;
  return next;
end;
$$;
