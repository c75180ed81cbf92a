/** Health, settings and keys (GoTrue /health, /settings, /.well-known/jwks.json). */
import type { AuthApp, AuthContext } from '../context.ts'

export function settingsRoutes(app: AuthApp, auth: AuthContext): void {
  const { config } = auth
  app.get('/health', (c) =>
    c.json({
      version: 'v2.189.0',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  )
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: config.auth.enableAnonymousSignIns, email: true, phone: false },
      disable_signup: !config.auth.enableSignup,
      mailer_autoconfirm: !config.auth.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )
  // The public signing keys (never the legacy secret), cached as GoTrue's answer is.
  app.get('/.well-known/jwks.json', (c) =>
    c.json(config.jwtKeys.jwks, 200, { 'Cache-Control': 'public, max-age=600' }),
  )
}
