import type { ComponentType } from 'react'
import type { RouteHandle } from './route-handle.ts'
import { paths, segmentPaths } from '../lib/paths.ts'

/**
 * Every page of SPEC.md §2 in one table: its path, what the layout needs (handle),
 * its page module (the source file, which is also its key in Vite's build manifest,
 * and the lazy import that loads it as its own chunk), whether it is prerendered at
 * build time and which JavaScript budget it is held to. The router
 * (router.tsx), the prerender (scripts/lib/prerendered-pages.ts) and the budgets
 * (scripts/lib/budgets.ts) read it. Plain data and lazy imports only: the build
 * scripts import it under Node. Relative imports, for the same reason.
 */
export type PageEntry = {
  /** undefined: the index route (/); '*': any path no other route has (404). */
  path: string | undefined
  handle: RouteHandle
  /** The page module's source file (route-table.test.ts checks `load` imports it). */
  module: string
  load: () => Promise<ComponentType>
  /** Rendered to HTML at build time (scripts/prerender.ts). */
  isPrerendered?: true
  /** Held to FINDER_JS_GZIP_BYTES (scripts/lib/budgets.ts, tests/build). */
  budget?: 'finder'
}

/** Where the page for a path no route has is prerendered. */
export const NOT_FOUND_PATH = '/404'

const publicPage = (
  title: string,
  background: RouteHandle['background'],
  headerIcon: RouteHandle['headerIcon'] = 'home',
): RouteHandle => ({ title, background, headerIcon, guard: 'public' })

const home: Omit<PageEntry, 'path'> = {
  handle: publicPage('home', 'home', 'profile'),
  module: 'src/features/marketing/components/home-page.tsx',
  load: async () => (await import('@/features/marketing/components/home-page')).HomePage,
  isPrerendered: true,
}

