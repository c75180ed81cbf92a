import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/**
 * The production build into dist/, as `npm run build` makes it without the type check:
 * the client, the prerender bundle, the prerendered pages, then the host rules.
 */
export function buildSite(baseEnv: NodeJS.ProcessEnv = process.env): void {
  // Test runners set NODE_ENV=test, which would build React's development bundles.
  const env = { ...baseEnv, NODE_ENV: 'production' }
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, { cwd: root, stdio: 'pipe', env })
  run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
  run([
    'node_modules/vite/bin/vite.js',
    'build',
    '--ssr',
    'src/app/render-page.tsx',
    '--outDir',
    'dist-ssr',
    '--logLevel',
    'warn',
  ])
  run(['--import', 'tsx', 'scripts/prerender.ts'])
  run(['--import', 'tsx', 'scripts/host-rules.ts'])
}
