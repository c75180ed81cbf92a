import { describe, expect, it, beforeEach } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderUi } from '@/testing/render-app'
import { SafetyTips } from '@/features/conversation/components/safety-tips'

const CHAT_A = '3f2b8c1e-7a4d-4e6b-9c0a-1d2e3f4a5b6c'
const CHAT_B = '7c6b5a4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d'

beforeEach(() => localStorage.clear())

function tips() {
  return screen.queryByRole('complementary', { name: 'Stay safe' })
}

describe('chat safety tips', () => {
  it('shows the three tips', () => {
    renderUi(<SafetyTips chatId={CHAT_A} />)
    const box = tips()
    expect(box).not.toBeNull()
    const items = within(box!)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      'Meet in a public place.',
      'Never pay before the item is back.',
      'Never share a verification code.',
    ])
  })

  it('are shown once per chat: put away, they stay away for that chat only', async () => {
    const first = renderUi(<SafetyTips chatId={CHAT_A} />)
    await first.user.click(screen.getByRole('button', { name: 'Got it' }))
    expect(tips()).toBeNull()
    first.unmount()

    // Reopening the same chat (a new page load) shows nothing; another chat shows them.
    const again = renderUi(<SafetyTips chatId={CHAT_A} />)
    expect(tips()).toBeNull()
    again.unmount()
    renderUi(<SafetyTips chatId={CHAT_B} />)
    expect(tips()).not.toBeNull()
  })

  it('ignores a tampered record and shows the tips', () => {
    localStorage.setItem('homeward.safetyTipsSeen', JSON.stringify({ [CHAT_A]: true }))
    renderUi(<SafetyTips chatId={CHAT_A} />)
    expect(tips()).not.toBeNull()
  })
})
