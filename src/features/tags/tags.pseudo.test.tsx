import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ActivateTagForm } from '@/features/tags/components/activate-tag-form'
import { renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fnError } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

vi.setConfig({ testTimeout: 20_000 })
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

let restore = () => {}
beforeEach(() => {
  server.use(...ownerRealtime())
  restore = usePseudoLocale()
})
afterEach(() => restore())

const submitOf = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('form button[type="submit"]')!

describe("activating a tag speaks the catalog's words (pseudo-locale)", () => {
  it('the form, a missing field, and each refusal the server gives by its code', async () => {
    const { container, user } = renderUi(<ActivateTagForm />)
    await waitFor(() => expect(submitOf(container)).toBeTruthy())
    expect(englishLeftIn(container)).toEqual([])
    await user.click(submitOf(container))
    await screen.findByRole('alert')
    expect(englishLeftIn(container)).toEqual([])

    const [tagId, code, name] = container.querySelectorAll('input')
    await user.type(tagId!, 'HW7K3M9QPX')
    await user.type(code!, '123456')
    await user.type(name!, 'Violin')
    const refusals = [
      fnError(
        'activate-tag',
        'activation_incorrect',
        'Activation code or Tag ID is incorrect.',
        400,
      ),
      fnError('activate-tag', 'invalid_input', 'item_name_too_long', 400),
      fnError('activate-tag', 'already_yours', 'Already yours.', 409),
      fnError('activate-tag', 'rate_limited', 'Too many attempts.', 429),
      fnError('activate-tag', 'forbidden', 'registered_owners_only', 403),
    ]
    for (const refusal of refusals) {
      server.use(refusal)
      const before = screen.queryByRole('alert')?.textContent
      await user.click(submitOf(container))
      await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(before))
      expect(englishLeftIn(container, ['HW7K3M9QPX', 'Violin'])).toEqual([])
    }
  })
})
