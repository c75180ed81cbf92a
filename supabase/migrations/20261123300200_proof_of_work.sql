-- One-time use of proof-of-work challenges (the report-found bot check): a
-- challenge is recorded when first used and refused after; rows are dropped
-- once the challenge has expired anyway.

create table app_private.used_proof_challenges (
  challenge text primary key,
  expires_at timestamptz not null
);
comment on table app_private.used_proof_challenges is 'Proof-of-work challenges already used, until they expire.';
create index used_proof_challenges_expires_idx on app_private.used_proof_challenges (expires_at);
revoke all on table app_private.used_proof_challenges from public, anon, authenticated;

-- True the first time a challenge is used, false every time after.
create function public.use_proof_challenge(challenge text, expires_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted int;
begin
  if use_proof_challenge.challenge is null or use_proof_challenge.challenge !~ '^[0-9a-f]{64}$'
     or use_proof_challenge.expires_at is null then
    raise exception 'invalid_input' using errcode = 'P0001';
  end if;
  delete from app_private.used_proof_challenges u where u.expires_at < now() - interval '1 hour';
  insert into app_private.used_proof_challenges (challenge, expires_at)
  values (use_proof_challenge.challenge, use_proof_challenge.expires_at)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  return inserted = 1;
end;
$$;
revoke all on function public.use_proof_challenge(text, timestamptz) from public, anon, authenticated;
grant execute on function public.use_proof_challenge(text, timestamptz) to service_role;
