/**
 * `npm run deploy:check`: checks a linked hosted Supabase project against what
 * docs/deploy.md requires and prints what is missing (exit 1 if anything is).
 * Reads the project through the Supabase Management API: SUPABASE_ACCESS_TOKEN,
 * the project ref from SUPABASE_PROJECT_REF or supabase/.temp/project-ref
 * (written by `supabase link`). Reads names and settings only, never prints a
 * secret. The requirements come from the repository itself: the migrations
 * (their content, compared with what the project recorded; cron jobs),
 * supabase/functions (functions, .env.example secrets) and supabase/config.toml
 * (Auth, where a development value left on the live project is reported).
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseConfig } from '../local-supabase/config.ts'
import { listMigrations } from '../local-supabase/db/open.ts'
import { isVapidPublicKey, LOCAL_VAPID_PUBLIC_KEY } from '../src/lib/parse-env.ts'
import { VAULT_SECRETS } from '../local-supabase/scheduler.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

export type Check = { ok: boolean; what: string; fix?: string }

export type ManagementApi = {
  query<R>(sql: string): Promise<R[]>
  get<T>(pathname: string): Promise<T>
}

export function managementApi(options: {
  apiUrl: string
  token: string
  ref: string
}): ManagementApi {
  const base = `${options.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.ref)}`
  const call = async <T>(pathname: string, init: RequestInit = {}): Promise<T> => {
    let response: Response
    try {
      response = await fetch(`${base}${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      })
    } catch (error) {
      throw new Error(
        `cannot reach ${options.apiUrl}: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const text = await response.text()
    if (!response.ok)
      throw new Error(
        `${init.method ?? 'GET'} ${pathname}: HTTP ${response.status} ${text.slice(0, 200)}`,
      )
    return JSON.parse(text) as T
  }
  return {
    query: (sql) =>
      call('/database/query', { method: 'POST', body: JSON.stringify({ query: sql }) }),
    get: (pathname) => call(pathname),
  }
}

/** Job names the migrations schedule (`cron.schedule('<name>', …)`). */
export async function scheduledJobs(supabaseDir: string): Promise<string[]> {
  const names = new Set<string>()
  for (const migration of await listMigrations(supabaseDir)) {
    const sql = await readFile(migration.file, 'utf8')
    for (const match of sql.matchAll(/cron\.schedule\(\s*'([^']+)'\s*,/g))
      names.add(match[1] as string)
    for (const match of sql.matchAll(/cron\.unschedule\(\s*'([^']+)'\s*\)/g))
      names.delete(match[1] as string)
  }
  return [...names]
}

/** Secret names listed in supabase/functions/.env.example. */
export async function requiredSecrets(functionsDir: string): Promise<string[]> {
  const text = await readFile(path.join(functionsDir, '.env.example'), 'utf8').catch(() => '')
  return [...text.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1] as string)
}

export async function localFunctions(functionsDir: string): Promise<string[]> {
  const entries = await readdir(functionsDir, { withFileTypes: true })
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
}

type AuthConfig = {
  site_url?: string | null
  uri_allow_list?: string | null
  external_anonymous_users_enabled?: boolean | null
  password_min_length?: number | null
  mailer_autoconfirm?: boolean | null
  security_update_password_require_reauthentication?: boolean | null
  rate_limit_email_sent?: number | null
  rate_limit_otp?: number | null
  rate_limit_verify?: number | null
  rate_limit_token_refresh?: number | null
  smtp_host?: string | null
  smtp_admin_email?: string | null
  smtp_sender_name?: string | null
  mailer_subjects_recovery?: string | null
  mailer_templates_recovery_content?: string | null
}

function isLocalUrl(url: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname)
  } catch {
    return true
  }
}

function globMatches(pattern: string, url: string): boolean {
  const source = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .split('**')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('.*')
  return new RegExp(`^${source}$`).test(url)
}