/** SPEC.md §2 routes. Paths come from lib/paths; the router matches them case-insensitively. */
export const PAGES: readonly PageEntry[] = [
  { path: undefined, ...home },
  { path: paths.home, ...home },
  {
    path: paths.howItWorks,
    handle: publicPage('How it works', 'guide'),
    module: 'src/features/marketing/components/how-it-works-page.tsx',
    load: async () =>
      (await import('@/features/marketing/components/how-it-works-page')).HowItWorksPage,
    isPrerendered: true,
  },
  {
    path: paths.faq,
    handle: publicPage('Help', 'guide'),
    module: 'src/features/marketing/components/faq-page.tsx',
    load: async () => (await import('@/features/marketing/components/faq-page')).FaqPage,
    isPrerendered: true,
  },
  {
    path: paths.howToScan,
    handle: publicPage('How to scan', 'guide'),
    module: 'src/app/routes/how-to-scan.tsx',
    load: async () => (await import('@/app/routes/how-to-scan')).default,
    isPrerendered: true,
  },
  {
    path: paths.found,
    handle: publicPage('Found', 'finder'),
    module: 'src/features/marketing/components/found-guide-page.tsx',
    load: async () =>
      (await import('@/features/marketing/components/found-guide-page')).FoundGuidePage,
    isPrerendered: true,
  },
  {
    path: paths.foundReunite,
    handle: publicPage('Inform the Owner', 'finder'),
    module: 'src/features/found/components/reunite-form.tsx',
    load: async () => (await import('@/features/found/components/reunite-form')).ReuniteForm,
    isPrerendered: true,
    budget: 'finder',
  },
  {
    path: paths.foundThankYou,
    handle: publicPage('Thank you', 'finder'),
    module: 'src/app/routes/found-thank-you.tsx',
    load: async () => (await import('@/app/routes/found-thank-you')).default,
    isPrerendered: true,
  },
  {
    path: paths.tag,
    handle: publicPage('Found a tag?', 'finder'),
    module: 'src/features/found/components/tag-lookup.tsx',
    load: async () => (await import('@/features/found/components/tag-lookup')).TagLookup,
    isPrerendered: true,
    budget: 'finder',
  },
  {
    path: paths.register,
    handle: { title: 'Register', background: 'plain', headerIcon: 'home', guard: 'session' },
    module: 'src/features/auth/components/register-form.tsx',
    load: async () => (await import('@/features/auth/components/register-form')).RegisterForm,
  },
  {
    path: paths.login,
    handle: { title: 'Login', background: 'plain', headerIcon: 'home', guard: 'session' },
    module: 'src/features/auth/components/login-page.tsx',
    load: async () => (await import('@/features/auth/components/login-page')).LoginPage,
  },
  {
    path: paths.passwordReset,
    handle: { title: 'Reset Password', background: 'plain', headerIcon: 'home', guard: 'session' },
    module: 'src/features/auth/components/password-reset-form.tsx',
    load: async () =>
      (await import('@/features/auth/components/password-reset-form')).PasswordResetForm,
  },
  {
    path: paths.updatePassword,
    handle: { title: 'New Password', background: 'plain', headerIcon: 'home', guard: 'session' },
    module: 'src/features/auth/components/update-password-form.tsx',
    load: async () =>
      (await import('@/features/auth/components/update-password-form')).UpdatePasswordForm,
  },
  {
    path: paths.chat,
    handle: { title: 'Chat', background: 'finder', headerIcon: 'home', guard: 'session' },
    module: 'src/app/routes/chat.tsx',
    load: async () => (await import('@/app/routes/chat')).default,
  },
  {
    path: paths.privacy,
    handle: publicPage('Privacy', 'guide'),
    module: 'src/features/marketing/components/legal-page.tsx',
    load: async () => (await import('@/features/marketing/components/legal-page')).PrivacyPage,
    isPrerendered: true,
  },
  {
    path: paths.terms,
    handle: publicPage('Terms', 'guide'),
    module: 'src/features/marketing/components/legal-page.tsx',
    load: async () => (await import('@/features/marketing/components/legal-page')).TermsPage,
    isPrerendered: true,
  },
  {
    path: paths.campaign,
    handle: publicPage('Campaign', 'home'),
    module: 'src/app/routes/campaign.tsx',
    load: async () => (await import('@/app/routes/campaign')).default,
    isPrerendered: true,
  },
  {
    path: paths.account,
    handle: {
      title: 'Account Settings',
      background: 'owner',
      headerIcon: 'profile',
      guard: 'login-screen',
    },
    module: 'src/app/routes/account.tsx',
    load: async () => (await import('@/app/routes/account')).default,
  },
  {
    path: paths.activeTag,
    handle: {
      title: 'Activate a tag',
      background: 'owner',
      headerIcon: 'profile',
      guard: 'login-screen',
    },
    module: 'src/features/tags/components/activate-tag-form.tsx',
    load: async () =>
      (await import('@/features/tags/components/activate-tag-form')).ActivateTagForm,
  },
  {
    path: paths.activeTagActivated,
    handle: { title: 'Activated', background: 'owner', headerIcon: 'home', guard: 'login-screen' },
    module: 'src/app/routes/active-tag-activated.tsx',
    load: async () => (await import('@/app/routes/active-tag-activated')).default,
  },
  {
    path: paths.dashboard,
    handle: {
      title: 'Dashboard',
      background: 'owner',
      headerIcon: 'home',
      guard: 'login-redirect',
    },
    module: 'src/app/routes/dashboard.tsx',
    load: async () => (await import('@/app/routes/dashboard')).default,
  },
  {
    path: paths.editTag,
    handle: { title: 'Edit Tag', background: 'owner', headerIcon: 'home', guard: 'login-redirect' },
    module: 'src/features/items/components/edit-item-form.tsx',
    load: async () => (await import('@/features/items/components/edit-item-form')).EditItemForm,
  },
  {
    path: paths.operator,
    handle: { title: 'Operator', background: 'plain', headerIcon: 'home', guard: 'login-redirect' },
    module: 'src/features/operator/components/operator-desk.tsx',
    load: async () => (await import('@/features/operator/components/operator-desk')).OperatorDesk,
  },
  {
    path: `${segmentPaths.caseLink}/:token`,
    handle: { title: 'Case', background: 'finder', headerIcon: 'home', guard: 'session' },
    module: 'src/features/case-links/components/case-page.tsx',
    load: async () => (await import('@/features/case-links/components/case-page')).CasePage,
  },
  {
    path: paths.caseLinks,
    handle: {
      title: 'Case links',
      background: 'owner',
      headerIcon: 'home',
      guard: 'login-redirect',
    },
    module: 'src/features/case-links/components/case-links-page.tsx',
    load: async () =>
      (await import('@/features/case-links/components/case-links-page')).CaseLinksPage,
  },
  {
    path: paths.caseSheet,
    handle: {
      title: 'Case sheet',
      background: 'plain',
      headerIcon: 'home',
      guard: 'login-redirect',
    },
    module: 'src/features/case-links/components/case-sheet-page.tsx',
    load: async () =>
      (await import('@/features/case-links/components/case-sheet-page')).CaseSheetPage,
  },
  {
    path: paths.desk,
    handle: { title: 'Desk', background: 'plain', headerIcon: 'home', guard: 'login-redirect' },
    module: 'src/features/desk/components/desk-page.tsx',
    load: async () => (await import('@/features/desk/components/desk-page')).DeskPage,
  },
  {
    path: '*',
    handle: publicPage('Page not found', 'plain'),
    module: 'src/features/marketing/components/not-found-page.tsx',
    load: async () => (await import('@/features/marketing/components/not-found-page')).NotFoundPage,
    isPrerendered: true,
  },
]

/** The URL path a page is served at when prerendered (the index route at /, the 404 page at /404). */
export function prerenderedPath(page: PageEntry): string {
  if (page.path === undefined) return paths.root
  if (page.path === '*') return NOT_FOUND_PATH
  return page.path
}
