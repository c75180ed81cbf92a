import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect } from '@playwright/test'
import { buildSite } from '../../../scripts/lib/build-site.ts'

const root = resolve(import.meta.dirname, '../../..')
const LOCK = join(root, 'test-results/.build-lock')
/** Set by global-setup.ts for each `playwright test` run; its workers inherit it. */
export const RUN_ENV = 'HOMEWARD_E2E_RUN'

/**
 * The production build in dist/, made once per `playwright test` run: the specs that
 * need it (first-paint, offline-preview) may run at the same time in two workers, and
 * two builds writing dist/ at once would mix their files. The first caller builds under
 * a lock directory (mkdir is atomic); the others wait for its "built" marker.
 */
export async function siteBuiltForThisRun(): Promise<void> {
  const built = builtMarker()
  await expect
    .poll(() => existsSync(built) || tryLock(), {
      message: 'the other worker’s production build to finish',
      timeout: 300_000,
      intervals: [500],
    })
    .toBe(true)
  if (existsSync(built)) return
  try {
    buildSite()
    writeFileSync(built, new Date().toISOString())
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

/**
 * At the start of a run, once its id is set: when `appUrl` serves this checkout's
 * dist/ (the suite's server is `npm start -- --preview`, which has just built it), that
 * build is this run's and is not made again.
 */
export async function markBuiltIfServed(appUrl: string): Promise<void> {
  const page = join(root, 'dist/index.html')
  if (!existsSync(page)) return
  const served = await fetch(appUrl)
    .then((response) => response.text())
    .catch(() => null)
  if (served === readFileSync(page, 'utf8')) writeFileSync(builtMarker(), new Date().toISOString())
}

function builtMarker(): string {
  mkdirSync(join(root, 'test-results'), { recursive: true })
  return join(root, `test-results/.built-${process.env[RUN_ENV] ?? 'no-run-id'}`)
}

/** At the start of a run: a lock left by a run that was killed mid-build is stale. */
export function clearBuildLock(): void {
  rmSync(LOCK, { recursive: true, force: true })
}

function tryLock(): boolean {
  try {
    mkdirSync(LOCK)
    return true
  } catch {
    return false
  }
}
