import { existsSync, readFileSync } from 'node:fs'

/**
 * Which parts of the product have landed yet. A journey whose feature is still a
 * placeholder is marked fixme with the reason (and runs by itself once it lands),
 * rather than failing for something nobody has built yet.
 */
const PLACEHOLDER = 'Placeholder until its feature lands'

function isPlaceholder(route: string): boolean {
  const file = `src/app/routes/${route}.tsx`
  return !existsSync(file) || readFileSync(file, 'utf8').includes(PLACEHOLDER)
}

function hasFunction(name: string): boolean {
  return existsSync(`supabase/functions/${name}/index.ts`)
}

/** Why the /tag page cannot be used yet, or null. */
export function tagPageMissing(): string | null {
  return isPlaceholder('tag') ? 'the /tag page (finder feature) has not landed' : null
}

/** Why a finder cannot report an item yet (and no e-mails go out), or null. */
export function finderReportMissing(): string | null {
  if (isPlaceholder('tag') || isPlaceholder('found-reunite') || isPlaceholder('found-thank-you')) {
    return 'the finder pages (/tag, /found/reunite, /found/thank-you) have not landed'
  }
  if (!hasFunction('report-found')) return 'the report-found Edge Function has not landed'
  if (!hasFunction('dispatch-notifications')) {
    return 'the dispatch-notifications Edge Function (e-mail, SMS) has not landed'
  }
  return null
}
