-- Lost mode: the owner's note and return instructions for whoever finds an item,
-- and a tag lookup that shows them to finders only while the item is LOST.

alter table public.items
  add column lost_note text,
  add column return_instructions text;
comment on column public.items.lost_note is 'The owner''s short note to a finder (e.g. "Reward offered"); shown by tag_status only while the item is LOST.';
comment on column public.items.return_instructions is 'How the owner would like the item returned; shown by tag_status only while the item is LOST.';

-- The one owner of the lost-note rules: trimmed, empty means none, and at most
-- note_max / instructions_max characters. A longer text is refused with
-- SQLSTATE 22001, the field in the message and the limit in the detail, so the
-- app can say how long it may be without keeping its own copy of the number.
-- Both are kept while the item is not LOST (so marking it LOST again brings them
-- back for the owner to review); tag_status hides them then.
create function app_private.items_check_lost_note()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  note_max constant int := 200;
  instructions_max constant int := 300;
begin
  new.lost_note := nullif(trim(new.lost_note), '');
  new.return_instructions := nullif(trim(new.return_instructions), '');
  if char_length(new.lost_note) > note_max then
    raise exception 'lost_note_too_long' using errcode = '22001', detail = note_max::text;
  end if;
  if char_length(new.return_instructions) > instructions_max then
    raise exception 'return_instructions_too_long'
      using errcode = '22001', detail = instructions_max::text;
  end if;
  return new;
end;
$$;
revoke all on function app_private.items_check_lost_note() from public;

create trigger items_check_lost_note
  before insert or update of lost_note, return_instructions on public.items
  for each row execute function app_private.items_check_lost_note();

grant update (lost_note, return_instructions) on table public.items to authenticated;

-- tag_status now answers an object instead of a bare word:
--   status               'activated', 'unclaimed' or 'not_found' (as before)
--   lost_note            the owner's note, only while the item is LOST, else null
--   return_instructions  the owner's return instructions, only while LOST, else null
--   own_item             { id, name, status } only when the signed-in (non-anonymous)
--                        caller owns the item (the test scan); null for everyone else,
--                        so nobody else learns whose tag it is or whether it has an owner
--                        they could tell apart.
-- Never the owner's id, name or contact details.
drop function public.tag_status(text);

create function public.tag_status(code text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with tag as (
    select t.id, t.status
      from public.tags t
     where t.code = app_private.normalize_code(tag_status.code)
       and t.status in ('activated', 'unclaimed')
  ),
  caller as (
    select case when app_private.is_anonymous_user() then null
                else app_private.current_user_id() end as id
  ),
  item as (
    select i.id, i.name, i.status, i.owner_id,
           case when i.status = 'LOST' then i.lost_note end as lost_note,
           case when i.status = 'LOST' then i.return_instructions end as return_instructions
      from public.items i
      join tag on tag.id = i.tag_id and tag.status = 'activated'
  )
  select jsonb_build_object(
    'status', coalesce((select status from tag), 'not_found'),
    'lost_note', (select lost_note from item),
    'return_instructions', (select return_instructions from item),
    'own_item', (
      select jsonb_build_object('id', item.id, 'name', item.name, 'status', item.status)
        from item, caller
       where caller.id is not null and item.owner_id = caller.id
    )
  );
$$;
comment on function public.tag_status(text) is 'The public tag lookup: status, the lost-mode note while LOST, and own_item for the owner''s test scan. Never owner data.';
revoke all on function public.tag_status(text) from public, anon, authenticated;
grant execute on function public.tag_status(text) to anon, authenticated, service_role;
