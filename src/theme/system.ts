import { createSystem, defaultConfig, defineConfig, mergeConfigs } from '@chakra-ui/react'

/**
 * Homeward's Chakra system (SPEC.md §9): Inter, primary teal #1E889C as a full
 * palette, the spec's breakpoints, an 8 px spacing unit, 4 px radius and page
 * backgrounds that vary by screen. Components use the semantic tokens below,
 * never hex values.
 */

const brand = {
  50: { value: '#e8f6f8' },
  100: { value: '#c6e9ef' },
  200: { value: '#9bd6e1' },
  300: { value: '#68bfce' },
  400: { value: '#3ba6b9' },
  500: { value: '#1e889c' },
  600: { value: '#197486' },
  700: { value: '#155f6e' },
  800: { value: '#104a56' },
  900: { value: '#0b353e' },
  950: { value: '#062127' },
}

const homewardConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    // People who ask their system for less motion get none (the drawer, dialogs, toasts).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
      },
    },
    body: { fontFamily: 'body' },
  },
  theme: {
    tokens: {
      colors: { brand },
      fonts: {
        heading: { value: "'Inter', system-ui, sans-serif" },
        body: { value: "'Inter', system-ui, sans-serif" },
      },
      spacing: {
        /** The spec's spacing unit. Layouts use multiples of it (Chakra's 2, 4, 6, 8…). */
        unit: { value: '8px' },
      },
      radii: { base: { value: '4px' } },
    },
    semanticTokens: {
      colors: {
        brand: {
          // White on brand.500 (#1E889C) is 4.15:1, under WCAG AA's 4.5:1 for text;
          // solid fills use brand.600 (5.4:1). The palette keeps #1E889C at its centre.
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
        },
        // Chakra's default teal, green and red solids carry white text at 3.7:1, 3.3:1
        // and 4.3:1; one step darker meets WCAG AA (found by the e2e axe scans).
        teal: { solid: { value: '{colors.teal.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
        red: { solid: { value: '{colors.red.700}' } },
        /** Page backgrounds by kind of screen (each route's handle names one, src/app/router.tsx). */
        page: {
          home: { value: '{colors.brand.50}' },
          guide: { value: '{colors.gray.50}' },
          finder: { value: '#fdf8ef' },
          owner: { value: 'white' },
          plain: { value: 'white' },
        },
      },
      radii: {
        l1: { value: '4px' },
        l2: { value: '4px' },
        l3: { value: '4px' },
      },
    },
  },
})

const merged = mergeConfigs(defaultConfig, homewardConfig)

export const system = createSystem({
  ...merged,
  theme: {
    ...merged.theme,
    // Replaced, not merged: the spec's breakpoints only.
    breakpoints: { xs: '0px', sm: '600px', md: '900px', lg: '1200px', xl: '1536px' },
  },
})
