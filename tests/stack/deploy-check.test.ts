/**
 * `npm run deploy:check` against a stand-in for the Supabase Management API:
 * a project set up as docs/deploy.md says passes every check; a bare project
 * gets one line per missing step, with what to do.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { listMigrations } from '../../local-supabase/db/open.ts'
import {
  localFunctions,
  requiredSecrets,
  runChecks,
  scheduledJobs,
  type ManagementApi,
} from '../../scripts/deploy-check.ts'

const supabaseDir = fileURLToPath(new URL('../../supabase', import.meta.url))
const functionsDir = `${supabaseDir}/functions`
const REF = 'abcdefghijklmnopqrst'
// A deployment's own VAPID public key (npm run push:keys), as the app is built with it.
const APP_VAPID_KEY =
  'BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo'
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

type Project = {
  migrations: { version: string; name: string; statements: string[] | null }[]
  extensions: string[]
  jobs: { jobname: string; active: boolean }[]
  failures: { jobname: string; return_message: string }[]
  vault: { name: string; matches_project: boolean }[]
  functions: string[]
  secrets: string[]
  auth: Record<string, unknown>
}

function fakeApi(project: Project): ManagementApi {
  return {
    async query<R>(sql: string): Promise<R[]> {
      if (sql.includes('schema_migrations')) return project.migrations as R[]
      if (sql.includes('pg_extension'))
        return project.extensions.map((extname) => ({ extname })) as R[]
      if (sql.includes('job_run_details')) return project.failures as R[]
      if (sql.includes('cron.job')) return project.jobs as R[]
      if (sql.includes('vault.decrypted_secrets')) return project.vault as R[]
      throw new Error(`unexpected query: ${sql}`)
    },
    async get<T>(pathname: string): Promise<T> {
      if (pathname === '/functions') return project.functions.map((slug) => ({ slug })) as T
      if (pathname === '/secrets')
        return project.secrets.map((name) => ({
          name,
          value: name === 'VAPID_PUBLIC_KEY' ? sha256(APP_VAPID_KEY) : 'hash',
        })) as T
      if (pathname === '/config/auth') return project.auth as T
      throw new Error(`unexpected GET ${pathname}`)
    },
  }
}

/**
 * What `supabase db push` records for a migration file: its statements, split and
 * trimmed (here on each ";" at a line end, which differs from the CLI's parser in
 * where comments land: the comparison must not care).
 */
function recordedStatements(sql: string): string[] {
  return sql
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean)
    .map((statement) => `${statement};`)
}

async function appliedMigrations(): Promise<Project['migrations']> {
  return Promise.all(
    (await listMigrations(supabaseDir)).map(async (m) => ({
      version: m.version,
      name: m.name,
      statements: recordedStatements(await readFile(m.file, 'utf8')),
    })),
  )
}

async function deployedProject(): Promise<Project> {
  return {
    migrations: await appliedMigrations(),
    extensions: ['pg_cron', 'pg_net'],
    jobs: (await scheduledJobs(supabaseDir)).map((jobname) => ({ jobname, active: true })),
    failures: [],
    vault: [
      { name: 'project_url', matches_project: true },
      { name: 'service_role_key', matches_project: true },
    ],
    functions: await localFunctions(functionsDir),
    secrets: await requiredSecrets(functionsDir),
    auth: {
      site_url: 'https://homeward.example',
      uri_allow_list: 'https://homeward.example/**',
      external_anonymous_users_enabled: true,
      password_min_length: 10,
      mailer_autoconfirm: false,
      security_update_password_require_reauthentication: true,
      rate_limit_email_sent: 3600,
      rate_limit_otp: 100,
      rate_limit_verify: 100,
      rate_limit_token_refresh: 300,
      smtp_host: 'smtp.resend.com',
      smtp_admin_email: 'no-reply@homeward.example',
      smtp_sender_name: 'Homeward',
      mailer_subjects_recovery: 'Reset your Homeward password',
      mailer_templates_recovery_content: await readFile(
        `${supabaseDir}/templates/recovery.html`,
        'utf8',
      ),
    },
  }
}

