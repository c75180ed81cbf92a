import type { RunningStack } from './stack.ts'

/** The few lines printed at start-up: URLs, keys, inbox. */
export function banner(
  stack: Pick<RunningStack, 'apiUrl' | 'inboxUrl' | 'dbUrl' | 'config'>,
): string {
  const { config } = stack
  const lines: [string, string][] = [
    ['API URL', stack.apiUrl],
    ['DB URL', stack.dbUrl ?? '(off: embedded database without wire access)'],
    ['Inbox URL', stack.inboxUrl],
    ['Publishable key', config.publishableKey],
    ['Secret key', config.secretKey],
    ['anon key', config.anonKey],
    ['service_role key', config.serviceRoleKey],
    [
      'Signing key',
      `${config.jwtKeys.signing.alg} kid ${config.jwtKeys.signing.kid} (${config.jwtKeys.source}${config.jwtKeys.file ? `: ${config.jwtKeys.file}` : ''}); JWKS at ${stack.apiUrl}/auth/v1/.well-known/jwks.json`,
    ],
    ['Data', config.dataDir ?? '(in memory)'],
  ]
  const width = Math.max(...lines.map(([label]) => label.length))
  return lines.map(([label, value]) => `${label.padStart(width)}: ${value}`).join('\n')
}
