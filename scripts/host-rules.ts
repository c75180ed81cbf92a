/**
 * Build step after prerendering: writes dist/_redirects and dist/_headers, the
 * host rules Netlify and Cloudflare Pages read, and the same headers for nginx
 * (scripts/lib/host-rules.ts). The CSP names the Supabase project this build talks
 * to: VITE_SUPABASE_URL as Vite read it for the build (.env files, then the
 * environment; local default), and the hashes of the inline scripts in the built
 * pages (scripts/lib/inline-scripts.ts).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadEnv } from 'vite'
import { parseEnv } from '../src/lib/parse-env'
import {
  headersFile,
  NGINX_HEADERS_FILE,
  NGINX_LANGUAGES_FILE,
  nginxHeadersFile,
  nginxLanguagesFile,
  redirectsFile,
} from './lib/host-rules'
import { builtPages, inlineScriptHashes } from './lib/inline-scripts'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')
const { supabaseUrl } = parseEnv(loadEnv('production', root, 'VITE_'))

const scriptHashes = inlineScriptHashes(builtPages(dist))

writeFileSync(
  join(dist, '_redirects'),
  redirectsFile((file) => existsSync(join(dist, file))),
)
writeFileSync(join(dist, NGINX_LANGUAGES_FILE), nginxLanguagesFile())
writeFileSync(join(dist, '_headers'), headersFile(supabaseUrl, scriptHashes))
writeFileSync(join(dist, NGINX_HEADERS_FILE), nginxHeadersFile(supabaseUrl, scriptHashes))
console.log(
  `Host rules: dist/_redirects, dist/_headers, dist/${NGINX_HEADERS_FILE}, dist/${NGINX_LANGUAGES_FILE} ` +
    `(CSP connect-src ${supabaseUrl}, ${scriptHashes.length} inline script hashes)`,
)
