/**
 * Build step after prerendering: writes dist/_redirects and dist/_headers, the
 * host rules Netlify and Cloudflare Pages read (scripts/lib/host-rules.ts). The
 * CSP names the Supabase project this build talks to: VITE_SUPABASE_URL as Vite
 * read it for the build (.env files, then the environment; local default).
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadEnv } from 'vite'
import { parseEnv } from '../src/lib/parse-env'
import { headersFile, redirectsFile } from './lib/host-rules'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')
const { supabaseUrl } = parseEnv(loadEnv('production', root, 'VITE_'))

writeFileSync(join(dist, '_redirects'), redirectsFile())
writeFileSync(join(dist, '_headers'), headersFile(supabaseUrl))
console.log(`Host rules: dist/_redirects, dist/_headers (CSP connect-src ${supabaseUrl})`)
