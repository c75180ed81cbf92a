import { readFileSync } from 'node:fs'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import {
  LOADING_TEXT,
  SHELL_SKELETON,
  withoutShellSkeleton,
  withShellSkeleton,
} from '../../scripts/lib/shell-skeleton'

const template = readFileSync('index.html', 'utf8')

describe('the page before the app runs (owner pages, the chat, after Logout)', () => {
  it('is a header and "Loading Homeward…", not a blank page, and goes back to the empty #root', () => {
    const shell = withShellSkeleton(template)
    expect(shell).toContain(`<div id="root">${SHELL_SKELETON}</div>`)
    expect(SHELL_SKELETON).toContain(`<p role="status"`)
    expect(SHELL_SKELETON).toContain(LOADING_TEXT)
    expect(SHELL_SKELETON).not.toMatch(/<script/)
    expect(withoutShellSkeleton(shell)).toBe(template)
    // Twice is once.
    expect(withShellSkeleton(shell)).toBe(shell)
  })

  describe('on the dev server (npm start)', () => {
    let server: ViteDevServer | undefined
    afterAll(async () => {
      await server?.close()
    })
    it('every page carries it too', async () => {
      server = await createServer({
        configFile: 'vite.config.ts',
        server: { port: 0, strictPort: false, warmup: { clientFiles: [] } },
        logLevel: 'silent',
      })
      const html = await server.transformIndexHtml('/dashboard', template)
      expect(html).toContain(SHELL_SKELETON)
    })
  })
})
