import { Hono } from 'hono'
import type { StackContext } from '../context.ts'
import type { EmailInput } from '../inbox/store.ts'

export type AuthDeps = StackContext & { apiUrl: string; sendEmail: (email: EmailInput) => void }

export function createAuthApp(_deps: AuthDeps): Hono {
  const app = new Hono()
  app.all('*', (c) => c.json({ code: 'not_implemented', message: 'Not implemented yet' }, 501))
  return app
}