/** What each group of checks reads and where it reports. */
type CheckContext = {
  api: ManagementApi
  ref: string
  projectRoot: string
  supabaseDir: string
  functionsDir: string
  add: (ok: boolean, what: string, fix?: string) => void
  /** The app's build environment (VITE_*), as `vite build` reads it for production. */
  appEnv?: Record<string, string | undefined>
}

/**
 * A migration's content as a fingerprint that does not depend on how it was split
 * into statements: `supabase db push` records each migration's statements
 * (supabase_migrations.schema_migrations.statements, split by the CLI's parser),
 * so the file and the record are compared with comments, whitespace and
 * semicolons taken out. An edited SQL statement changes it; an edited comment does not.
 */
export function migrationFingerprint(sql: string): string {
  const content = sql
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/--[^\n]*/g, '')
    .replace(/[\s;]+/g, '')
  return createHash('sha256').update(content).digest('hex')
}

type AppliedMigration = { version: string; name: string | null; statements: string[] | null }

async function checkMigrations({ api, supabaseDir, add }: CheckContext): Promise<void> {
  const applied = new Map(
    (
      await api.query<AppliedMigration>(
        'select version, name, statements from supabase_migrations.schema_migrations order by version',
      )
    ).map((r) => [r.version, r]),
  )
  const local = await listMigrations(supabaseDir)
  const missing = local.filter((m) => !applied.has(m.version))
  add(
    missing.length === 0,
    missing.length === 0
      ? 'every migration is applied'
      : `migrations not applied: ${missing.map((m) => m.version).join(', ')}`,
    'npx supabase db push --remote',
  )
  const differ: string[] = []
  const unrecorded: string[] = []
  for (const migration of local) {
    const record = applied.get(migration.version)
    if (!record) continue
    if (!record.statements) {
      unrecorded.push(migration.version)
      continue
    }
    const file = migrationFingerprint(await readFile(migration.file, 'utf8'))
    if (file !== migrationFingerprint(record.statements.join('\n'))) {
      differ.push(`${migration.version}_${migration.name}.sql`)
    }
  }
  add(
    differ.length === 0,
    differ.length === 0
      ? 'every applied migration matches its file'
      : `migrations edited after they were applied (the project ran other SQL): ${differ.join(', ')}`,
    'never edit an applied migration: restore the file from git and put the change in a new migration',
  )
  add(
    unrecorded.length === 0,
    unrecorded.length === 0
      ? 'every applied migration has its statements recorded'
      : `applied migrations recorded without their statements (supabase migration repair?), not compared: ${unrecorded.join(', ')}`,
    'compare by hand: npx supabase db diff --linked',
  )
  const localVersions = new Set(local.map((m) => m.version))
  const unknown = [...applied.keys()].filter((version) => !localVersions.has(version))
  add(
    unknown.length === 0,
    unknown.length === 0
      ? 'the project ran no migration missing from the repository'
      : `migrations on the project that the repository lacks: ${unknown.join(', ')}`,
    'npx supabase migration fetch --linked, then see what they did',
  )
}

async function checkExtensions({ api, add }: CheckContext): Promise<void> {
  const installed = new Set(
    (
      await api.query<{ extname: string }>(
        `select extname from pg_extension where extname in ('pg_cron', 'pg_net')`,
      )
    ).map((r) => r.extname),
  )
  for (const name of ['pg_cron', 'pg_net']) {
    add(
      installed.has(name),
      `extension ${name} installed`,
      'npx supabase db push --remote (the schedules migration enables it)',
    )
  }
}

