import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { parseCampaign } from '@/features/marketing/campaign-params'

function campaignUrl(params: Record<string, string>): string {
  return `/campaign?${new URLSearchParams(params).toString()}`
}

describe('/campaign', () => {
  it('shows the banner, logo, title and description from the query string', async () => {
    renderApp({
      url: campaignUrl({
        'logo-url': 'https://images.example/logo.png',
        title: 'Cambridge Cyclists',
        description: 'Tag your bike before term starts',
        banner: 'http://images.example/banner.png',
      }),
    })
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Cambridge Cyclists' })).toBeVisible()
    expect(within(main).getByText('Tag your bike before term starts')).toBeVisible()
    expect(within(main).getByRole('img', { name: 'Campaign banner' })).toHaveAttribute(
      'src',
      'http://images.example/banner.png',
    )
    expect(within(main).getByRole('img', { name: 'Campaign logo' })).toHaveAttribute(
      'src',
      'https://images.example/logo.png',
    )
  })

  it('never uses a javascript: or data: image URL', async () => {
    renderApp({
      url: campaignUrl({
        'logo-url': 'javascript:alert(document.cookie)',
        banner: 'data:image/svg+xml,<svg onload="alert(1)"/>',
        title: 'Spring drive',
      }),
    })
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Spring drive' })).toBeVisible()
    expect(within(main).queryByRole('img')).not.toBeInTheDocument()
    expect(main.innerHTML).not.toContain('javascript:')
    expect(main.innerHTML).not.toContain('data:image')
  })

  it('renders text as text, and leaves out what is missing', async () => {
    renderApp({ url: campaignUrl({ title: '<b>Bold</b><img src=x onerror=alert(1)>' }) })
    const main = await screen.findByRole('main')
    expect(
      await within(main).findByRole('heading', { name: '<b>Bold</b><img src=x onerror=alert(1)>' }),
    ).toBeVisible()
    expect(main.querySelector('b')).toBeNull()
    expect(within(main).queryByRole('img')).not.toBeInTheDocument()
    expect(main.querySelectorAll('p')).toHaveLength(0)
  })
})

describe('parseCampaign', () => {
  it('keeps only absolute http(s) image URLs and non-blank text', () => {
    const params = new URLSearchParams({
      'logo-url': '/relative.png',
      banner: ' JavaScript:alert(1) ',
      title: '  ',
      description: 'Hello',
    })
    expect(parseCampaign(params)).toEqual({
      logoUrl: undefined,
      bannerUrl: undefined,
      title: undefined,
      description: 'Hello',
    })
  })
})
