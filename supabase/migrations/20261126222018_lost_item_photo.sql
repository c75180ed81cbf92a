-- The finder's tag lookup also says whether a LOST item shows a photo (issue 32):
-- "lost_photo": true, present only then, so the finder's page asks for the photo
-- (lost_item_photo, then a signed URL allowed by the policy "Finders see a lost
-- item's photo") only when there is one, instead of a round trip for every
-- finder. Like the lost-mode note: only while LOST; no object name (it holds the
-- item's id) and no owner data. Otherwise unchanged from the baseline's tag_status.
create or replace function public.tag_status(code text)
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
           case when i.status = 'LOST' then i.return_instructions end as return_instructions,
           i.status = 'LOST' and i.photo_path is not null as has_lost_photo
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
  ) || coalesce(
    (select jsonb_build_object('lost_photo', true) from item where item.has_lost_photo),
    '{}'::jsonb
  );
$$;
comment on function public.tag_status(text) is 'The public tag lookup: status, the lost-mode note while LOST (and lost_photo: true when the item shows a photo), and own_item for the owner''s test scan. Never owner data.';
