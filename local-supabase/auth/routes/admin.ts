/** Admin API for the service role: list, create, read, delete users (GoTrue /admin/users). */
import bcrypt from 'bcryptjs'
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError, validationFailed } from '../errors.ts'
import { requireAdmin } from '../middleware.ts'
import { phoneNotSupported } from './otp.ts'
import { readBody } from '../request.ts'
import { isRecord } from '../../is-record.ts'
import {
  emailIdentityData,
  findUserByEmail,
  findUserById,
  identitiesOf,
  INSTANCE_ID,
  userJson,
  type UserRow,
} from '../users.ts'
import { validateEmail, validateMetadata, validatePassword } from '../validate.ts'
import { BCRYPT_COST } from '../passwords.ts'

export function adminRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config } = auth
  app.use('/admin/*', requireAdmin(auth))
  app.get('/admin/users', async (c) => {
    const page = pageParameter(c.req.query('page'), 1)
    const perPage = Math.min(1000, pageParameter(c.req.query('per_page'), 50))
    const { rows } = await db.query<UserRow>(
      'select * from auth.users where deleted_at is null order by created_at desc limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    )
    const total = await db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where deleted_at is null',
    )
    const users = await Promise.all(
      rows.map(async (u) => userJson(u, await identitiesOf(db, u.id))),
    )
    c.header('X-Total-Count', String(total.rows[0]?.n ?? 0))
    return c.json({ aud: 'authenticated', users })
  })

  app.post('/admin/users', async (c) => {
    const body = await readBody(c)
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    if (!email && typeof body.phone === 'string' && body.phone.trim()) throw phoneNotSupported()
    validateEmail(email)
    const password = typeof body.password === 'string' ? body.password : null
    if (password !== null) validatePassword(password, config.auth.minimumPasswordLength)
    const hash = password === null ? null : await bcrypt.hash(password, BCRYPT_COST)
    const metadata = isRecord(body.user_metadata) ? body.user_metadata : {}
    const appMetadata = {
      provider: 'email',
      providers: ['email'],
      ...(isRecord(body.app_metadata) ? body.app_metadata : {}),
    }
    validateMetadata(metadata, 'user_metadata')
    validateMetadata(appMetadata, 'app_metadata')
    const confirmed = body.email_confirm === true
    const user = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        )
      }
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ($1, gen_random_uuid(), 'authenticated', 'authenticated', lower($2), $3,
           case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now(), false) returning id`,
        [
          INSTANCE_ID,
          email,
          hash,
          confirmed,
          JSON.stringify(appMetadata),
          JSON.stringify(metadata),
        ],
      )
      const id = rows[0]!.id
      const identity = emailIdentityData(id, email, confirmed)
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
        [id, JSON.stringify(identity)],
      )
      return (await findUserById(tx, id))!
    })
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })

  app.get('/admin/users/:id', async (c) => {
    const user = await findUserById(db, c.req.param('id')).catch(() => undefined)
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })

  app.delete('/admin/users/:id', async (c) => {
    const user = await findUserById(db, c.req.param('id')).catch(() => undefined)
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    await db.query('delete from auth.users where id = $1', [user.id])
    return c.json({})
  })
}

/**
 * GoTrue parses `page` and `per_page` as unsigned integers and refuses anything
 * else (its message quotes Go's strconv error); 0 means the default.
 */
function pageParameter(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
    )
  }
  return Number(raw) || fallback
}
