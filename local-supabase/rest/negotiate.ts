/**
 * Content negotiation on `Accept` as PostgREST does it: a JSON array (the
 * default), a single object (`application/vnd.pgrst.object+json`), either with
 * `;nulls=stripped`. Any other media type is a 406 PGRST107.
 */
import { RestError } from './errors.ts'

export type Negotiated = {
  /** `application/vnd.pgrst.object+json`: exactly one row, as an object. */
  single: boolean
  /** `;nulls=stripped`: null-valued keys are left out of every object. */
  stripNulls: boolean
  contentType: string
}

const ARRAY = 'application/vnd.pgrst.array+json'
const OBJECT = 'application/vnd.pgrst.object+json'
/** Media types PostgREST answers (csv(), geojson(), explain(), raw output) and the local stack does not. */
const OTHER_POSTGREST_TYPES = new Set([
  'text/csv',
  'application/geo+json',
  'application/vnd.pgrst.plan',
  'application/vnd.pgrst.plan+json',
  'application/vnd.pgrst.plan+text',
  'application/octet-stream',
  'text/plain',
  'text/xml',
])
const JSON_TYPES = new Set(['application/json', '*/*', 'application/*', ARRAY, ''])

export function negotiate(accept: string | undefined): Negotiated {
  const ranges = (accept ?? '').split(',').map(parseRange)
  for (const range of ranges) {
    if (range.type === OBJECT || range.type === 'application/vnd.pgrst.object') {
      return mediaType(true, range.stripNulls)
    }
    if (JSON_TYPES.has(range.type)) {
      // nulls=stripped is a parameter of the pgrst media types only
      return mediaType(false, range.type === ARRAY && range.stripNulls)
    }
  }
  const known = ranges.find((range) => OTHER_POSTGREST_TYPES.has(range.type))
  if (known) {
    throw new RestError(
      406,
      'PGRST107',
      `"Accept: ${known.type}" is not supported by the local Supabase stack`,
      'The local stack answers JSON only (arrays and vnd.pgrst.object); use `supabase start` for the rest.',
    )
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}

function parseRange(text: string): { type: string; stripNulls: boolean } {
  const [type = '', ...params] = text.split(';').map((p) => p.trim())
  const stripNulls = params.some((p) => p.replace(/\s+/g, '').toLowerCase() === 'nulls=stripped')
  return { type: type.toLowerCase(), stripNulls }
}

function mediaType(single: boolean, stripNulls: boolean): Negotiated {
  const base = single ? OBJECT : stripNulls ? ARRAY : 'application/json'
  return {
    single,
    stripNulls,
    contentType: `${base}${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`,
  }
}
