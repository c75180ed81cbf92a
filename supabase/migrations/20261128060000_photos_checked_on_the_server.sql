-- Photos checked on the server (issue 51).
--
-- Until now members uploaded straight into chat-photos and item-photos, and
-- Storage took the declared type at its word: HTML declared image/png, or an
-- SVG declared image/webp, was stored and served back, and a JPEG uploaded
-- through the API (not the app) kept its Exif GPS block. From here on:
--   * nobody but the service role writes into the two buckets: the policies
--     that let members insert are dropped. Photos arrive through the
--     check-photo Edge Function, which reads the bytes, refuses anything that
--     is not a JPEG, PNG or WebP image, re-encodes it (no metadata, turned
--     upright, at most 1600 px) and stores that as the service role. What the
--     other side downloads is always the re-encoded image.
--   * check-photo asks reserve_photo_upload() first, as the caller: may they
--     put a photo at that name (the rights the insert policies checked), and
--     are they within the limits of unsent photos per hour (count and bytes,
--     app_private.limits)?
--   * a message's photos are the checked photos in the sender's folder of the
--     chat (Storage's owner of those objects is now nobody: the service role
--     wrote them), so message_photos_uploaded reads the folder, not the owner.

-- ----------------------------------------------------------------------------
-- Members no longer write into the readable buckets.
drop policy "Members send chat photos into their own folder" on storage.objects;
drop policy "Owners add photos of their items" on storage.objects;

-- ----------------------------------------------------------------------------
-- The limits on unsent photos, per member, per hour (a photo counts until a
-- message carries it or its item shows it).
insert into app_private.limits (name, max_count, per, description) values
  ('unsent_photos_per_member', 20, interval '1 hour',
   'photos stored by one member and not yet sent (in a message or as an item''s photo)'),
  ('unsent_photo_kib_per_member', 20480, interval '1 hour',
   'KiB of photos stored by one member and not yet sent (max_count is the number of KiB)');

-- Every photo check-photo stored, for the limits above: who, where, how big, when.
create table app_private.photo_uploads (
  photo_upload_id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  bucket_id text not null,
  name text not null,
  bytes int not null constraint photo_uploads_bytes_check check (bytes >= 0),
  created_at timestamptz not null default now()
);
comment on table app_private.photo_uploads is
  'Photos stored through check-photo in the last hour, per member: what the unsent-photo limits count. Rows older than the limits'' window are dropped as new ones come.';
create index photo_uploads_user_id_created_at_idx on app_private.photo_uploads (user_id, created_at);
alter table app_private.photo_uploads enable row level security;
revoke all on table app_private.photo_uploads from public, anon, authenticated;

-- The caller may put a checked photo at this name: a member of the open chat,
-- in their own folder (chat-photos/<chat_id>/<user_id>/<uuid>.jpg), or the
-- owner of the item (item-photos/<item_id>/<uuid>.jpg). Never raises.
create function app_private.may_store_photo(bucket text, object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case bucket
      when 'chat-photos' then app_private.can_post_chat_photo(object_name)
      when 'item-photos' then app_private.photo_name_ok(object_name, 1)
        and app_private.owns_item_photo(object_name)
      else false
    end,
    false)
$$;
revoke all on function app_private.may_store_photo(text, text) from public;

-- Reserves a place for one checked photo of `bytes` bytes at bucket/name for
-- the caller, or refuses:
--   photo_not_allowed (P0001)   not the caller's to put there (or a bad name)
--   too_many_photos  (P0001)   over unsent_photos_per_member or
--                              unsent_photo_kib_per_member; detail = seconds
--                              until one more is allowed
-- check-photo calls it as the caller, after checking and re-encoding the
-- bytes and before storing them; the reservation is what the limits count.
create function public.reserve_photo_upload(bucket text, name text, bytes int)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := app_private.current_user_id();
  count_limit record;
  kib_limit record;
  window_start timestamptz;
  unsent_count int;
  unsent_bytes bigint;
  oldest timestamptz;
