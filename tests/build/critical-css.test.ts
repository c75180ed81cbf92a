import { describe, expect, it } from 'vitest'
import { criticalGlobalCss, customPropertiesUsed } from '../../scripts/lib/critical-css'

// Chakra's token names hold CSS escapes: `--chakra-sizes-1\/2`, `--chakra-spacing-0\.5`.
const TOKENS = String.raw`@layer tokens{:where(html){--chakra-sizes-1:0.25rem;--chakra-sizes-1\/2:50%;--chakra-spacing-0\.5:0.125rem;--chakra-spacing-gap:var(--chakra-spacing-0\.5);}}`

describe('criticalGlobalCss', () => {
  it('reads a custom property whose name holds an escape as the whole name', () => {
    expect([...customPropertiesUsed(String.raw`a{width:var(--chakra-sizes-1\/2)}`)]).toEqual([
      String.raw`--chakra-sizes-1\/2`,
    ])
  })

  it('keeps an escaped token only when the page reads it, directly or through another', () => {
    expect(criticalGlobalCss(TOKENS, 'a{width:var(--chakra-sizes-1)}')).toBe(
      '@layer tokens{:where(html){--chakra-sizes-1:0.25rem;}}',
    )
    expect(criticalGlobalCss(TOKENS, String.raw`a{width:var(--chakra-sizes-1\/2)}`)).toBe(
      String.raw`@layer tokens{:where(html){--chakra-sizes-1\/2:50%;}}`,
    )
    expect(criticalGlobalCss(TOKENS, 'a{gap:var(--chakra-spacing-gap)}')).toBe(
      String.raw`@layer tokens{:where(html){--chakra-spacing-0\.5:0.125rem;--chakra-spacing-gap:var(--chakra-spacing-0\.5);}}`,
    )
  })
})
