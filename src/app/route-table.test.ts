import { describe, expect, it } from 'vitest'
import { PAGES } from '@/app/route-table'

describe('the route table', () => {
  it.each(PAGES.map((page) => [page.path ?? '(index)', page] as const))(
    '%s loads a component its page module exports (the module the build scripts name)',
    async (_, page) => {
      const exported = Object.values(
        (await import(/* @vite-ignore */ `/${page.module}`)) as Record<string, unknown>,
      )
      expect(exported).toContain(await page.load())
    },
  )

  it('has one row per path', () => {
    const paths = PAGES.map((page) => page.path?.toLowerCase())
    expect(new Set(paths).size).toBe(paths.length)
  })
})
