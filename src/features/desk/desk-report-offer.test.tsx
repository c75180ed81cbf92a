import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { rpc } from '@/testing/supabase-handlers'

vi.setConfig({ testTimeout: 20_000 })

/** Holds the owner's catalog back until the test lets it load. */
const ownerCatalog = vi.hoisted(() => ({ loads: 0, release: Promise.resolve() }))

vi.mock('@/lib/i18n/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/i18n/i18n')>()
  return {
    ...original,
    loadOwnerMessages: async () => {
      ownerCatalog.loads += 1
      await ownerCatalog.release
      return original.loadOwnerMessages()
    },
  }
})

describe('"Report as <desk>" on /tag, a finder\'s page', () => {
  it("loads the owner's catalog (its words) before it shows", async () => {
    let release = () => {}
    ownerCatalog.release = new Promise<void>((resolve) => (release = resolve))
    const myDesk = vi.fn(() =>
      HttpResponse.json([
        {
          id: 'desk-1',
          name: 'Leeds station lost property',
          address: '1 Station Road, Leeds',
          opening_hours: '07:00–19:00',
          public_phone: '0113 496 0000',
          public_email: 'lost@example.test',
          status: 'approved',
          decision_reason: null,
          created_at: '2026-11-20T09:00:00.000Z',
          my_role: 'staff',
          unclaimed_after_days: 14,
        },
      ]),
    )
    server.use(
      http.post('*/rest/v1/rpc/my_desk', myDesk),
      rpc('tag_status', {
        status: 'activated',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      }),
      rpc('lost_item_photo', null),
    )
    renderApp({ url: '/tag?tagId=HW7K3M9QPX', session: true })
    await waitFor(() => expect(myDesk).toHaveBeenCalled())
    await waitFor(() => expect(ownerCatalog.loads).toBeGreaterThan(0))
    expect(screen.queryByRole('form', { name: 'Report as Leeds station lost property' })).toBeNull()
    release()
    expect(
      await screen.findByRole('form', { name: 'Report as Leeds station lost property' }),
    ).toBeVisible()
  })
})