async function checkCronJobs({ api, supabaseDir, add }: CheckContext): Promise<void> {
  const jobs = await api.query<{ jobname: string; active: boolean }>(
    'select jobname, active from cron.job',
  )
  for (const name of await scheduledJobs(supabaseDir)) {
    const job = jobs.find((j) => j.jobname === name)
    add(
      job?.active === true,
      `cron job ${name} scheduled and active`,
      'npx supabase db push --remote',
    )
  }
  const failures = await api.query<{ jobname: string | null; return_message: string | null }>(
    `select j.jobname, d.return_message from cron.job_run_details d left join cron.job j using (jobid)
      where d.status = 'failed' and d.start_time > now() - interval '1 hour'
      order by d.start_time desc limit 5`,
  )
  add(
    failures.length === 0,
    failures.length === 0
      ? 'no failed cron runs in the last hour'
      : `failed cron runs in the last hour: ${failures.map((f) => `${f.jobname}: ${f.return_message}`).join('; ')}`,
    'see docs/deploy.md, "Vault entries for the cron jobs"',
  )
}

async function checkVault({ api, ref, add }: CheckContext): Promise<void> {
  const rows = await api.query<{ name: string; matches_project: boolean }>(
    `select name, (name <> '${VAULT_SECRETS.projectUrl}' or rtrim(decrypted_secret, '/') = 'https://${ref}.supabase.co') as matches_project
       from vault.decrypted_secrets where name in ('${VAULT_SECRETS.projectUrl}', '${VAULT_SECRETS.serviceRoleKey}')`,
  )
  for (const name of Object.values(VAULT_SECRETS)) {
    add(
      rows.some((r) => r.name === name),
      `Vault secret ${name} set`,
      `select vault.create_secret('<value>', '${name}');  (docs/deploy.md)`,
    )
  }
  const url = rows.find((r) => r.name === VAULT_SECRETS.projectUrl)
  if (url)
    add(
      url.matches_project,
      `Vault ${VAULT_SECRETS.projectUrl} is https://${ref}.supabase.co`,
      'vault.update_secret(…)',
    )
}

async function checkFunctions({ api, functionsDir, add }: CheckContext): Promise<void> {
  const deployed = new Set((await api.get<{ slug: string }[]>('/functions')).map((f) => f.slug))
  for (const slug of await localFunctions(functionsDir)) {
    add(deployed.has(slug), `function ${slug} deployed`, `npx supabase functions deploy ${slug}`)
  }
}

async function checkFunctionSecrets({ api, functionsDir, add }: CheckContext): Promise<void> {
  const set = new Set((await api.get<{ name: string }[]>('/secrets')).map((s) => s.name))
  const missing = (await requiredSecrets(functionsDir)).filter((name) => !set.has(name))
  add(
    missing.length === 0,
    missing.length === 0
      ? 'every function secret is set'
      : `function secrets not set: ${missing.join(', ')}`,
    'npx supabase secrets set --env-file ./production.env',
  )
}

/**
 * Web Push: the app is built with its own VAPID public key (not the local
 * stack's), and the functions hold the same key with its private half. The
 * secrets API gives each value's SHA-256 digest, so the two are compared by it.
 */
async function checkWebPush({ api, add, appEnv }: CheckContext): Promise<void> {
  const appKey = appEnv?.VITE_VAPID_PUBLIC_KEY?.trim() ?? ''
  add(
    isVapidPublicKey(appKey) && appKey !== LOCAL_VAPID_PUBLIC_KEY,
    "the app's VITE_VAPID_PUBLIC_KEY is this deployment's own",
    'npm run push:keys, then set VITE_VAPID_PUBLIC_KEY for the build (docs/deploy.md, Web Push)',
  )
  const secrets = await api.get<{ name: string; value?: string }[]>('/secrets')
  const held = secrets.find((s) => s.name === 'VAPID_PUBLIC_KEY')?.value ?? ''
  const hasPrivate = secrets.some((s) => s.name === 'VAPID_PRIVATE_KEY')
  const digest = createHash('sha256').update(appKey).digest('hex')
  add(
    hasPrivate && /^[0-9a-f]{64}$/i.test(held) && held.toLowerCase() === digest,
    "the function secrets VAPID_PUBLIC_KEY (the app's key) and VAPID_PRIVATE_KEY are set",
    'npx supabase secrets set VAPID_PUBLIC_KEY=… VAPID_PRIVATE_KEY=… (the pair from npm run push:keys)',
  )
}

