import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { CONTACT_EMAIL } from '@/lib/contact'
import { FaqPage } from '@/features/marketing/components/faq-page'
import { HomePage } from '@/features/marketing/components/home-page'
import { HowItWorksPage } from '@/features/marketing/components/how-it-works-page'
import { renderUi } from '@/testing/render-app'
import { englishLeftIn, inPseudoLocale } from '@/testing/pseudo-locale'

describe('the home page, how it works and the FAQ in the pseudo-locale (no English left)', () => {
  inPseudoLocale()

  it('the home page', async () => {
    const { container } = renderUi(<HomePage />)
    expect(await screen.findAllByRole('link')).toHaveLength(5)
    expect(englishLeftIn(container)).toEqual([])
  })

  it('how it works', async () => {
    const { container } = renderUi(<HowItWorksPage />)
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(3)
    expect(englishLeftIn(container)).toEqual([])
  })

  it('the FAQ, every question and answer', async () => {
    const { container } = renderUi(<FaqPage />)
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(8)
    expect(container.querySelectorAll('details')).toHaveLength(18)
    expect(container).toHaveTextContent(CONTACT_EMAIL)
    expect(englishLeftIn(container, [CONTACT_EMAIL])).toEqual([])
  })
})
