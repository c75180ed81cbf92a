import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  drawerSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme'

/**
 * Homeward's Chakra system (SPEC.md §9): Inter, primary teal #1E889C as a full
 * palette, the spec's breakpoints, an 8 px spacing unit, 4 px radius and page
 * backgrounds that vary by screen. Components use the semantic tokens below,
 * never hex values.
 */

/**
 * Chakra's palettes we use: brand (ours, below), gray, red, green, teal, and orange
 * (the Alert's `warning` status). Every token becomes a CSS custom property inlined
 * in each prerendered page, and the finder's phone parses them before its first
 * paint: the other palettes (blue, cyan, purple, pink, yellow) and whiteAlpha are
 * left out. A component given one of those palettes renders uncoloured, so add the
 * palette here before using it.
 */
const PALETTES = ['gray', 'red', 'orange', 'green', 'teal'] as const

/**
 * Chakra's keyframes our recipes use: the spinner and the drawer. (Its
 * animation styles are left out too: no recipe or component here names one.)
 */
const KEYFRAMES = [
  'spin',
  'fade-in',
  'fade-out',
  ...['from', 'to'].flatMap((way) =>
    ['left', 'right', 'top', 'bottom'].map((side) => `slide-${way}-${side}-full`),
  ),
]

/**
 * Inter (SPEC.md §9), switched on after the first paint; until then 'Inter fallback'
 * (index.html), a local Arial-like face sized to Inter, so nothing moves when it arrives.
 */
const FONT_STACK = "'Inter', 'Inter fallback', system-ui, sans-serif"

const pick = <T extends object>(from: T, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key as keyof T]])) as Record<
    string,
    NonNullable<T[keyof T]>
  >

/**
 * A semantic token group without its dark-mode values: the app has no dark mode
 * (nothing sets Chakra's `.dark` class), so `_dark` values were only dead CSS.
 */
function lightOnly<T extends object>(group: T): T {
  return Object.fromEntries(
    Object.entries(group).map(([key, token]) => {
      const value = (token as { value?: unknown }).value
      if (value === undefined) return [key, lightOnly(token as object)]
      const light = (value as { _light?: unknown })._light
      return [key, light === undefined ? token : { value: light }]
    }),
  ) as T
}

/**
 * Text colours that meet WCAG's 4.5:1 on every page background (white, and the
 * finder's #fdf8ef). Chakra's `fg.warning` is orange.600 (3.4:1 on the finder's
 * page; the offline banners use it) and `fg.success` green.600 (3.3:1 on white; a
 * form's success message uses it). One shade darker reads 4.9:1 and 4.7:1.
 */
const ourForegrounds: Record<string, { value: string }> = {
  warning: { value: '{colors.orange.700}' },
  success: { value: '{colors.green.700}' },
}

/** Chakra's semantic colours for our palettes; `info` (blue) is not used. */
const semanticColors = lightOnly({
  ...pick(semanticTokens.colors, PALETTES),
  ...Object.fromEntries(
    (['bg', 'fg', 'border'] as const).map((group) => [
      group,
      Object.fromEntries(
        Object.entries(semanticTokens.colors[group])
          .filter(([key]) => key !== 'info')
          .map(([key, token]) => [key, (group === 'fg' && ourForegrounds[key]) || token]),
      ),
    ]),
  ),
})

/**
 * The touch rule (issue 45): every control a person presses on a phone is at least
 * 44 × 44 px, the control itself or its hit area. A smaller control (a link in a row of
 * links, a small button on a laptop) keeps its look and gets an invisible ::after that
 * reaches 22 px from its centre every way; a control already as big has none. The size
 * is the `touch` token (sizes.touch) below; tests/screens/layout.ts measures it.
 */
