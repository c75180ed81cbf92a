import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router-dom'
import { PageSpinner } from '@/components/ui/page-spinner'
import { AppLayout } from '@/app/layout/app-layout'

type RouteModule = { default: ComponentType }

/** Each route is its own chunk, loaded on first visit (SPEC.md §2 routes). */
function page(load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    HydrateFallback: PageSpinner,
  }
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...page(() => import('@/app/routes/home')) },
      { path: 'home', ...page(() => import('@/app/routes/home')) },
      { path: 'how-it-works', ...page(() => import('@/app/routes/how-it-works')) },
      { path: 'faq', ...page(() => import('@/app/routes/faq')) },
      { path: 'how-to-scan', ...page(() => import('@/app/routes/how-to-scan')) },
      { path: 'found', ...page(() => import('@/app/routes/found')) },
      { path: 'found/reunite', ...page(() => import('@/app/routes/found-reunite')) },
      { path: 'found/thank-you', ...page(() => import('@/app/routes/found-thank-you')) },
      { path: 'tag', ...page(() => import('@/app/routes/tag')) },
      { path: 'register', ...page(() => import('@/app/routes/register')) },
      { path: 'login', ...page(() => import('@/app/routes/login')) },
      { path: 'password-reset', ...page(() => import('@/app/routes/password-reset')) },
      { path: 'password-reset/update', ...page(() => import('@/app/routes/update-password')) },
      { path: 'chat', ...page(() => import('@/app/routes/chat')) },
      { path: 'campaign', ...page(() => import('@/app/routes/campaign')) },
      { path: 'account', ...page(() => import('@/app/routes/account')) },
      { path: 'activeTag', ...page(() => import('@/app/routes/active-tag')) },
      { path: 'activeTag/activated', ...page(() => import('@/app/routes/active-tag-activated')) },
      { path: 'dashboard', ...page(() => import('@/app/routes/dashboard')) },
      { path: 'editTag', ...page(() => import('@/app/routes/edit-tag')) },
      { path: '*', ...page(() => import('@/app/routes/not-found')) },
    ],
  },
]
