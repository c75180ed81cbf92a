/**
 * supabase/config.toml is the one source of the local stack's settings: what
 * it says about redirect URLs, password length and the recovery e-mail changes
 * how the stack behaves; environment variables override it; settings the stack
 * does not support are listed, not ignored.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, stringify } from 'smol-toml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../local-supabase/config.ts'
import { PASSWORD_MIN_LENGTH } from '../../src/lib/validation.ts'
import {
  client,
  firstLink,
  latestEmailTo,
  startTestStack,
  type TestStack,
  uniqueEmail,
} from '../../local-supabase/testing/test-stack.ts'

const repoConfig = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url))
const repoTemplate = fileURLToPath(
  new URL('../../supabase/templates/recovery.html', import.meta.url),
)
const repoConfirmation = fileURLToPath(
  new URL('../../supabase/templates/confirmation.html', import.meta.url),
)

const repoDevEnv = fileURLToPath(new URL('../../supabase/.env.development', import.meta.url))

type Doc = Record<string, Record<string, unknown>>
const dirs: string[] = []

/** The repository's config.toml with changes, written to a project folder of its own. */
async function configWith(
  change: (doc: Doc) => void,
  files: Record<string, string> = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeward-config-'))
  dirs.push(dir)
  const doc = parse(await readFile(repoConfig, 'utf8')) as Doc
  const auth = doc.auth as {
    email: { template: { recovery: Record<string, string>; confirmation: Record<string, string> } }
  }
  auth.email.template.recovery.content_path = repoTemplate
  auth.email.template.confirmation.content_path = repoConfirmation
  change(doc)
  const file = path.join(dir, 'supabase', 'config.toml')
  await writeFile(path.join(dir, 'placeholder'), '')
  await import('node:fs/promises').then((fs) => fs.mkdir(path.dirname(file), { recursive: true }))
  await writeFile(file, stringify(doc))
  // The local values of config.toml's env() (supabase/.env.development), as in the repository.
  await writeFile(
    path.join(dir, 'supabase', '.env.development'),
    await readFile(repoDevEnv, 'utf8'),
  )
  for (const [name, content] of Object.entries(files)) {
    await import('node:fs/promises').then((fs) =>
      fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true }),
    )
    await writeFile(path.join(dir, name), content)
  }
  return file
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('parseConfig reads config.toml', () => {
  it('takes ports, API, auth and e-mail settings from the repository config.toml', () => {
    const config = parseConfig({})
    expect(config.configPath).toBe(repoConfig)
    expect(config.ports).toEqual({ api: 54321, db: 54322, inbox: 54324 })
    expect(config.rest).toEqual({
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
    })
    expect(config.siteUrl).toBe('http://localhost:5173')
    expect(config.additionalRedirectUrls).toEqual([
      'http://localhost:5173/**',
      'http://127.0.0.1:5173/**',
    ])
    expect(config.auth).toMatchObject({
      enableAnonymousSignIns: true,
      minimumPasswordLength: 10,
      otpExpiry: 3600,
      enableConfirmations: true,
      securePasswordChange: true,
    })
    expect(config.email).toMatchObject({
      senderName: 'Homeward',
      adminEmail: 'no-reply@homeward.example',
    })
    expect(config.email.recovery.source).toBe(repoTemplate)
  })

  it('the app states the password floor config.toml sets', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(parseConfig({}).auth.minimumPasswordLength)
  })

  it('reads env() as the Supabase CLI does: the environment, else supabase/.env.<SUPABASE_ENV>', async () => {
    // The repository's supabase/.env.development holds the local values.
    expect(parseConfig({}).siteUrl).toBe('http://localhost:5173')
    const production = { HOMEWARD_SITE_URL: 'https://homeward.example' }
    const set = parseConfig({
      ...production,
      HOMEWARD_REDIRECT_URLS: 'https://homeward.example/**',
    })
    expect(set.siteUrl).toBe('https://homeward.example')
    expect(set.additionalRedirectUrls).toEqual(['https://homeward.example/**'])
    // Another SUPABASE_ENV does not read .env.development: an unset variable is named.
    expect(() => parseConfig({ SUPABASE_ENV: 'production', ...production })).toThrow(
      'config.toml auth.additional_redirect_urls = "env(HOMEWARD_REDIRECT_URLS)": that environment variable is not set',
    )
    const file = await configWith(() => {}, {
      'supabase/.env.production':
        '# production\nHOMEWARD_SITE_URL="https://homeward.example"\nexport HOMEWARD_REDIRECT_URLS=https://homeward.example/**,https://www.homeward.example/**\n',
    })
    const fromFile = parseConfig({ SUPABASE_ENV: 'production' }, {}, { configPath: file })
    expect(fromFile.siteUrl).toBe('https://homeward.example')
    expect(fromFile.additionalRedirectUrls).toEqual([
      'https://homeward.example/**',
      'https://www.homeward.example/**',
    ])
  })

  it('lets environment variables override the file', () => {
    const config = parseConfig({
      SITE_URL: 'https://homeward.example',
      ADDITIONAL_REDIRECT_URLS: 'https://a.example/**, https://b.example/**',
      LOCAL_SUPABASE_MINIMUM_PASSWORD_LENGTH: '12',
      LOCAL_SUPABASE_API_PORT: '6000',
      LOCAL_SUPABASE_EMAIL_SENDER_NAME: 'Homeward Staging',
    })
    expect(config.siteUrl).toBe('https://homeward.example')
    expect(config.additionalRedirectUrls).toEqual(['https://a.example/**', 'https://b.example/**'])
    expect(config.auth.minimumPasswordLength).toBe(12)
    expect(config.ports.api).toBe(6000)
    expect(config.email.senderName).toBe('Homeward Staging')
  })

  it('lists every setting the local stack does not support', async () => {
    const file = await configWith((doc) => {
      ;(doc.storage as Record<string, unknown>).image_transformation = { enabled: true }
      const auth = doc.auth as Record<string, unknown>
      auth.external = {
        github: { enabled: true, client_id: 'x', secret: 'y' },
        apple: { enabled: false, client_id: 'z' },
      }
      auth.jwt_issuer = 'https://issuer.example'
      ;(
        (auth.email as Record<string, Record<string, unknown>>).template as Record<string, unknown>
      ).invite = {
        subject: 'Join',
        content_path: './supabase/templates/invite.html',
      }
    })
    const { unsupported } = parseConfig({}, {}, { configPath: file })
    expect(unsupported).toEqual(
      expect.arrayContaining([
        '[storage.image_transformation] is switched on: not provided by the local stack',
        '[auth.external.github] is switched on: not provided by the local stack',
        'auth.jwt_issuer = "https://issuer.example": not supported by the local stack',
        'auth.email.template.invite.subject: the local stack sends only the recovery and confirmation e-mails',
      ]),
    )
    // A switched-off provider is not noise.
    expect(unsupported.join('\n')).not.toContain('apple')
  })

  it('reads [storage] and its buckets: sizes as the CLI reads them, MIME lists', async () => {
    const file = await configWith((doc) => {
      doc.storage = {
        enabled: true,
        file_size_limit: '20MB',
        buckets: {
          'chat-photos': {
            public: false,
            file_size_limit: '1.5MiB',
            allowed_mime_types: ['image/png', ''],
          },
          avatars: { public: true },
        },
      }
    })
    const { storage, unsupported } = parseConfig({}, {}, { configPath: file })
    expect(storage.enabled).toBe(true)
    expect(storage.fileSizeLimit).toBe(20 * 1024 * 1024)
    expect(storage.buckets).toEqual([
      { id: 'chat-photos', public: false, fileSizeLimit: 1572864, allowedMimeTypes: ['image/png'] },
      { id: 'avatars', public: true, fileSizeLimit: null, allowedMimeTypes: null },
    ])
    expect(unsupported.join('\n')).not.toContain('storage')
    const bad = await configWith((doc) => {
      doc.storage = { enabled: true, buckets: { photos: { file_size_limit: 'huge' } } }
    })
    expect(() => parseConfig({}, {}, { configPath: bad })).toThrow(
      'config.toml storage.buckets.photos.file_size_limit must be a size such as "50MiB" (got "huge")',
    )
  })

  it('refuses wrong types, unreadable templates and template syntax the stack cannot render, in one error', async () => {
    const file = await configWith(
      (doc) => {
        ;(doc.api as Record<string, unknown>).max_rows = 'many'
        ;(doc.auth as Record<string, unknown>).minimum_password_length = 'env(NO_SUCH_VARIABLE)'
        ;(
          (doc.auth as Record<string, Record<string, Record<string, Record<string, unknown>>>>)
            .email!.template!.recovery as Record<string, unknown>
        ).content_path = './supabase/templates/fancy.html'
      },
      { 'supabase/templates/fancy.html': '<p>{{ if .Token }}code{{ end }}</p>' },
    )
    expect(() => parseConfig({}, {}, { configPath: file })).toThrow(
      /api\.max_rows must be a whole number[\s\S]*NO_SUCH_VARIABLE[\s\S]*"\{\{ if \.Token \}\}" is not supported by the local stack/,
    )
  })
})

