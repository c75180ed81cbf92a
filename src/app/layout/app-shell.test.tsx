import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { userAtom } from '@/lib/store'

describe('harness smoke', () => {
  it('renders signed out', async () => {
    renderApp({ url: '/faq' })
    expect(await screen.findByText('faq')).toBeInTheDocument()
  })
  it('renders signed in', async () => {
    const { store } = renderApp({ url: '/faq', session: true })
    expect(await screen.findByText('faq')).toBeInTheDocument()
    expect(store.get(userAtom).authed).toBe(true)
  })
})
