import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as ar } from '@/locales/compiled/ar'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { env } from '@/lib/env'
import { renderApp, renderUi } from '@/testing/render-app'
import { HowToScanPage } from '@/features/marketing/components/how-to-scan-page'
import { RETENTION_DAYS } from '@/types/retention.generated'

const FAQ_GROUPS = [
  'About us',
  'Questions about the Product',
  'my data/account',
  'my security',
  'how to use',
  'how to scan',
  'Refunds',
  'How to contact us',
]

describe('home page', () => {
  it.each(['/', '/home'])('%s has the hero, the three cards and the store banner', async (url) => {
    renderApp({ url })
    const main = await screen.findByRole('main')
    expect(
      await within(main).findByRole('heading', {
        name: 'Dedicated to making sure your lost items find a way back',
      }),
    ).toBeVisible()
    expect(main).toHaveTextContent(/affordable/i)
    expect(main).toHaveTextContent(/secure web app/i)
    expect(within(main).getByRole('link', { name: 'How it works' })).toHaveAttribute(
      'href',
      '/how-it-works',
    )
    const starts = within(main).getAllByRole('link', { name: 'Get started' })
    expect(starts.map((link) => link.getAttribute('href'))).toEqual(['/login', '/found'])
    const shopLinks = within(main)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') === env.shopUrl)
    expect(shopLinks).toHaveLength(2)
    for (const link of shopLinks) expect(link).toHaveAttribute('target', '_blank')
  })
})

describe('/how-it-works', () => {
  it('shows the three steps and Get started to /login', async () => {
    renderApp({ url: '/how-it-works' })
    const main = await screen.findByRole('main')
    for (const step of ['Enter the code', 'Stick it on', 'Lost and found']) {
      expect(await within(main).findByRole('heading', { name: step })).toBeVisible()
    }
    expect(within(main).getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/login',
    )
  })
})

describe('/faq', () => {
  it('has all eight groups of SPEC §2', async () => {
    renderApp({ url: '/faq' })
    const main = await screen.findByRole('main')
    await within(main).findAllByRole('heading', { level: 2 })
    const titles = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent ?? '')
    expect(titles).toHaveLength(8)
    FAQ_GROUPS.forEach((group, index) => expect(titles[index]).toContain(group))
  })

  it('opens an answer when its question is pressed', async () => {
    const { user } = renderApp({ url: '/faq' })
    const question = await screen.findByText(/battery/i, { selector: 'summary > span' })
    const details = question.closest('details')
    expect(details).not.toHaveAttribute('open')
    await user.click(question)
    expect(details).toHaveAttribute('open')
    expect(within(details as HTMLElement).getByText(/no battery and no GPS/)).toBeInTheDocument()
  })

  it('states every FAQ fact of the specification', async () => {
    renderApp({ url: '/faq' })
    const main = await screen.findByRole('main')
    await within(main).findAllByRole('heading', { level: 2 })
    const text = main.textContent ?? ''
    for (const fact of [
      /no battery and no GPS/,
      /one tag per item/i,
      /tracked post/,
      /Refunds are handled by e-mail/,
      /refund deactivates the tags/,
      /every 5 years/,
      /every 10 years/,
      /test your tags monthly/,
      /deleted once the item is returned/,
      /after 30 days/,
      /E-mail us at \S+@\S+/,
    ]) {
      expect(text).toMatch(fact)
    }
  })
})

describe('/how-to-scan', () => {
  it('has ten numbered steps and a button to /tag', async () => {
    renderApp({ url: '/how-to-scan' })
    const main = await screen.findByRole('main')
    await waitFor(() => expect(within(main).getAllByRole('listitem')).toHaveLength(10))
    const numbers = within(main)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('value'))
    expect(numbers).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
    expect(within(main).getByRole('link', { name: 'Enter a tag code' })).toHaveAttribute(
      'href',
      '/tag',
    )
  })

  it('embeds the video without loading anything from a third party before a click', () => {
    const { container } = renderUi(<HowToScanPage videoId="abcDEF12345" />)
    const frame = screen.getByTitle(/^Video: /)
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).not.toHaveAttribute('src')
    const poster = frame.getAttribute('srcdoc') ?? ''
    expect(poster).toContain('href="https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1')
    // Nothing else on the page points at another site.
    const external = [...container.querySelectorAll('[src]')].filter((el) =>
      /^https?:/.test(el.getAttribute('src') ?? ''),
    )
    expect(external).toHaveLength(0)
    expect(poster).not.toMatch(/\ssrc=/)
  })
})

