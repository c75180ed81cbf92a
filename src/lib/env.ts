/** Browser configuration, parsed once (rules in parse-env.ts). Vite exposes only VITE_* variables. */
import { parseEnv } from './parse-env'

export { isHttpUrl, type Env } from './parse-env'

export const env = parseEnv(import.meta.env)
