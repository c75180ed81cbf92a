/**
 * `npm run tags:deactivate -- <tag_id>…`: deactivates tags (refunds, SPEC §1)
 * with the project's secret key. The database reads each code as it reads a typed
 * one (app_private.normalize_code: any case, dashes and spaces).
 * SUPABASE_URL / SUPABASE_SECRET_KEY target any project.
 */
import { describeError, fail, operatorClient } from './tags-cli.ts'

const codes = process.argv.slice(2).filter((c) => c.trim() !== '')
if (codes.length === 0) fail('Usage: npm run tags:deactivate -- <tag_id> [<tag_id>…]', 2)
const url = process.env.SUPABASE_URL?.trim() || 'http://127.0.0.1:54321'
const { data, error } = await operatorClient().rpc('deactivate_tags', { codes })
if (error) fail(`Could not deactivate tags: ${describeError(error, url)}`)
const count = typeof data === 'number' ? data : 0
console.log(`Deactivated ${count} of ${codes.length} tag${codes.length === 1 ? '' : 's'}.`)
if (count < codes.length) console.log('Tags not changed were unknown or already deactivated.')