begin
  if me is null or bytes is null or bytes < 0
     or not app_private.may_store_photo(reserve_photo_upload.bucket, reserve_photo_upload.name) then
    raise exception 'photo_not_allowed' using errcode = 'P0001';
  end if;
  select * into count_limit from app_private.limit_of('unsent_photos_per_member');
  select * into kib_limit from app_private.limit_of('unsent_photo_kib_per_member');
  window_start := now() - greatest(coalesce(count_limit.per, interval '0'), coalesce(kib_limit.per, interval '0'));
  -- one member's reservations one at a time, so parallel uploads cannot all pass
  perform pg_advisory_xact_lock(hashtextextended('photo_uploads:' || me::text, 0));
  delete from app_private.photo_uploads u where u.user_id = me and u.created_at < window_start;
  select count(*), coalesce(sum(u.bytes), 0), min(u.created_at)
    into unsent_count, unsent_bytes, oldest
    from app_private.photo_uploads u
   where u.user_id = me
     and not exists (
       select 1 from public.messages m
        where u.bucket_id = 'chat-photos' and m.photo_paths @> array[u.name]
     )
     and not exists (
       select 1 from public.items i
        where u.bucket_id = 'item-photos' and i.photo_path = u.name
     );
  if (count_limit.max_count is not null and unsent_count + 1 > count_limit.max_count)
     or (kib_limit.max_count is not null
         and unsent_bytes + reserve_photo_upload.bytes > kib_limit.max_count::bigint * 1024) then
    raise exception 'too_many_photos' using
      errcode = 'P0001',
      detail = greatest(1, ceil(extract(epoch from (oldest + coalesce(count_limit.per, kib_limit.per) - now()))))::int::text;
  end if;
  insert into app_private.photo_uploads (user_id, bucket_id, name, bytes)
  values (me, reserve_photo_upload.bucket, reserve_photo_upload.name, reserve_photo_upload.bytes);
end;
$$;
comment on function public.reserve_photo_upload(text, text, int) is
  'check-photo asks, as the caller, before storing a checked photo: may they put it at bucket/name, and are they within the unsent-photo limits? Raises photo_not_allowed or too_many_photos (detail: seconds to wait).';
revoke all on function public.reserve_photo_upload(text, text, int) from public, anon;
grant execute on function public.reserve_photo_upload(text, text, int) to authenticated;

-- ----------------------------------------------------------------------------
-- A message's photos are checked photos in the sender's folder of that chat.
-- (check-photo stores them as the service role, so Storage records no owner;
-- the folder is the sender's, and only check-photo writes there.)
create or replace function app_private.message_photos_uploaded(for_chat uuid, paths text[])
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := app_private.current_user_id();
begin
  if cardinality(paths) = 0 then
    return true;
  end if;
  return (
    select count(*) = cardinality(paths)
      from storage.objects o
     where o.bucket_id = 'chat-photos'
       and o.name = any (paths)
       and cardinality(storage.foldername(o.name)) = 2
       and (storage.foldername(o.name))[1] = for_chat::text
       and (storage.foldername(o.name))[2] = caller::text
  ) and cardinality(paths) = (select count(distinct p) from unnest(paths) p);
exception
  when others then
    return false;
end;
$$;

-- ----------------------------------------------------------------------------
-- The scheduled purge of finder data removes the purged chats' photos in the
-- same run (purge-photos, called at once), not up to five minutes later.
create function app_private.purge_finder_data_and_photos()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if public.purge_finder_data() > 0 then
    perform app_private.purge_due_photos();
  end if;
end;
$$;
revoke all on function app_private.purge_finder_data_and_photos() from public, anon, authenticated, service_role;

select cron.schedule(
  'purge-finder-data',
  '17 * * * *',
  'select app_private.purge_finder_data_and_photos()'
);
