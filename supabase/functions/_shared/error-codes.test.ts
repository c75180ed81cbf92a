import assert from 'node:assert/strict'
import { ERROR_CODE_SHAPE, FUNCTION_ERROR_CODES } from './error-codes.ts'
import { HttpError, INPUT_MESSAGES, withHttp } from './http.ts'
import { PROOF_MESSAGES } from './proof-of-work.ts'

const functionsDir = new URL('../', import.meta.url)

/** Every function's own source (no tests, no generated types). */
async function sources(): Promise<Array<{ path: string; text: string }>> {
  const found: Array<{ path: string; text: string }> = []
  const walk = async (dir: URL, prefix: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${prefix}${entry.name}`
      if (entry.isDirectory) await walk(new URL(`${entry.name}/`, dir), `${path}/`)
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !entry.name.endsWith('.generated.ts') &&
        entry.name !== 'database.types.ts'
      ) {
        found.push({ path, text: await Deno.readTextFile(new URL(entry.name, dir)) })
      }
    }
  }
  await walk(functionsDir, '')
  return found
}

/** The string literals a refusal is built with: HttpError's message, a caller's refusal, an error body's message. */
function refusalLiterals(text: string): string[] {
  const literal = `'((?:[^'\\\\]|\\\\.)*)'|"((?:[^"\\\\]|\\\\.)*)"|\`([^\`]*)\``
  const patterns = [
    new RegExp(`new HttpError\\(\\s*[^,]+,\\s*[^,]+,\\s*(?:${literal})`, 'g'),
    new RegExp(`refusal:\\s*(?:${literal})`, 'g'),
    new RegExp(`\\bmessage:\\s*(?:${literal})`, 'g'),
  ]
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? ''),
  )
}

Deno.test('the scan finds a sentence where there is one', () => {
  assert.deepEqual(
    refusalLiterals(
      `throw new HttpError(400, 'invalid_input', 'Please fill in all fields')\n` +
        `requireUser({ refusal: "Please log in." }, handle)\njson({ error: { message: \`Use POST.\` } })`,
    ),
    ['Please fill in all fields', 'Please log in.', 'Use POST.'],
  )
})

Deno.test(
  'no Edge Function answers with an English sentence: every refusal is a listed code',
  async () => {
    const files = await sources()
    assert.ok(files.some((file) => file.path === 'report-found/handler.ts'))
    const known: Record<string, string> = FUNCTION_ERROR_CODES
    const wrong = files.flatMap(({ path, text }) =>
      refusalLiterals(text)
        .filter((value) => !ERROR_CODE_SHAPE.test(value) || !known[value])
        .map((value) => `${path}: ${value}`),
    )
    assert.deepEqual(wrong, [])
  },
)

Deno.test('the shared refusals are codes of the list', () => {
  for (const code of [...Object.values(INPUT_MESSAGES), ...Object.values(PROOF_MESSAGES)]) {
    assert.ok(code in FUNCTION_ERROR_CODES, code)
  }
})

Deno.test(
  'every listed code is snake_case and answered by some function (none invented)',
  async () => {
    const text = (await sources()).map((file) => file.text).join('\n')
    for (const code of Object.keys(FUNCTION_ERROR_CODES)) {
      assert.match(code, ERROR_CODE_SHAPE)
      assert.ok(text.includes(`'${code}'`), `${code} is listed but no function answers it`)
    }
  },
)

Deno.test(
  'the error body: the kind in code, the exact code in message, the detail when given',
  async () => {
    const handler = withHttp([], () => {
      throw new HttpError(400, 'invalid_input', 'item_name_too_long', {}, '80')
    })
    const response = await handler(new Request('http://functions.test/x', { method: 'POST' }))
    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), {
      error: { code: 'invalid_input', message: 'item_name_too_long', detail: '80' },
    })
    const failing = withHttp([], () => Promise.reject(new Error('boom')))
    const originalError = console.error
    console.error = () => {}
    try {
      const failed = await failing(new Request('http://functions.test/x', { method: 'POST' }))
      assert.equal(failed.status, 500)
      assert.deepEqual(await failed.json(), {
        error: { code: 'internal_error', message: 'internal_error' },
      })
    } finally {
      console.error = originalError
    }
    const wrongMethod = await handler(new Request('http://functions.test/x', { method: 'GET' }))
    assert.deepEqual(await wrongMethod.json(), {
      error: { code: 'method_not_allowed', message: 'method_not_allowed' },
    })
  },
)
