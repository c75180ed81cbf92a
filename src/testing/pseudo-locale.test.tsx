import { afterEach, describe, expect, it } from 'vitest'
import { HeaderTitle } from '@/app/layout/header-title'
import { renderUi } from '@/testing/render-app'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

describe('englishLeftIn', () => {
  let restore = () => {}
  afterEach(() => restore())

  it('finds nothing where the catalogs speak, and the English a page still hard-codes', () => {
    restore = usePseudoLocale()
    const { container } = renderUi(
      <>
        <HeaderTitle title="Dashboard" />
        <p>Hard-coded words</p>
        <button aria-label="Close it" />
        <p>owner@example.com</p>
      </>,
    )
    expect(englishLeftIn(container, ['owner@example.com'])).toEqual([
      'Hard-coded words',
      'aria-label="Close it"',
    ])
  })
})
