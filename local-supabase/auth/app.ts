/**
 * Auth at /auth/v1 in GoTrue's wire format (protocols reference §1), one route
 * module per GoTrue endpoint group (routes/), the user lookup as middleware
 * (middleware.ts), request reading with limits (request.ts).
 */
import { Hono } from 'hono'
import { createAuthContext, type AuthDeps, type AuthEnv } from './context.ts'
import { API_VERSION, AuthError, authErrorResponse } from './errors.ts'
import { adminRoutes } from './routes/admin.ts'
import { otpRoutes } from './routes/otp.ts'
import { recoverRoutes } from './routes/recover.ts'
import { resendRoutes } from './routes/resend.ts'
import { settingsRoutes } from './routes/settings.ts'
import { signupRoutes } from './routes/signup.ts'
import { tokenRoutes } from './routes/token.ts'
import { userRoutes } from './routes/user.ts'
import { verifyRoutes } from './routes/verify.ts'

export type { AuthDeps } from './context.ts'

export function createAuthApp(deps: AuthDeps): Hono {
  const auth = createAuthContext(deps)
  const app = new Hono<AuthEnv>()

  app.use('*', async (c, next) => {
    await next()
    if (c.req.header('x-supabase-api-version'))
      c.res.headers.set('X-Supabase-Api-Version', API_VERSION)
  })
  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    deps.log.error({ err: error, path: c.req.path }, 'auth: unexpected error')
    return authErrorResponse(
      c,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    )
  })

  for (const routes of [
    settingsRoutes,
    signupRoutes,
    tokenRoutes,
    otpRoutes,
    recoverRoutes,
    resendRoutes,
    verifyRoutes,
    userRoutes,
    adminRoutes,
  ]) {
    routes(app, auth)
  }

  app.all('*', () => {
    throw new AuthError(
      404,
      'not_found',
      'This endpoint is not supported by the local Supabase stack',
    )
  })
  return app as unknown as Hono
}
