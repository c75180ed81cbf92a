import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { StoredPhoto } from '@/components/ui/stored-photo'
import { PHOTO_URL_REFRESH_SECONDS, PHOTO_URL_SECONDS } from '@/lib/photos/photo-rules'
import { renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'

const PATH = 'chat-1/user-1/0f0e0d0c-0b0a-4908-8706-050403020100.jpg'

describe('StoredPhoto', () => {
  let signs: { expiresIn: unknown }[]
  let isGone: boolean

  beforeEach(() => {
    signs = []
    isGone = false
    server.use(
      http.post('*/storage/v1/object/sign/chat-photos/*', async ({ request }) => {
        if (isGone) {
          return HttpResponse.json(
            {
              statusCode: '404',
              code: 'NoSuchKey',
              error: 'not_found',
              message: 'Object not found',
            },
            { status: 400 },
          )
        }
        const body = (await request.json()) as { expiresIn: unknown }
        signs.push(body)
        return HttpResponse.json({
          signedURL: `/object/sign/chat-photos/${PATH}?token=t${signs.length}`,
        })
      }),
    )
  })
  afterEach(() => vi.useRealTimers())

  const src = () => screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src') ?? ''

  it('asks for a URL that lives minutes, and a new one once when the image fails to load', async () => {
    renderUi(<StoredPhoto bucket="chat-photos" path={PATH} alt="Photo 1" />)
    await screen.findByRole('img', { name: 'Photo 1' })
    expect(src()).toContain('token=t1')
    expect(signs).toEqual([{ expiresIn: PHOTO_URL_SECONDS }])
    expect(PHOTO_URL_SECONDS).toBeLessThanOrEqual(10 * 60)

    fireEvent.error(screen.getByRole('img', { name: 'Photo 1' }))
    await waitFor(() => expect(src()).toContain('token=t2'))
    // a second failure with the new URL asks no more (a broken image is not retried in a loop)
    fireEvent.error(screen.getByRole('img', { name: 'Photo 1' }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(signs).toHaveLength(2)
  })

  it('renews the URL before it ends, and shows a photo deleted meanwhile as gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderUi(<StoredPhoto bucket="chat-photos" path={PATH} alt="Photo 1" />)
    await screen.findByRole('img', { name: 'Photo 1' })
    expect(src()).toContain('token=t1')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PHOTO_URL_REFRESH_SECONDS * 1000)
    })
    await waitFor(() => expect(src()).toContain('token=t2'))

    isGone = true
    fireEvent.error(screen.getByRole('img', { name: 'Photo 1' }))
    expect(await screen.findByText('Photo no longer available')).toBeInTheDocument()
  })
})
