import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPGlite, type EmbeddedDatabase } from '../../local-supabase/db/pglite-database.ts'
import { withRole } from '../../local-supabase/roles.ts'

describe('withRole: role, claims and settings set transaction-locally', () => {
  let db: EmbeddedDatabase
  beforeAll(async () => {
    db = await openPGlite()
    await db.exec('create role authenticated nologin')
  })
  afterAll(async () => {
    await db.close()
  })

  const awkward = `it's a \\back\\slash, "quotes", \\' and E'\\n', ünïcødé 🐾, $1 $$ dollars`

  it('reads every value back exactly as given, quotes and backslashes included', async () => {
    const seen = await withRole(
      db,
      {
        role: 'authenticated',
        claims: { sub: 'someone', note: awkward },
        settings: {
          'request.headers': JSON.stringify({ 'x-note': awkward }),
          'request.odd': awkward,
        },
      },
      async (tx) => {
        const { rows } = await tx.query<{
          me: string
          claims: string
          headers: string
          odd: string
        }>(
          `select current_user as me, current_setting('request.jwt.claims') as claims,
                  current_setting('request.headers') as headers, current_setting('request.odd') as odd`,
        )
        return rows[0]
      },
    )
    expect(seen).toEqual({
      me: 'authenticated',
      claims: JSON.stringify({ sub: 'someone', note: awkward, role: 'authenticated' }),
      headers: JSON.stringify({ 'x-note': awkward }),
      odd: awkward,
    })
  })

  it('leaves nothing behind once the transaction ends', async () => {
    await withRole(
      db,
      { role: 'authenticated', settings: { 'request.odd': 'set' } },
      async () => undefined,
    )
    const { rows } = await db.query<{ me: string; odd: string | null }>(
      `select current_user as me, current_setting('request.odd', true) as odd`,
    )
    expect(rows[0]?.me).not.toBe('authenticated')
    expect(rows[0]?.odd ?? '').toBe('')
  })

  it('refuses a role that does not exist, and a value holding a NUL character', async () => {
    await expect(withRole(db, { role: 'nobody' }, async () => undefined)).rejects.toThrow(
      /role "nobody" does not exist/,
    )
    await expect(
      withRole(
        db,
        { role: 'authenticated', settings: { 'request.odd': 'a\0b' } },
        async () => undefined,
      ),
    ).rejects.toThrow()
  })
})
