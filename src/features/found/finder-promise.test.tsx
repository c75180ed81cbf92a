import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { rpc } from '@/testing/supabase-handlers'
import { heldTagAtom } from '@/features/found/state'

vi.setConfig({ testTimeout: 20_000 })

// A changed retention setting (app_private.retention_periods, as db:generate writes it).
vi.mock('@/types/retention.generated', () => ({
  RETENTION_DAYS: {
    abuse_records: 1,
    finder_details_after_found: 3,
    finder_details_after_report: 21,
  },
}))

const TAG = { status: 'activated', lost_note: null, return_instructions: null, own_item: null }

async function openForm() {
  const app = renderApp({ url: '/tag?tagId=HW7K3M9QPX', handlers: [rpc('tag_status', TAG)] })
  await waitFor(() => expect(app.store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
  await screen.findByRole('button', { name: 'Inform the Owner' })
  return app
}

describe('the finder’s form', () => {
  it('states when the details are deleted once, from the retention setting', async () => {
    const { container } = await openForm()
    const text = container.textContent ?? ''
    expect(text.match(/details are deleted/g)).toHaveLength(1)
    expect(text).toContain(
      'Your details are deleted 3 days after the owner marks the item found, or 21 days after your report if they do not.',
    )
    expect(text).not.toMatch(/7 days|30 days/)
  })

  it('marks phone and address optional (their SPEC labels unchanged)', async () => {
    await openForm()
    expect(screen.getByLabelText('PHONE NUMBER')).toHaveAccessibleDescription('Optional')
    expect(screen.getByLabelText('ADDRESS')).toHaveAccessibleDescription('Optional')
    expect(screen.getByLabelText('NAME')).not.toHaveAccessibleDescription()
    expect(screen.getByLabelText('EMAIL')).not.toHaveAccessibleDescription()
  })
})
