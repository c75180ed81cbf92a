import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import preact from '@preact/preset-vite'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { finderServiceWorker } from './scripts/lib/finder-precache.ts'
import { appPageFallback } from './scripts/lib/page-fallback.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))
const dist = fileURLToPath(new URL('./dist', import.meta.url))

/**
 * `vite preview` serves the prerendered pages (dist/tag.html for /tag, …); other app
 * routes get the unrendered shell, unknown paths the 404 page with status 404.
 */
function prerenderedPages(): Plugin {
  return {
    name: 'homeward-prerendered-pages',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const fallback = appPageFallback(req.url ?? '/', (file) => existsSync(join(dist, file)))
        if (fallback) {
          req.url = fallback.url
          if (fallback.status !== 200) res.statusCode = fallback.status
        }
        next()
      })
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [preact(), prerenderedPages(), finderServiceWorker()],
  resolve: { alias: { '@': src } },
  // The prerender bundle carries its dependencies, so Chakra and the router render
  // with Preact too (Node would otherwise load them against the real React).
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  server: { port: 5173, strictPort: true, host: 'localhost' },
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
          // Dependencies go through Vite too, so every `react` import (Chakra, the router,
          // Testing Library's ES module build) resolves to Preact as in the app.
          server: { deps: { inline: true } },
        },
        ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
        resolve: {
          conditions: ['module', 'browser', 'development'],
          alias: {
            '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
          },
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
