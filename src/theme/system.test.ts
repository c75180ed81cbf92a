import { recipes, slotRecipes } from '@chakra-ui/react/theme'
import { describe, expect, it } from 'vitest'
import { system } from './system'

/** Every .tsx file under src (tests left out), as text. */
const sources = Object.entries(
  import.meta.glob<string>('../**/*.tsx', { query: '?raw', import: 'default', eager: true }),
)
  .filter(([path]) => !path.endsWith('.test.tsx'))
  .map(([, text]) => text)

/** The Chakra components the app imports (`import { Button, Checkbox } from '@chakra-ui/react'`). */
function chakraComponentsInUse(): Set<string> {
  const used = new Set<string>()
  for (const text of sources) {
    for (const [, names = ''] of text.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    ))
      for (const name of names.split(',')) {
        const component = name.replace(/\bas\b.*/, '').trim()
        if (/^[A-Z]/.test(component)) used.add(component)
      }
  }
  return used
}

/** The recipe Chakra styles a component with: its name in camelCase, or one it shares. */
const SHARED: Record<string, string> = { IconButton: 'button', CloseButton: 'button' }
const recipeKey = (component: string) =>
  SHARED[component] ?? component[0]!.toLowerCase() + component.slice(1)

describe("the theme's recipes", () => {
  it('styles every Chakra component the app uses that Chakra gives a recipe', () => {
    const used = [...chakraComponentsInUse()]
    expect(used).toContain('Checkbox')
    const missing = used.filter((component) => {
      const key = recipeKey(component)
      if (key in recipes) return !system.isRecipe(key)
      if (key in slotRecipes) return !system.isSlotRecipe(key)
      return false // a layout component (Box, Stack…) has no recipe
    })
    expect(missing).toEqual([])
  })
})
