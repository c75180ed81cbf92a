import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { headersForPath, parseHeadersFile } from './scripts/lib/headers-file.ts'
import { appPageFallback } from './scripts/lib/page-fallback.ts'
import { LANGUAGE_VARY, pageInRequestLanguage } from './scripts/lib/page-language.ts'
import { withShellSkeleton } from './scripts/lib/shell-skeleton.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))
const dist = fileURLToPath(new URL('./dist', import.meta.url))

/**
 * `vite preview` serves dist/ as the documented hosts do: the prerendered pages
 * (dist/tag.html for /tag, …), the unrendered shell for other app routes, the 404
 * page with status 404 for unknown paths, and the headers of dist/_headers (the CSP,
 * the Permissions-Policy…) on every answer.
 */
function prerenderedPages(): Plugin {
  return {
    name: 'homeward-prerendered-pages',
    configurePreviewServer(server) {
      const headersFile = join(dist, '_headers')
      const rules = existsSync(headersFile)
        ? parseHeadersFile(readFileSync(headersFile, 'utf8'))
        : []
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://preview').pathname
        for (const [name, value] of headersForPath(rules, pathname)) res.setHeader(name, value)
        const fallback = appPageFallback(req.url ?? '/', (file) => existsSync(join(dist, file)))
        if (fallback) {
          req.url = fallback.url
          if (fallback.status !== 200) res.statusCode = fallback.status
        }
        // The finder's pages in the request's language (scripts/lib/page-language.ts).
        const [path = '/', query = ''] = (req.url ?? '/').split(/(?=\?)/, 2)
        if (!/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html')) {
          const file = path === '/' ? 'index.html' : `${path.slice(1).replace(/\.html$/, '')}.html`
          const inLanguage = pageInRequestLanguage(file, req.headers, (name) =>
            existsSync(join(dist, name)),
          )
          res.setHeader('Vary', LANGUAGE_VARY)
          if (inLanguage) req.url = `/${inLanguage}${query}`
        }
        next()
      })
    },
  }
}

/**
 * Every page module of the route table (src/app/route-table.ts, read as text: the
 * config cannot import it, its lazy imports use the app's `@/` alias).
 */
export function pageModules(): string[] {
  const table = readFileSync(
    fileURLToPath(new URL('./src/app/route-table.ts', import.meta.url)),
    'utf8',
  )
  return [...new Set([...table.matchAll(/\bmodule: '([^']+)'/g)].map((match) => `./${match[1]}`))]
}

/** The dev server's pages show what dist/shell.html shows until the app runs (shell-skeleton.ts). */
function devShellSkeleton(): Plugin {
  return {
    name: 'homeward-dev-shell-skeleton',
    apply: 'serve',
    transformIndexHtml: (html) => withShellSkeleton(html),
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), prerenderedPages(), devShellSkeleton()],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    strictPort: true,
    host: 'localhost',
    // Transformed as the dev server starts, not on the first visit: / or /how-to-scan
    // otherwise shows only the footer for seconds while its page module compiles.
    warmup: { clientFiles: ['./src/main.tsx', ...pageModules()] },
  },
  preview: { port: 4173, host: 'localhost' },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 500,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The router gets a chunk of its own, so the entry stays under 500 kB however
    // Rolldown happens to group the rest (the budget test in tests/build checks both).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'router', test: /node_modules[\\/]react-router/ }],
            },
          },
        },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/stack/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
}))