describe('the stack behaves as config.toml says', () => {
  let standard: TestStack
  let custom: TestStack
  beforeAll(async () => {
    const file = await configWith(
      (doc) => {
        const auth = doc.auth as Record<string, unknown>
        auth.additional_redirect_urls = ['https://homeward.example/**']
        auth.minimum_password_length = 12
        const email = auth.email as {
          template: { recovery: Record<string, string> }
          smtp: Record<string, unknown>
        }
        email.template.recovery = {
          subject: 'Password help for {{ .Email }}',
          content_path: './supabase/templates/plain-recovery.html',
        }
        email.smtp.sender_name = 'Homeward Test'
        email.smtp.admin_email = 'help@homeward.test'
      },
      {
        'supabase/templates/plain-recovery.html':
          '<p>Hello {{ .Email }}, <a href="{{ .ConfirmationURL }}">reset it here</a>.</p>',
      },
    )
    ;[standard, custom] = await Promise.all([
      startTestStack(),
      startTestStack({}, { configPath: file }),
    ])
  })
  afterAll(async () => {
    await Promise.all([standard?.close(), custom?.close()])
  })

  async function recoveryLink(stack: TestStack, redirectTo: string) {
    const email = uniqueEmail('config')
    expect(
      (await client(stack).auth.signUp({ email, password: 'long-enough-pass' })).error,
    ).toBeNull()
    expect((await client(stack).auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull()
    const mail = await latestEmailTo(stack, email)
    const response = await fetch(firstLink(mail!.Text), { redirect: 'manual' })
    return { email, mail: mail!, location: response.headers.get('location') ?? '' }
  }

  it('additional_redirect_urls decides where a recovery link may lead', async () => {
    const target = 'https://homeward.example/password-reset/update'
    const allowed = await recoveryLink(custom, target)
    expect(allowed.location).toMatch(new RegExp(`^${target}#access_token=`))
    // Not listed in the repository's config.toml: the site URL instead.
    expect(
      (await recoveryLink(standard, target)).location.startsWith(
        'http://localhost:5173#access_token=',
      ),
    ).toBe(true)
  })

  it('minimum_password_length decides which passwords are too short', async () => {
    const weak = await client(custom).auth.signUp({ email: uniqueEmail(), password: 'elevenchars' })
    expect(weak.error?.code).toBe('weak_password')
    expect(weak.error?.message).toContain('12 characters')
    expect(
      (await client(standard).auth.signUp({ email: uniqueEmail(), password: 'elevenchars' })).error,
    ).toBeNull()
    const short = await client(standard).auth.signUp({
      email: uniqueEmail(),
      password: 'nine-char',
    })
    expect(short.error?.message).toContain('10 characters')
  })

  it('the recovery template and sender decide the e-mail', async () => {
    const branded = await recoveryLink(standard, 'http://localhost:5173/password-reset/update')
    expect(branded.mail.Subject).toBe('Reset your Homeward password')
    expect(branded.mail.HTML).toContain('Choose a new password')
    // One way back in: the link. No code the app has nowhere to enter.
    expect(branded.mail.Text).not.toMatch(/\b\d{6}\b/)
    expect(branded.mail.HTML).not.toMatch(/\b\d{6}\b/)
    const custom1 = await recoveryLink(custom, 'http://localhost:5173/password-reset/update')
    expect(custom1.mail.Subject).toBe(`Password help for ${custom1.email}`)
    expect(custom1.mail.HTML).toMatch(
      /^<p>Hello config-[^<]+, <a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=[0-9a-f]+&amp;type=recovery&amp;redirect_to=[^"]+">reset it here<\/a>\.<\/p>$/,
    )
    const summary = (await (
      await fetch(`${custom.inboxUrl}/api/v1/message/${custom1.mail.ID}`)
    ).json()) as {
      From: { Name: string; Address: string }
    }
    expect(summary.From).toEqual({ Name: 'Homeward Test', Address: 'help@homeward.test' })
  })
})
