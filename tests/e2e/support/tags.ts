import { execFileSync } from 'node:child_process'

export type MintedTag = { tagId: string; activationCode: string; url: string }

/**
 * Mints fresh tags with the operator's command, `npm run tags:mint -- --count N`,
 * against the running local stack, and reads its CSV (tag_id,activation_code,url).
 */
export function mintTags(count = 1): MintedTag[] {
  const output = execFileSync(
    'npm',
    ['run', '--silent', 'tags:mint', '--', '--count', String(count)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    },
  )
  const tags = output
    .split(/\r?\n/)
    .map((line) => line.trim().split(','))
    .filter(
      (cells) => cells.length >= 3 && /^https?:\/\//.test(cells[2] ?? '') && cells[0] !== 'tag_id',
    )
    .map(([tagId = '', activationCode = '', url = '']) => ({ tagId, activationCode, url }))
  if (tags.length !== count)
    throw new Error(`tags:mint printed ${tags.length} tags, expected ${count}:\n${output}`)
  return tags
}

export function mintTag(): MintedTag {
  const [tag] = mintTags(1)
  if (!tag) throw new Error('tags:mint printed no tag')
  return tag
}
