/** The operator commands: argument parsing, CSV shape, tags:mint / tags:deactivate against a stack (npm start: npm-start.test.ts). */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseMintArgs, toCsv } from '../../scripts/tags-mint.ts'
import { parseSettingsArgs } from '../../scripts/settings.ts'
import { client, startTestStack, type TestStack } from '../../local-supabase/testing/test-stack.ts'

const run = promisify(execFile)

describe('tags:mint arguments and CSV', () => {
  it('parses --count and --batch and refuses bad input', () => {
    expect(parseMintArgs(['--count', '3', '--batch', 'May'])).toEqual({ count: 3, batch: 'May' })
    expect(parseMintArgs(['--count', '1'])).toEqual({ count: 1, batch: null })
    expect(() => parseMintArgs([])).toThrow('--count is required')
    expect(() => parseMintArgs(['--count', '0'])).toThrow(
      '--count must be a whole number from 1 to 10000',
    )
    expect(() => parseMintArgs(['--count', 'abc'])).toThrow('--count must be a whole number')
    expect(() => parseMintArgs(['--count', '2', '--oops'])).toThrow('Unexpected argument "--oops"')
  })

  it('prints the encoder CSV with the tag URL on the site', () => {
    expect(
      toCsv([{ code: 'HWABC23456', activation_code: 'XYZ' }], 'https://homeward.example/'),
    ).toBe(
      'tag_id,activation_code,url\nHWABC23456,XYZ,https://homeward.example/tag?tagId=HWABC23456\n',
    )
  })
})

describe('settings arguments', () => {
  it('reads the reminder delay and quiet hours, and refuses bad input in words', () => {
    expect(parseSettingsArgs(['reminders'])).toEqual({})
    expect(parseSettingsArgs(['reminders', '--delay', '30m', '--quiet', '22:00-07:00'])).toEqual({
      remind_after: '30 minutes',
      quiet_from: '22:00',
      quiet_until: '07:00',
    })
    expect(parseSettingsArgs(['reminders', '--delay', '2h'])).toEqual({ remind_after: '2 hours' })
    expect(parseSettingsArgs(['reminders', '--quiet', 'off'])).toEqual({
      quiet_from: '00:00',
      quiet_until: '00:00',
    })
    expect(() => parseSettingsArgs(['reminders', '--delay', '30'])).toThrow(
      '--delay must be minutes or hours, such as 30m or 2h (got "30")',
    )
    expect(() => parseSettingsArgs(['reminders', '--quiet', '22-7'])).toThrow(
      '--quiet must be HH:MM-HH:MM, such as 22:00-07:00, or off (got "22-7")',
    )
    expect(() => parseSettingsArgs(['limits'])).toThrow('Unknown settings "limits"')
  })
})

describe('tags:mint and tags:deactivate against the stack', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack()
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('mints tags as CSV, then deactivates one', async () => {
    const env = { ...process.env, SUPABASE_URL: stack.apiUrl, SITE_URL: 'http://localhost:5173' }
    const minted = await run(
      'npx',
      ['tsx', 'scripts/tags-mint.ts', '--count', '2', '--batch', 'cli-test'],
      { env },
    )
    const lines = minted.stdout.trim().split('\n')
    expect(lines[0]).toBe('tag_id,activation_code,url')
    expect(lines).toHaveLength(3)
    const [code, activation, url] = lines[1]!.split(',')
    expect(code).toMatch(/^HW[A-Z2-9]{8}$/)
    expect(activation).toBeTruthy()
    expect(url).toBe(`http://localhost:5173/tag?tagId=${code}`)
    expect((await client(stack).rpc('tag_status', { code })).data).toEqual({
      status: 'unclaimed',
      lost_note: null,
      return_instructions: null,
      own_item: null,
    })

    const deactivated = await run('npx', ['tsx', 'scripts/tags-deactivate.ts', code!], { env })
    expect(deactivated.stdout).toContain('Deactivated 1 of 1 tag.')
    expect((await client(stack).rpc('tag_status', { code })).data).toEqual({
      status: 'not_found',
      lost_note: null,
      return_instructions: null,
      own_item: null,
    })

    // A code typed as a refund e-mail may quote it (lower case, a dash) is read as the app reads it.
    const second = lines[2]!.split(',')[0]!
    const typed = `${second.slice(0, 6).toLowerCase()}-${second.slice(6).toLowerCase()}`
    const typedRun = await run('npx', ['tsx', 'scripts/tags-deactivate.ts', typed], { env })
    expect(typedRun.stdout).toContain('Deactivated 1 of 1 tag.')
    expect((await client(stack).rpc('tag_status', { code: second })).data).toMatchObject({
      status: 'not_found',
    })
  }, 60_000)

  it('settings: shows and changes the reminder delay and quiet hours, and explains a refusal', async () => {
    const env = { ...process.env, SUPABASE_URL: stack.apiUrl }
    const shown = await run('npx', ['tsx', 'scripts/settings.ts', 'reminders'], { env })
    expect(shown.stdout).toContain('delay:         00:15:00 after the report')
    expect(shown.stdout).toContain('quiet hours:   22:00-07:00 (Europe/London')
    const changed = await run(
      'npx',
      ['tsx', 'scripts/settings.ts', 'reminders', '--delay', '30m', '--quiet', '23:00-06:00'],
      { env },
    )
    expect(changed.stdout).toContain('delay:         00:30:00 after the report')
    expect(changed.stdout).toContain('quiet hours:   23:00-06:00')
    const refused = await run(
      'npx',
      ['tsx', 'scripts/settings.ts', 'reminders', '--delay', '48h'],
      { env },
    ).catch((error: { code: number; stderr: string }) => error)
    expect('code' in refused && refused.code).toBe(1)
    expect((refused as { stderr: string }).stderr).toContain(
      'the reminder delay must be more than 0 and less than 24:00:00',
    )
  }, 60_000)

  it('explains an unreachable API instead of printing a stack trace', async () => {
    const env = { ...process.env, SUPABASE_URL: 'http://127.0.0.1:9' }
    const failed = await run('npx', ['tsx', 'scripts/tags-mint.ts', '--count', '1'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect('code' in failed && failed.code).toBe(1)
    expect((failed as { stderr: string }).stderr).toContain('cannot reach http://127.0.0.1:9')
  }, 60_000)
})
