import { setupServer } from 'msw/node'

/**
 * The one msw server of the app tests. Started in setup.ts with
 * onUnhandledRequest 'error': a test must declare every Supabase call it expects
 * (see supabase-handlers.ts), e.g. `server.use(restGet('items', rows))`.
 */
export const server = setupServer()
