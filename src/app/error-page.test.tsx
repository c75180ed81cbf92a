import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import {
  browserPage,
  isMissingChunkError,
  reloadOnceForNewBuild,
  RELOAD_GUARD_MS,
} from './new-build'

/** The product's words (src/locales/en.json; the tests run in English). */
const ERROR_TEXTS = {
  title: 'Sorry, this page could not be shown',
  reload: 'Reload the page',
  reloading: 'Loading the new version of Homeward…',
  newBuildTitle: 'Homeward has been updated',
  newBuildBody:
    'A new version of Homeward came out while this page was open, and part of this page could not be loaded. Reload the page to get the new version.',
} as const

vi.setConfig({ testTimeout: 20_000 })

// What the FAQ page and the footer throw while rendering, when set.
const failures = vi.hoisted(() => ({ page: null as Error | null, footer: null as Error | null }))

vi.mock('@/features/marketing/components/faq-page', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/features/marketing/components/faq-page')>()
  return {
    ...original,
    FaqPage: () => {
      if (failures.page) throw failures.page
      return <original.FaqPage />
    },
  }
})
vi.mock('@/app/layout/app-footer', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/app/layout/app-footer')>()
  return {
    ...original,
    AppFooter: () => {
      if (failures.footer) throw failures.footer
      return <original.AppFooter />
    },
  }
})

const chunkGone = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://localhost:4173/assets/faq-page-Dx1.js',
  )

beforeEach(() => {
  sessionStorage.clear()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  failures.page = null
  failures.footer = null
  vi.restoreAllMocks()
})

describe('a page that fails', () => {
  it('says so in the product’s words inside the layout, not React Router’s', async () => {
    failures.page = new Error('boom')
    renderApp({ url: '/faq' })
    expect(await screen.findByRole('heading', { name: ERROR_TEXTS.title })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: ERROR_TEXTS.reload })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
    // The header and footer stay around a page's error.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument()
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument()
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument()
  })

  it('an error in the layout itself shows the page alone', async () => {
    failures.footer = new Error('layout broke')
    renderApp({ url: '/faq' })
    expect(await screen.findByRole('heading', { name: ERROR_TEXTS.title })).toBeInTheDocument()
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument()
  })

  it('a code file gone after a deploy reloads once, then explains', async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined)
    failures.page = chunkGone()
    const first = renderApp({ url: '/faq' })
    expect(await screen.findByText(ERROR_TEXTS.reloading)).toBeInTheDocument()
    expect(reload).toHaveBeenCalledTimes(1)
    first.unmount()

    // The "reloaded" page fails the same way: no second reload, the error page instead.
    failures.page = chunkGone()
    renderApp({ url: '/faq' })
    expect(
      await screen.findByRole('heading', { name: ERROR_TEXTS.newBuildTitle }),
    ).toBeInTheDocument()
    expect(screen.getByText(ERROR_TEXTS.newBuildBody)).toBeInTheDocument()
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('reloadOnceForNewBuild', () => {
  it('reloads a page once within the guard, again after it', () => {
    const reload = vi.fn()
    expect(reloadOnceForNewBuild('/faq', reload, 1_000)).toBe(true)
    expect(reloadOnceForNewBuild('/faq', reload, 2_000)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reloadOnceForNewBuild('/faq', reload, 1_000 + RELOAD_GUARD_MS)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload when it could not remember doing so', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError')
    })
    const reload = vi.fn()
    expect(reloadOnceForNewBuild('/faq', reload, 1_000)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it('knows the browsers’ words for a missing chunk', () => {
    expect(isMissingChunkError(chunkGone())).toBe(true)
    expect(isMissingChunkError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isMissingChunkError(new TypeError('error loading dynamically imported module'))).toBe(
      true,
    )
    expect(isMissingChunkError(new Error('boom'))).toBe(false)
    expect(isMissingChunkError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