describe("the video's poster in the finder's language", () => {
  afterEach(() => activateCatalog('en', en))

  it('says "Play the video" in English on an English page', () => {
    renderUi(<HowToScanPage videoId="abcDEF12345" />)
    const poster = screen.getByTitle('Video: How to scan a Homeward tag').getAttribute('srcdoc')
    expect(poster).toContain('<html lang="en-GB" dir="ltr">')
    expect(poster).toContain('Play the video: How to scan a Homeward tag')
    expect(poster).toContain('The video loads from YouTube when you press play.')
  })

  it('speaks Polish on a Polish page, and is mirrored in Arabic', () => {
    activateCatalog('pl', pl)
    const { unmount } = renderUi(<HowToScanPage videoId="abcDEF12345" />)
    const poster =
      screen.getByTitle('Film: Jak zeskanować przywieszkę Homeward').getAttribute('srcdoc') ?? ''
    expect(poster).toContain('<html lang="pl" dir="ltr">')
    expect(poster).toContain('Odtwórz film: Jak zeskanować przywieszkę Homeward')
    expect(poster).not.toContain('Play the video')
    unmount()
    activateCatalog('ar', ar)
    renderUi(<HowToScanPage videoId="abcDEF12345" />)
    expect(screen.getByTitle(/^فيديو: /).getAttribute('srcdoc')).toContain(
      '<html lang="ar" dir="rtl">',
    )
  })
})

describe('/found', () => {
  it("is the 'Scanning a FOUND tag' guide with a link to /how-to-scan", async () => {
    renderApp({ url: '/found' })
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Scanning a FOUND tag' })).toBeVisible()
    expect(within(main).getByRole('link', { name: /how to scan/i })).toHaveAttribute(
      'href',
      '/how-to-scan',
    )
  })
})

describe('/found/thank-you', () => {
  it("says the owner was informed and offers 'Protect Your Items'", async () => {
    renderApp({ url: '/found/thank-you' })
    const main = await screen.findByRole('main')
    expect(await within(main).findByText(/owner has been informed/)).toBeVisible()
    expect(within(main).getByRole('link', { name: 'Protect Your Items' })).toHaveAttribute(
      'href',
      '/register',
    )
  })
})

describe('privacy notice and terms', () => {
  it('/privacy states what is kept, why, for how long, who processes it and the rights', async () => {
    renderApp({ url: '/privacy' })
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Privacy notice' })).toBeVisible()
    for (const heading of [
      'What we collect from owners, and why',
      'What we collect from finders, and why',
      'How long we keep it',
      'Who processes it for us',
      'Your rights',
    ]) {
      expect(within(main).getByRole('heading', { name: heading })).toBeVisible()
    }
    const kept = within(main).getByRole('region', { name: 'How long we keep it' })
    expect(kept).toHaveTextContent(
      `deleted ${RETENTION_DAYS.finder_details_after_found} days after the owner marks the item FOUND`,
    )
    expect(kept).toHaveTextContent(
      `deleted ${RETENTION_DAYS.finder_details_after_report} days after their report`,
    )
    expect(kept).toHaveTextContent('until they delete their account')
    const processors = within(main).getByRole('region', { name: 'Who processes it for us' })
    for (const name of ['Supabase', 'Twilio', 'Resend']) expect(processors).toHaveTextContent(name)
    expect(main).toHaveTextContent('help@homeward.example')
    expect(within(main).getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    )
  })

  it('/privacy says what happens to photos and location pins, who sees them and when they go', async () => {
    renderApp({ url: '/privacy' })
    const main = await screen.findByRole('main')
    const section = await within(main).findByRole('region', { name: 'Photos and places on a map' })
    for (const text of [
      'a photo of an item',
      'send each other photos in their chat',
      'Photos are kept privately',
      'location pin',
      'latitude and longitude',
      'only after your browser asks you',
      "A finder's photos and pins are deleted with their details",
      `${RETENTION_DAYS.finder_details_after_found} days after the owner marks the item FOUND`,
    ]) {
      expect(section).toHaveTextContent(text)
    }
  })

  it('/terms links back to the privacy notice', async () => {
    renderApp({ url: '/terms' })
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Terms of use' })).toBeVisible()
    expect(within(main).getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    )
  })
})
