import { existsSync } from 'node:fs'
import { loadConfigFromFile, type UserConfig } from 'vite'
import { expect, it } from 'vitest'
import { PAGES } from '../../src/app/route-table.ts'

it("npm start's dev server compiles every page module as it starts (server.warmup), so a first visit is not a bare footer", async () => {
  const loaded = await loadConfigFromFile(
    { command: 'serve', mode: 'development' },
    'vite.config.ts',
  )
  const server = (loaded?.config as UserConfig | undefined)?.server
  const warmed = server?.warmup?.clientFiles ?? []
  expect(warmed).toContain('./src/main.tsx')
  for (const page of PAGES) expect(warmed).toContain(`./${page.module}`)
  for (const file of warmed) expect(existsSync(file)).toBe(true)
})
