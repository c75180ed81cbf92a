import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { createStore } from '@/lib/jotai'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { handleOf } from '@/app/route-handle'
import { env } from '@/lib/env'
import { paths } from '@/lib/paths'
import { earlyTagStatusScript, TAG_VIEW_CSS } from '@/features/found/early-tag-status'
import { dropOwnerMessages, loadLocale } from '@/lib/i18n/i18n'
import { translate } from '@/lib/i18n/runtime'
import { finderTitleId, needsOwnerMessages, pageTitleId } from '@/lib/i18n/page-titles'
import { directionOf, htmlLangOf, type AnyLocale } from '@/lib/i18n/locales'

export type RenderedPage = {
  /** The HTML inside #root: the layout and the page, with Emotion's styles inline. */
  html: string
  /** The document title for the page. */
  title: string
  /** What goes at the end of the page's <head> (inline only: nothing to wait for). */
  head: string
  status: number
  /** `<html lang>` and `dir` for the page's language. */
  lang: string
  dir: 'ltr' | 'rtl'
  /** A finder's page: prerendered in every language (scripts/prerender.ts). */
  isFinderPage: boolean
}

/**
 * Renders one public page to HTML at build time (scripts/prerender.ts). The tree
 * is the one src/main.tsx hydrates: the same providers around the same routes.
 */
export async function renderPage(path: string, locale: AnyLocale = 'en'): Promise<RenderedPage> {
  await loadLocale(locale)
  // The page's lazy route loads the owner's messages when it needs them (router.tsx).
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`)
  const handle = handleOf(context.matches.map(({ route }) => ({ handle: route.handle })))
  // A finder's page renders in the browser without the owner's messages: here too.
  if (!needsOwnerMessages(handle?.title)) dropOwnerMessages()
  const router = createStaticRouter(handler.dataRoutes, context)
  // react-dom/static's prerender (not renderToString) marks the HTML so that React 19
  // replays a form action submitted before hydration once the page has hydrated.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider store={createStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  )
  const html = await new Response(prelude).text()
  const titleId = pageTitleId(handle?.title)
  const shownTitle = titleId ? translate(titleId) : handle?.title
  const title = !handle || handle.title === 'home' ? 'Homeward' : `${shownTitle} · Homeward`
  return {
    html,
    title,
    head: headOf(path),
    status: context.statusCode,
    lang: htmlLangOf(locale),
    dir: directionOf(locale),
    isFinderPage: finderTitleId(handle?.title) !== undefined,
  }
}

/**
 * /tag opened from a tag's link looks the tag up before the app arrives, and shows the
 * finder's report form from the first paint (src/features/found/early-tag-status.ts).
 */
function headOf(path: string): string {
  if (path !== paths.tag) return ''
  const script = earlyTagStatusScript(env.supabaseUrl, env.supabaseKey)
  return `<style>${TAG_VIEW_CSS}</style><script>${script}</script>`
}