/** The app's build settings as the guide leaves them (its own VAPID key). */
const APP_ENV = { VITE_VAPID_PUBLIC_KEY: APP_VAPID_KEY }

describe('deploy:check', () => {
  it('reads the requirements from the repository', async () => {
    expect(await scheduledJobs(supabaseDir)).toEqual(
      expect.arrayContaining(['dispatch-notifications', 'purge-finder-data']),
    )
    expect(await requiredSecrets(functionsDir)).toEqual(
      expect.arrayContaining(['TWILIO_AUTH_TOKEN', 'EMAIL_API_KEY', 'EMAIL_FROM', 'SITE_URL']),
    )
    expect(await localFunctions(functionsDir)).toEqual(
      expect.arrayContaining(['activate-tag', 'dispatch-notifications', 'report-found']),
    )
  })

  it('passes a project set up as the guide says', async () => {
    const checks = await runChecks(fakeApi(await deployedProject()), REF, undefined, {
      VITE_VAPID_PUBLIC_KEY: APP_VAPID_KEY,
    })
    expect(checks.filter((c) => !c.ok)).toEqual([])
    expect(checks.length).toBeGreaterThan(15)
  })

  it('lists what a bare project is missing, with what to do', async () => {
    const checks = await runChecks(
      fakeApi({
        migrations: [],
        extensions: [],
        jobs: [],
        failures: [
          {
            jobname: 'dispatch-notifications',
            // pg_cron keeps the error's message: app_private.project_secret's code
            return_message: 'ERROR:  vault_secret_missing',
          },
        ],
        vault: [],
        functions: [],
        secrets: ['SITE_URL'],
        auth: {
          site_url: 'http://localhost:3000',
          uri_allow_list: 'http://localhost:5173/**,http://127.0.0.1:5173/**',
          external_anonymous_users_enabled: false,
          password_min_length: 6,
          mailer_autoconfirm: true,
          security_update_password_require_reauthentication: false,
          rate_limit_email_sent: 2,
        },
      }),
      REF,
    )
    const failed = checks.filter((c) => !c.ok)
    const text = failed.map((c) => `${c.what} → ${c.fix ?? ''}`).join('\n')
    expect(text).toContain('migrations not applied: 20261121170000')
    expect(text).toContain('extension pg_cron installed → npx supabase db push')
    expect(text).toContain('cron job dispatch-notifications scheduled and active')
    expect(text).toContain(
      'failed cron runs in the last hour: dispatch-notifications: ERROR:  vault_secret_missing',
    )
    expect(text).toContain(
      "Vault secret service_role_key set → select vault.create_secret('<value>', 'service_role_key');",
    )
    expect(text).toContain(
      'function report-found deployed → npx supabase functions deploy report-found',
    )
    expect(text).toMatch(/function secrets not set: TWILIO_API_URL, .*EMAIL_FROM/)
    expect(text).toMatch(/function secrets not set: .*VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/)
    expect(text).toContain(
      "the app's VITE_VAPID_PUBLIC_KEY is this deployment's own → npm run push:keys",
    )
    expect(text).toContain(
      "the function secrets VAPID_PUBLIC_KEY (the app's key) and VAPID_PRIVATE_KEY are set",
    )
    expect(text).not.toMatch(/function secrets not set: .*SITE_URL/)
    expect(text).toContain('Auth site URL is the production app (http://localhost:3000)')
    expect(text).toContain('Auth site URL is https (http://localhost:3000)')
    expect(text).toContain(
      'Auth redirect allow list has development addresses: http://localhost:5173/**, http://127.0.0.1:5173/**',
    )
    expect(text).toContain(
      'minimum password length is at least 10 → [auth] minimum_password_length',
    )
    expect(text).toContain(
      'owners confirm their e-mail before signing in (confirmations on) → [auth.email] enable_confirmations = true',
    )
    expect(text).toContain('a password change needs a recent sign-in (secure password change)')
    expect(text).toContain("Auth rate limits below config.toml's: email_sent 2 < 3600")
    expect(text).toContain('anonymous sign-ins are on')
    expect(text).toContain('custom SMTP with a sender')
    expect(text).toContain('recovery e-mail subject is "Reset your Homeward password"')
    expect(checks.find((c) => c.what === 'every migration is applied')).toBeUndefined()
  })

  it('reports a migration whose file was edited after it was applied, and one the repository lacks', async () => {
    const project = await deployedProject()
    const [baseline] = project.migrations
    if (!baseline?.statements) throw new Error('no baseline')
    // The project ran the baseline as pushed; the file has since been edited (a limit changed).
    const edited = baseline.statements.map((statement) =>
      statement.includes("'reports_per_tag'")
        ? statement.replace(/'reports_per_tag',\s*\d+/, "'reports_per_tag', 99999")
        : statement,
    )
    expect(edited).not.toEqual(baseline.statements)
    project.migrations = [
      { ...baseline, statements: edited },
      ...project.migrations.slice(1),
      { version: '20990101000000', name: 'hotfix', statements: ['select 1;'] },
    ]
    const failed = (await runChecks(fakeApi(project), REF, undefined, APP_ENV)).filter((c) => !c.ok)
    expect(failed.map((c) => c.what)).toEqual([
      `migrations edited after they were applied (the project ran other SQL): ${baseline.version}_${baseline.name}.sql`,
      'migrations on the project that the repository lacks: 20990101000000',
    ])
    expect(failed[0]?.fix).toContain('never edit an applied migration')
  })

  it('compares content, not layout: the same SQL split, spaced and commented differently passes', async () => {
    const project = await deployedProject()
    project.migrations = await Promise.all(
      (await listMigrations(supabaseDir)).map(async (m) => ({
        version: m.version,
        name: m.name,
        statements: [
          (await readFile(m.file, 'utf8')).replace(/\n\s*\n/g, '\n').replace(/--[^\n]*/g, ''),
        ],
      })),
    )
    expect(
      (await runChecks(fakeApi(project), REF, undefined, APP_ENV)).filter((c) => !c.ok),
    ).toEqual([])
    project.migrations[0] = { ...project.migrations[0]!, statements: null }
    const failed = (await runChecks(fakeApi(project), REF, undefined, APP_ENV)).filter((c) => !c.ok)
    expect(failed.map((c) => c.what)).toEqual([
      expect.stringContaining('recorded without their statements'),
    ])
  })

  it('reports an unreachable API as a failed check, not a crash', async () => {
    const broken: ManagementApi = {
      query: () => Promise.reject(new Error('HTTP 401 unauthorized')),
      get: () => Promise.reject(new Error('HTTP 401 unauthorized')),
    }
    const checks = await runChecks(broken, REF)
    expect(checks.every((c) => !c.ok)).toBe(true)
    expect(checks[0]).toEqual({ ok: false, what: 'migrations', fix: 'HTTP 401 unauthorized' })
  })
})