const REACH = `min(0px, calc(50% - var(--${cssVarsPrefix}-sizes-touch) / 2))`
const hitArea = {
  position: 'relative',
  _after: {
    content: '""',
    position: 'absolute',
    insetBlock: REACH,
    insetInline: REACH,
  },
} as const

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
    // No animation at all rather than a very short one: Ark's presence unmounts a closed
    // drawer at once when it has no animation, but waits for the `animationend` of a
    // 0.01 ms one, which can pass before it listens (the backdrop then stays, blocking the page).
    '*, *::before, *::after': {
      _motionReduce: {
        animation: 'none !important',
        transition: 'none !important',
      },
    },
    body: { fontFamily: 'body' },
    // Focus is always visible: Chakra's recipes draw their own rings; anything else a
    // keyboard reaches (a plain link, a summary) gets the brand's outline.
    ':where(a, button, summary, [tabindex]):focus-visible': {
      outline: '2px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
    },
  },
  theme: {
    tokens: {
      colors: { brand },
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
      spacing: {
        /** The spec's spacing unit. Layouts use multiples of it (Chakra's 2, 4, 6, 8…). */
        unit: { value: '8px' },
      },
      radii: { base: { value: '4px' } },
      sizes: {
        /** The smallest a pressed control (or its hit area) may be on a phone. */
        touch: { value: '44px' },
      },
    },
    recipes: {
      // Below md (phones and small tablets) every button is at least 44 × 44 px: two
      // small buttons stacked 8 px apart would otherwise share their hit areas.
      button: { base: { ...hitArea, mdDown: { minH: 'touch', minW: 'touch' } } },
      link: { base: hitArea },
      // 16 px text in fields (phones zoom into anything smaller) and 44 px high.
      input: { defaultVariants: { size: 'lg' } },
      // A one-line message box is a field to press too: 44 px high, 16 px text.
      textarea: { base: { minH: 'touch' }, defaultVariants: { size: 'lg' } },
    },
    slotRecipes: {
      // The whole row (box and words) is the control: 44 px high, a 20 px box.
      checkbox: { slots: checkboxSlotRecipe.slots, base: { root: { minH: 'touch' } } },
    },
    semanticTokens: {
      colors: {
        brand: {
          // White on brand.500 (#1E889C) is 4.15:1, under WCAG AA's 4.5:1 for text;
          // solid fills use brand.600 (5.4:1). The palette keeps #1E889C at its centre.
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.300}' },
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

/**
 * Chakra's default theme with only the recipes of the components we use: the full
 * set (90 recipes) was a quarter of the finder's JavaScript. A component whose
 * recipe is missing renders unstyled, so add its recipe here when you use a new one.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  // Chakra's global styles, less the filter and ring variables it set on every element
  // (`*`): no style here uses `filter="auto"`, `backdropFilter="auto"` or rings, and 25
  // custom properties per element slowed the first style pass. The fonts and border
  // colour it gave every element are set once on html and inherited.
  globalCss: {
    '*': { fontFeatureSettings: '"cv11"' },
    html: {
      color: 'fg',
      bg: 'bg',
      lineHeight: '1.5',
      colorPalette: 'gray',
      '--global-font-mono': 'fonts.mono',
      '--global-font-body': 'fonts.body',
      '--global-color-border': 'colors.border',
    },
    '*::placeholder, *[data-placeholder]': { color: 'fg.muted/80' },
    '*::selection': { bg: 'colorPalette.emphasized/80' },
  },
  theme: {
    keyframes: pick(keyframes, KEYFRAMES),
    tokens: {
      ...tokens,
      colors: pick(tokens.colors, [
        'transparent',
        'current',
        'black',
        'white',
        'blackAlpha',
        ...PALETTES,
      ]),
    },
    semanticTokens: {
      ...semanticTokens,
      colors: semanticColors,
      shadows: lightOnly(semanticTokens.shadows),
    },
    textStyles,
    layerStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
})

const merged = mergeConfigs(defaultBaseConfig, chakraTheme, homewardConfig)

export const system = createSystem({
  ...merged,
  theme: {
    ...merged.theme,
    // Replaced, not merged: the spec's breakpoints only.
    breakpoints: { xs: '0px', sm: '600px', md: '900px', lg: '1200px', xl: '1536px' },
  },
})
