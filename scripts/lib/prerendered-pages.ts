import { paths } from '../../src/lib/paths.ts'

/**
 * The public pages prerendered at build time, each with the source module of its
 * route's lazy component (its key in Vite's build manifest). The 404 page is
 * rendered for a path no route has.
 */
export const NOT_FOUND_PATH = '/404'

export const PRERENDERED_PAGES: readonly { path: string; module: string }[] = [
  { path: paths.root, module: 'src/features/marketing/components/home-page.tsx' },
  { path: paths.home, module: 'src/features/marketing/components/home-page.tsx' },
  { path: paths.howItWorks, module: 'src/features/marketing/components/how-it-works-page.tsx' },
  { path: paths.faq, module: 'src/features/marketing/components/faq-page.tsx' },
  { path: paths.howToScan, module: 'src/app/routes/how-to-scan.tsx' },
  { path: paths.found, module: 'src/features/marketing/components/found-guide-page.tsx' },
  { path: paths.tag, module: 'src/features/found/components/tag-lookup.tsx' },
  { path: paths.foundReunite, module: 'src/features/found/components/reunite-form.tsx' },
  { path: paths.foundThankYou, module: 'src/app/routes/found-thank-you.tsx' },
  { path: paths.privacy, module: 'src/features/marketing/components/legal-page.tsx' },
  { path: paths.terms, module: 'src/features/marketing/components/legal-page.tsx' },
  { path: paths.campaign, module: 'src/app/routes/campaign.tsx' },
  { path: NOT_FOUND_PATH, module: 'src/features/marketing/components/not-found-page.tsx' },
]

/** Where a page's HTML is written in dist/, as static servers and `vite preview` look it up. */
export function fileForPage(path: string): string {
  if (path === paths.root) return 'index.html'
  return `${path.slice(1)}.html`
}
