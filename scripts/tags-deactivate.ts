/**
 * `npm run tags:deactivate -- <tag_id>…`: deactivates tags (refunds, SPEC §1)
 * with the service-role key. SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY target any project.
 */
import { describeError, fail, operatorClient } from './tags-cli.ts'

const codes = process.argv
  .slice(2)
  .map((c) => c.trim().toUpperCase())
  .filter(Boolean)
if (codes.length === 0) fail('Usage: npm run tags:deactivate -- <tag_id> [<tag_id>…]', 2)
const url = process.env.SUPABASE_URL?.trim() || 'http://127.0.0.1:54321'
const { data, error } = await operatorClient().rpc('deactivate_tags', { codes })
if (error) fail(`Could not deactivate tags: ${describeError(error, url)}`)
const count = typeof data === 'number' ? data : 0
console.log(`Deactivated ${count} of ${codes.length} tag${codes.length === 1 ? '' : 's'}.`)
if (count < codes.length) console.log('Tags not changed were unknown or already deactivated.')
