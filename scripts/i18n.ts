/**
 * `npm run i18n`: compiles the message catalogs (src/locales/*.json) into
 * src/locales/compiled/, one module (one chunk) per locale, and the pseudo-locale
 * en-XA from English. `npm run i18n -- --check` writes nothing and fails when a
 * catalog misses or invents a message, a placeholder differs, the code uses an id
 * en.json lacks (or en.json keeps one no code uses), or compiled/ is stale.
 * docs/languages.md is the manual.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { catalogProblems, COMPILED_DIR, compiledFiles } from './lib/i18n-catalogs'

const isCheck = process.argv.includes('--check')
const problems = catalogProblems()
for (const [path, text] of Object.entries(compiledFiles())) {
  const file = join(COMPILED_DIR, path)
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null
  if (current === text) continue
  if (isCheck) problems.push(`src/locales/compiled/${path} is stale: run npm run i18n`)
  else {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(isCheck ? 'catalogs are complete and compiled' : 'compiled src/locales/compiled/')
