/**
 * supabase/config.toml is read by the Supabase CLI (`supabase start`, `config push`)
 * as well as by the local stack: the CLI must accept it without errors or
 * deprecation warnings. Without Docker the CLI stops after parsing, which is enough.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)

it('the Supabase CLI accepts supabase/config.toml without errors or deprecations', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeward-cli-config-'))
  try {
    await cp('supabase/config.toml', path.join(dir, 'supabase/config.toml'))
    await cp('supabase/templates', path.join(dir, 'supabase/templates'), { recursive: true })
    await cp('supabase/.env.development', path.join(dir, 'supabase/.env.development'))
    const output = await run(path.resolve('node_modules/.bin/supabase'), ['status'], {
      cwd: dir,
      env: { ...process.env, DOCKER_HOST: 'unix:///nonexistent/docker.sock' },
    }).then(
      ({ stdout, stderr }) => stdout + stderr,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    )
    expect(output).not.toMatch(/no longer supported|deprecated|failed to (parse|load) config/i)
    expect(output).toMatch(/docker/i)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