async function checkAuth({ api, projectRoot, add }: CheckContext): Promise<void> {
  const auth = await api.get<AuthConfig>('/config/auth')
  const local = parseConfig({})
  const localConfig = local
  const site = auth.site_url ?? ''
  add(
    Boolean(site) && !isLocalUrl(site),
    `Auth site URL is the production app (${site || 'unset'})`,
    'HOMEWARD_SITE_URL=https://… then SUPABASE_ENV=production npx supabase config push',
  )
  const allowed = (auth.uri_allow_list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const resetPage = site ? `${site.replace(/\/$/, '')}/password-reset/update` : ''
  add(
    Boolean(resetPage) && allowed.some((pattern) => globMatches(pattern, resetPage)),
    'Auth redirect allow list covers the password-reset page',
    `add "${site.replace(/\/$/, '')}/**" to [auth] additional_redirect_urls`,
  )
  add(
    site.startsWith('https://'),
    `Auth site URL is https (${site || 'unset'})`,
    'HOMEWARD_SITE_URL=https://… then SUPABASE_ENV=production npx supabase config push',
  )
  const devUrls = allowed.filter((pattern) =>
    /^(?:[a-z]+:\/\/)?(?:localhost|127\.0\.0\.1|\[::1\])(?:[:/]|$)/i.test(pattern),
  )
  add(
    devUrls.length === 0,
    devUrls.length === 0
      ? 'Auth redirect allow list has no development addresses'
      : `Auth redirect allow list has development addresses: ${devUrls.join(', ')}`,
    'HOMEWARD_REDIRECT_URLS with the production URLs only, then SUPABASE_ENV=production npx supabase config push',
  )
  add(
    auth.mailer_autoconfirm === false,
    'owners confirm their e-mail before signing in (confirmations on)',
    '[auth.email] enable_confirmations = true, then npx supabase config push',
  )
  add(
    auth.security_update_password_require_reauthentication === true,
    'a password change needs a recent sign-in (secure password change)',
    '[auth.email] secure_password_change = true, then npx supabase config push',
  )
  const limits: [keyof AuthConfig, string, number][] = [
    ['rate_limit_email_sent', 'email_sent', localConfig.rateLimits.emailSent.limit],
    ['rate_limit_otp', 'sign_in_sign_ups', localConfig.rateLimits.otp.limit],
    ['rate_limit_verify', 'token_verifications', localConfig.rateLimits.verify.limit],
    ['rate_limit_token_refresh', 'token_refresh', localConfig.rateLimits.tokenRefresh.limit],
  ]
  const low = limits.filter(([field, , wanted]) => Number(auth[field] ?? 0) < wanted)
  add(
    low.length === 0,
    low.length === 0
      ? 'Auth rate limits are at least those of config.toml'
      : `Auth rate limits below config.toml's: ${low.map(([field, name, wanted]) => `${name} ${String(auth[field] ?? 'unset')} < ${wanted}`).join(', ')}`,
    '[auth.rate_limit] in config.toml (custom SMTP first: email_sent needs it), then npx supabase config push',
  )
  add(
    auth.external_anonymous_users_enabled === true,
    'anonymous sign-ins are on (finders need them)',
    '[auth] enable_anonymous_sign_ins = true',
  )
  add(
    (auth.password_min_length ?? 6) >= local.auth.minimumPasswordLength,
    `minimum password length is at least ${local.auth.minimumPasswordLength}`,
    '[auth] minimum_password_length',
  )
  add(
    Boolean(auth.smtp_host && auth.smtp_admin_email),
    `custom SMTP with a sender (${auth.smtp_sender_name ?? '?'} <${auth.smtp_admin_email ?? '?'}>)`,
    '[auth.email.smtp] (docs/deploy.md, step 4)',
  )
  const expected = local.email.recovery.render({
    ConfirmationURL: '{{ .ConfirmationURL }}',
    Token: '{{ .Token }}',
    TokenHash: '{{ .TokenHash }}',
    SiteURL: '{{ .SiteURL }}',
    Email: '{{ .Email }}',
    RedirectTo: '{{ .RedirectTo }}',
  })
  const templateFile = local.email.recovery.source
  const localContent = await readFile(templateFile, 'utf8').catch(() => null)
  add(
    auth.mailer_subjects_recovery === expected.subject,
    `recovery e-mail subject is "${expected.subject}"`,
    'npx supabase config push',
  )
  add(
    localContent !== null &&
      (auth.mailer_templates_recovery_content ?? '').trim() === localContent.trim(),
    `recovery e-mail template is ${path.relative(projectRoot, templateFile)}`,
    'npx supabase config push',
  )
}

const CHECKS: [what: string, check: (context: CheckContext) => Promise<void>][] = [
  ['migrations', checkMigrations],
  ['extensions', checkExtensions],
  ['cron jobs', checkCronJobs],
  ['vault', checkVault],
  ['functions', checkFunctions],
  ['function secrets', checkFunctionSecrets],
  ['web push', checkWebPush],
  ['auth', checkAuth],
]

/** Every check against the hosted project `ref`, in order; a group that throws is one failed check. */
export async function runChecks(
  api: ManagementApi,
  ref: string,
  projectRoot = root,
  appEnv: Record<string, string | undefined> = {},
): Promise<Check[]> {
  const supabaseDir = path.join(projectRoot, 'supabase')
  const functionsDir = path.join(supabaseDir, 'functions')
  const checks: Check[] = []
  const add = (ok: boolean, what: string, fix?: string) =>
    checks.push({ ok, what, ...(ok || !fix ? {} : { fix }) })
  const context = { api, ref, projectRoot, supabaseDir, functionsDir, add, appEnv }
  for (const [what, check] of CHECKS) {
    try {
      await check(context)
    } catch (error) {
      add(false, what, error instanceof Error ? error.message : String(error))
    }
  }
  return checks
}

async function main(): Promise<number> {
  const token = process.env.SUPABASE_ACCESS_TOKEN?.trim()
  const ref =
    process.env.SUPABASE_PROJECT_REF?.trim() ||
    (
      await readFile(path.join(root, 'supabase', '.temp', 'project-ref'), 'utf8').catch(() => '')
    ).trim()
  const problems = [
    ...(token
      ? []
      : ['SUPABASE_ACCESS_TOKEN is not set (a personal access token: Account → Access Tokens)']),
    ...(ref
      ? []
      : [
          'no linked project: run `npx supabase link --project-ref <ref>` or set SUPABASE_PROJECT_REF',
        ]),
  ]
  if (ref && !/^[a-z0-9]{1,40}$/.test(ref)) problems.push(`"${ref}" is not a project ref`)
  if (problems.length > 0) {
    console.error(`deploy:check cannot run:\n  - ${problems.join('\n  - ')}`)
    return 2
  }
  const api = managementApi({
    apiUrl: process.env.SUPABASE_MANAGEMENT_API_URL?.trim() || 'https://api.supabase.com',
    token: token as string,
    ref,
  })
  const { loadEnv } = await import('vite')
  const checks = await runChecks(api, ref, root, loadEnv('production', root, 'VITE_'))
  console.log(`Project ${ref}, checked against docs/deploy.md:`)
  for (const check of checks) {
    console.log(`${check.ok ? '✓' : '✗'} ${check.what}${check.fix ? `\n    → ${check.fix}` : ''}`)
  }
  const missing = checks.filter((c) => !c.ok).length
  console.log(
    missing === 0 ? 'Everything the guide requires is in place.' : `${missing} thing(s) missing.`,
  )
  return missing === 0 ? 0 : 1
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        `deploy:check failed: ${error instanceof Error ? error.message : String(error)}`,
      )
      process.exit(1)
    },
  )
}
