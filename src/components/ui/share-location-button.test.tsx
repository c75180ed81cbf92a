import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderUi } from '@/testing/render-app'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { messages as ar } from '@/locales/compiled/ar'
import { askForPosition, LOCATION_MESSAGE_IDS, LocationError } from '@/lib/geolocation'
import { english } from '@/testing/english'
import { ShareLocationButton } from './share-location-button'

/** The product's words for each failure (src/locales/en.json). */
const LOCATION_MESSAGES = {
  unsupported: 'This browser cannot share its location. You can describe the place instead.',
  denied:
    'Location was not shared: your browser or phone refused it. You can allow it in its settings, or describe the place instead.',
  failed: 'Your location could not be found just now. Please try again, or describe the place.',
} as const

/** The browser's geolocation, answering every request with `code` (1 denied, 2 unavailable, 3 timeout). */
function browserRefuses(code: number | null) {
  const getCurrentPosition = vi.fn((_: PositionCallback, fail: PositionErrorCallback) =>
    fail({ code, message: 'refused' } as GeolocationPositionError),
  )
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: code === null ? undefined : { getCurrentPosition },
  })
}

afterEach(() => {
  activateCatalog('en', en)
  Reflect.deleteProperty(navigator, 'geolocation')
})

describe('askForPosition', () => {
  it.each([
    [1, 'denied'],
    [2, 'failed'],
    [3, 'failed'],
    [null, 'unsupported'],
  ] as const)(
    'the browser answering %s rejects with the reason %s and the product’s words for it',
    async (code, reason) => {
      browserRefuses(code)
      const failure = await askForPosition().catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(LocationError)
      expect((failure as LocationError).reason).toBe(reason)
      expect(english(LOCATION_MESSAGE_IDS[reason])).toBe(LOCATION_MESSAGES[reason])
    },
  )
})

describe('"Share where I found it" when the browser gives no position', () => {
  it('says why in English (the product’s words)', async () => {
    browserRefuses(1)
    const { user } = renderUi(<ShareLocationButton onPosition={() => undefined} />)
    await user.click(await screen.findByRole('button', { name: 'Share where I found it' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCATION_MESSAGES.denied)
  })

  it('says why in the finder’s language, and again in another one chosen from the menu', async () => {
    browserRefuses(1)
    activateCatalog('pl', pl)
    const { user } = renderUi(
      <ShareLocationButton onPosition={() => undefined}>Udostępnij</ShareLocationButton>,
    )
    await user.click(await screen.findByRole('button', { name: 'Udostępnij' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nie udostępniono lokalizacji: przeglądarka lub telefon odmówiły.',
    )
    act(() => activateCatalog('ar', ar))
    expect(screen.getByRole('alert')).toHaveTextContent('لم يُشارك الموقع')
  })

  it('a browser without geolocation, in Polish', async () => {
    browserRefuses(null)
    activateCatalog('pl', pl)
    const { user } = renderUi(
      <ShareLocationButton onPosition={() => undefined}>Udostępnij</ShareLocationButton>,
    )
    await user.click(await screen.findByRole('button', { name: 'Udostępnij' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ta przeglądarka nie może udostępnić lokalizacji.',
    )
  })

  it('shows an error of its own caller as it is (the caller says it in the finder’s words)', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (done: PositionCallback) =>
          done({ coords: { latitude: 1, longitude: 2, accuracy: 3 } } as GeolocationPosition),
      },
    })
    const { user } = renderUi(
      <ShareLocationButton
        onPosition={() => {
          throw new Error('Nie udało się zapisać miejsca.')
        }}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Share where I found it' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać miejsca.')
  })
})
