-- Demo data for local development: a few tags and nothing personal.
-- Codes are read case-insensitively; activation codes are stored only as bcrypt hashes.
--
--   Tag ID        Activation code   Status
--   HWDEMA2345    DEMAK7M3PQ        unclaimed
--   HWDEMB2345    DEMBK7M3PQ        unclaimed
--   HWDEMC2345    DEMCK7M3PQ        unclaimed
--   HWDEMD2345    DEMDK7M3PQ        unclaimed
--   HWDEME2345    DEMEK7M3PQ        unclaimed
--   HWDEMZ2345    DEMZK7M3PQ        deactivated (refunded; looks up as 'Tag not found')
--
-- NFC URL of a tag: <site_url>/tag?tagId=<Tag ID>, e.g. http://localhost:5173/tag?tagId=HWDEMA2345

insert into public.tags (code, activation_code_hash, status, batch)
select demo.code, extensions.crypt(demo.activation_code, extensions.gen_salt('bf', 8)), demo.status, 'demo'
from (
  values
    ('HWDEMA2345', 'DEMAK7M3PQ', 'unclaimed'),
    ('HWDEMB2345', 'DEMBK7M3PQ', 'unclaimed'),
    ('HWDEMC2345', 'DEMCK7M3PQ', 'unclaimed'),
    ('HWDEMD2345', 'DEMDK7M3PQ', 'unclaimed'),
    ('HWDEME2345', 'DEMEK7M3PQ', 'unclaimed'),
    ('HWDEMZ2345', 'DEMZK7M3PQ', 'deactivated')
) as demo (code, activation_code, status)
on conflict (code) do nothing;

-- Local development only (seed.sql runs on `supabase start` / `supabase db reset`,
-- never on a hosted project: docs/deploy.md creates its Vault entries). The cron
-- job that retries notifications calls dispatch-notifications through pg_net with
-- the URL and key in Vault: here `supabase start`'s API gateway as the database
-- container reaches it, and the CLI's local secret key. The local stack (npm start)
-- writes its own URL and key over these when it starts.
select vault.create_secret('http://kong:8000', 'project_url', 'local development: supabase start')
 where not exists (select 1 from vault.secrets where name = 'project_url');
select vault.create_secret(
  'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
  'service_role_key',
  'local development: the Supabase CLI''s local secret key'
)
 where not exists (select 1 from vault.secrets where name = 'service_role_key');
