-- Photos in the chat and on items (issue 32). Photos live in the private
-- Storage buckets declared in supabase/config.toml (chat-photos, item-photos)
-- and are read through short-lived signed URLs. Who may read and write them is
-- decided here, by policies on storage.objects:
--   chat-photos/<chat_id>/<sender_id>/<uuid>.<jpg|png|webp>
--     written by a member of an open chat, in their own folder only; read by the
--     chat's members once a message carries it (the sender also reads their own
--     upload before sending); never after the chat's finder data was purged.
--   item-photos/<item_id>/<uuid>.<jpg|png|webp>
--     written by the item's owner alone; read by the owner, and by anyone
--     holding the item's tag (a finder) only while the item is LOST and only
--     the photo the item shows.
-- Nobody lists a bucket: every read policy refuses Storage's list operation.
-- Nobody deletes through these policies: photos are removed by the service
-- role (the purge-photos Edge Function, through the Storage API, since hosted
-- Storage refuses `delete from storage.objects`), from photos_to_delete().

-- Messages may carry up to three photos, and may then have no text.
alter table public.messages
  add column photo_paths text[] not null default '{}'
    constraint messages_photo_paths_count check (cardinality(photo_paths) <= 3);
comment on column public.messages.photo_paths is
  'Up to three chat-photos object names (<chat_id>/<sender_id>/<uuid>.<ext>), uploaded by the sender before the message.';
create index messages_photo_paths_idx on public.messages using gin (photo_paths);

alter table public.messages drop constraint messages_body_length;
alter table public.messages add constraint messages_body_length check (
  char_length(body) <= 2000
  and (char_length(body) >= 1 or cardinality(photo_paths) >= 1)
  and body !~ '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
  and body !~ '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
);
grant insert (photo_paths) on table public.messages to authenticated;

-- An item may show one photo.
alter table public.items
  add column photo_path text
    constraint items_photo_path_shape check (
      photo_path is null
      or photo_path ~ ('^' || id::text || '/[0-9a-f-]{36}\.(jpg|png|webp)$')
    );
comment on column public.items.photo_path is
  'The item-photos object the item shows (<item_id>/<uuid>.<ext>); finders see it only while the item is LOST.';
grant update (photo_path) on table public.items to authenticated;

-- The shape of a photo's name in either bucket: folders, then <uuid>.<ext>.
create function app_private.photo_name_ok(name text, folders int)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    cardinality(storage.foldername(name)) = folders
    and storage.filename(name) ~ '^[0-9a-f-]{36}\.(jpg|png|webp)$',
    false)
$$;

-- Storage's list operation (storage-api sets storage.operation on each request).
create function app_private.is_listing()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('storage.operation', true), '') like '%list%'
$$;

-- A chat id from a folder name, or null. Never raises.
create function app_private.folder_uuid(folder text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if folder ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return folder::uuid;
  end if;
  return null;
end;
$$;

-- The caller may post a photo in this chat: a member, the chat still open.
create function app_private.can_post_chat_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chat uuid := app_private.folder_uuid((storage.foldername(object_name))[1]);
begin
  return app_private.photo_name_ok(object_name, 2)
    and (storage.foldername(object_name))[2] = app_private.current_user_id()::text
    and app_private.is_chat_member(chat)
    and not app_private.is_chat_closed(chat);
exception
  when others then
    return false;
end;
$$;

-- The caller may see this chat photo: a member of the chat, its finder data
-- not purged, and the photo sent in a message (or the caller's own upload).
create function app_private.can_see_chat_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chat uuid := app_private.folder_uuid((storage.foldername(object_name))[1]);
begin
  if not app_private.is_chat_member(chat) then
    return false;
  end if;
  if exists (
    select 1 from public.chats c join public.found_reports r on r.id = c.report_id
     where c.id = chat and r.purged_at is not null
  ) then
    return false;
  end if;
  return (storage.foldername(object_name))[2] = app_private.current_user_id()::text
    or exists (
      select 1 from public.messages m where m.chat_id = chat and m.photo_paths @> array[object_name]
    );
exception
  when others then
    return false;
end;
$$;

-- The caller owns the item whose folder this is.
create function app_private.owns_item_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.items i
     where i.id = app_private.folder_uuid((storage.foldername(object_name))[1])
       and i.owner_id = app_private.current_user_id()
  );
exception
  when others then
    return false;
end;
$$;

-- The photo an item shows while it is LOST (what a finder may see).
create function app_private.is_lost_item_photo(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.items i
     where i.id = app_private.folder_uuid((storage.foldername(object_name))[1])
       and i.status = 'LOST' and i.photo_path = object_name
  );
exception
  when others then
    return false;
end;
$$;

-- A message's photos were uploaded by its sender into the chat's folder.
create function app_private.message_photos_uploaded(for_chat uuid, paths text[])
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
       and o.owner_id = caller::text
       and (storage.foldername(o.name))[1] = for_chat::text
       and (storage.foldername(o.name))[2] = caller::text
  ) and cardinality(paths) = (select count(distinct p) from unnest(paths) p);