describe('deploy:check, Web Push', () => {
  it("refuses an app built with the local stack's key, or functions holding another key", async () => {
    const project = await deployedProject()
    const local = await runChecks(fakeApi(project), REF, undefined, {
      VITE_VAPID_PUBLIC_KEY:
        'BKt71QezhcJD9VxMmjzLcn0AVUkq7hKH-Gi7zf5ZD1QCGLw5VCTo9ISbiyvCp7l9Y7NsL1rYV-fPXkBpXTFua7o',
    })
    expect(local.filter((c) => !c.ok).map((c) => c.what)).toEqual([
      "the app's VITE_VAPID_PUBLIC_KEY is this deployment's own",
      "the function secrets VAPID_PUBLIC_KEY (the app's key) and VAPID_PRIVATE_KEY are set",
    ])
    const other = await runChecks(
      fakeApi({ ...project, secrets: project.secrets.filter((s) => s !== 'VAPID_PRIVATE_KEY') }),
      REF,
      undefined,
      { VITE_VAPID_PUBLIC_KEY: APP_VAPID_KEY },
    )
    expect(other.filter((c) => !c.ok).map((c) => c.what)).toEqual([
      'function secrets not set: VAPID_PRIVATE_KEY',
      "the function secrets VAPID_PUBLIC_KEY (the app's key) and VAPID_PRIVATE_KEY are set",
    ])
  })
})
