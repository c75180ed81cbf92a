import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = ['account', 'auth', 'chat', 'found', 'items', 'marketing', 'push', 'tags']

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'node_modules',
      '.local-supabase',
      'supabase/functions',
      'src/types/database.types.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature; wire them in src/app.',
            })),
            {
              target: ['./src/features', './src/components', './src/lib', './src/theme'],
              from: './src/app',
              message: 'Only src/app composes the app; nothing imports from it.',
            },
            {
              target: ['./src/components', './src/lib', './src/theme'],
              from: './src/features',
              message: 'Shared code never depends on a feature.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'jotai', message: 'Import from @/lib/jotai instead.' },
            { name: 'jotai/utils', message: 'Import from @/lib/jotai instead.' },
          ],
        },
      ],
    },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/lib/jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Small functions (CONVENTIONS.md): a component, handler or stack step longer than this
    // is doing several things. Tests' describe blocks are exempt.
    files: ['src/**/*.{ts,tsx}', 'local-supabase/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
)