exception
  when others then
    return false;
end;
$$;

revoke all on function app_private.can_post_chat_photo(text) from public;
revoke all on function app_private.can_see_chat_photo(text) from public;
revoke all on function app_private.owns_item_photo(text) from public;
revoke all on function app_private.is_lost_item_photo(text) from public;
revoke all on function app_private.message_photos_uploaded(uuid, text[]) from public;
grant execute on function app_private.can_post_chat_photo(text) to authenticated, service_role;
grant execute on function app_private.can_see_chat_photo(text) to authenticated, service_role;
grant execute on function app_private.owns_item_photo(text) to authenticated, service_role;
grant execute on function app_private.is_lost_item_photo(text) to anon, authenticated, service_role;
grant execute on function app_private.message_photos_uploaded(uuid, text[]) to authenticated, service_role;
grant execute on function app_private.photo_name_ok(text, int) to anon, authenticated, service_role;
grant execute on function app_private.is_listing() to anon, authenticated, service_role;
grant execute on function app_private.folder_uuid(text) to anon, authenticated, service_role;

create policy "Members send chat photos into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'chat-photos' and (select app_private.can_post_chat_photo(name)));

create policy "Members see their chats' photos"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'chat-photos'
    and not (select app_private.is_listing())
    and (select app_private.can_see_chat_photo(name))
  );

create policy "Owners add photos of their items"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'item-photos'
    and (select app_private.photo_name_ok(name, 1))
    and (select app_private.owns_item_photo(name))
  );

create policy "Owners see photos of their items"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'item-photos'
    and not (select app_private.is_listing())
    and (select app_private.owns_item_photo(name))
  );

create policy "Finders see a lost item's photo"
  on storage.objects for select
  to anon, authenticated
  using (
    bucket_id = 'item-photos'
    and not (select app_private.is_listing())
    and (select app_private.is_lost_item_photo(name))
  );

create policy "A message's photos are the sender's uploads in that chat"
  on public.messages
  as restrictive
  for insert
  to authenticated
  with check ((select app_private.message_photos_uploaded(chat_id, photo_paths)));

-- The photo an item shows, for whoever holds its tag, while the item is LOST;
-- null otherwise (no such tag, not lost, no photo).
create function public.lost_item_photo(tag_code text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.photo_path
    from public.items i
    join public.tags t on t.id = i.tag_id
   where t.code = upper(trim(tag_code)) and t.status = 'activated' and i.status = 'LOST'
$$;
revoke all on function public.lost_item_photo(text) from public;
grant execute on function public.lost_item_photo(text) to anon, authenticated, service_role;

-- Every photo that must go, for the purge-photos Edge Function to remove
-- through the Storage API: the photos of chats whose finder data was purged
-- (or whose chat is gone, with an owner's account), photos never sent in a
-- message after a day, photos of items that are gone, and item photos the
-- item no longer shows after an hour. This is the one entry point for
-- "delete this finder's / owner's objects": purge or delete their rows, and
-- the next purge-photos run removes the objects.
create function public.photos_to_delete(max_rows int default 1000)
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name
    from storage.objects o
   where o.bucket_id = 'chat-photos'
     and (
       not exists (
         select 1 from public.chats c join public.found_reports r on r.id = c.report_id
          where c.id = app_private.folder_uuid((storage.foldername(o.name))[1])
            and r.purged_at is null
       )
       or (
         o.created_at < now() - interval '1 day'
         and not exists (
           select 1 from public.messages m where m.photo_paths @> array[o.name]
         )
       )
     )
  union all
  select o.bucket_id, o.name
    from storage.objects o
    left join public.items i on i.id = app_private.folder_uuid((storage.foldername(o.name))[1])
   where o.bucket_id = 'item-photos'
     and (
       i.id is null
       or (i.photo_path is distinct from o.name and o.created_at < now() - interval '1 hour')
     )
  limit greatest(max_rows, 0)
$$;
revoke all on function public.photos_to_delete(int) from public, anon, authenticated;
grant execute on function public.photos_to_delete(int) to service_role;

-- Calls purge-photos when some photo is due to go (an idle project makes no call).
create function app_private.purge_due_photos()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.photos_to_delete(1)) then
    return null;
  end if;
  return app_private.invoke_edge_function('purge-photos');
end;
$$;
revoke all on function app_private.purge_due_photos() from public, anon, authenticated, service_role;

select cron.schedule('purge-photos', '*/5 * * * *', 'select app_private.purge_due_photos()');
