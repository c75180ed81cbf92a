import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/page-spinner'
import { paths } from '@/lib/paths'
import { AppLayout } from '@/app/layout/app-layout'
import type { RouteHandle } from '@/app/route-handle'

type PageRoute = RouteObject & { handle: RouteHandle }

/**
 * One page: its path, its handle (title, background, header icon, guard) and its
 * component, loaded on first visit as its own chunk.
 */
function page(
  path: string | undefined,
  handle: RouteHandle,
  load: () => Promise<ComponentType>,
): PageRoute {
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: async () => ({ Component: await load() }),
    HydrateFallback: PageSpinner,
  } as PageRoute
}

const publicPage = (
  title: string,
  background: RouteHandle['background'],
  headerIcon: RouteHandle['headerIcon'] = 'home',
): RouteHandle => ({ title, background, headerIcon, guard: 'public' })

const home = publicPage('home', 'home', 'profile')
const loadHome = async () => (await import('@/features/marketing/components/home-page')).HomePage

/** SPEC.md §2 routes. Paths come from @/lib/paths; the router matches them case-insensitively. */
export const pageRoutes: PageRoute[] = [
  page(undefined, home, loadHome),
  page(paths.home, home, loadHome),
  page(
    paths.howItWorks,
    publicPage('How it works', 'guide'),
    async () => (await import('@/features/marketing/components/how-it-works-page')).HowItWorksPage,
  ),
  page(
    paths.faq,
    publicPage('Help', 'guide'),
    async () => (await import('@/features/marketing/components/faq-page')).FaqPage,
  ),
  page(
    paths.howToScan,
    publicPage('How to scan', 'guide'),
    async () => (await import('@/app/routes/how-to-scan')).default,
  ),
  page(
    paths.found,
    publicPage('Found', 'finder'),
    async () => (await import('@/features/marketing/components/found-guide-page')).FoundGuidePage,
  ),
  page(
    paths.foundReunite,
    publicPage('Inform the Owner', 'finder'),
    async () => (await import('@/features/found/components/reunite-form')).ReuniteForm,
  ),
  page(
    paths.foundThankYou,
    publicPage('Thank you', 'finder'),
    async () => (await import('@/app/routes/found-thank-you')).default,
  ),
  page(
    paths.tag,
    publicPage('Found a tag?', 'finder'),
    async () => (await import('@/features/found/components/tag-lookup')).TagLookup,
  ),
  page(
    paths.register,
    { title: 'Register', background: 'plain', headerIcon: 'home', guard: 'session' },
    async () => (await import('@/features/auth/components/register-form')).RegisterForm,
  ),
  page(
    paths.login,
    { title: 'Login', background: 'plain', headerIcon: 'home', guard: 'session' },
    async () => (await import('@/features/auth/components/login-page')).LoginPage,
  ),
  page(
    paths.passwordReset,
    { title: 'Reset Password', background: 'plain', headerIcon: 'home', guard: 'session' },
    async () => (await import('@/features/auth/components/password-reset-form')).PasswordResetForm,
  ),
  page(
    paths.updatePassword,
    { title: 'New Password', background: 'plain', headerIcon: 'home', guard: 'session' },
    async () =>
      (await import('@/features/auth/components/update-password-form')).UpdatePasswordForm,
  ),
  page(
    paths.chat,
    { title: 'Chat', background: 'finder', headerIcon: 'home', guard: 'session' },
    async () => (await import('@/features/chat/components/chat-page')).ChatPage,
  ),
  page(
    paths.privacy,
    publicPage('Privacy', 'guide'),
    async () => (await import('@/features/marketing/components/legal-page')).PrivacyPage,
  ),
  page(
    paths.terms,
    publicPage('Terms', 'guide'),
    async () => (await import('@/features/marketing/components/legal-page')).TermsPage,
  ),
  page(
    paths.campaign,
    publicPage('Campaign', 'home'),
    async () => (await import('@/app/routes/campaign')).default,
  ),
  page(
    paths.account,
    {
      title: 'Account Settings',
      background: 'owner',
      headerIcon: 'profile',
      guard: 'login-screen',
    },
    async () => (await import('@/features/account/components/account-form')).AccountForm,
  ),
  page(
    paths.activeTag,
    { title: 'Activate a tag', background: 'owner', headerIcon: 'profile', guard: 'login-screen' },
    async () => (await import('@/features/tags/components/activate-tag-form')).ActivateTagForm,
  ),
  page(
    paths.activeTagActivated,
    { title: 'Activated', background: 'owner', headerIcon: 'home', guard: 'login-screen' },
    async () => (await import('@/app/routes/active-tag-activated')).default,
  ),
  page(
    paths.dashboard,
    { title: 'Dashboard', background: 'owner', headerIcon: 'home', guard: 'login-redirect' },
    async () => (await import('@/app/routes/dashboard')).default,
  ),
  page(
    paths.editTag,
    { title: 'Edit Tag', background: 'owner', headerIcon: 'home', guard: 'login-redirect' },
    async () => (await import('@/features/items/components/edit-item-form')).EditItemForm,
  ),
  page(
    '*',
    publicPage('Page not found', 'plain'),
    async () => (await import('@/features/marketing/components/not-found-page')).NotFoundPage,
  ),
]

export const routes: RouteObject[] = [{ element: <AppLayout />, children: pageRoutes }]
