import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderUi } from '@/testing/render-app'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import {
  DeleteDetailsButton,
  DeleteDetailsQuestion,
} from '@/features/conversation/components/finder-forget'

const CHAT = '3f2b8c1e-7a4d-4e6b-9c0a-1d2e3f4a5b6c'

afterEach(() => activateCatalog('en', en))

describe("the finder's Delete my details now", () => {
  it("asks in SPEC.md's words on an English phone", () => {
    renderUi(
      <>
        <DeleteDetailsButton onClick={() => undefined} />
        <DeleteDetailsQuestion
          chatId={CHAT}
          onDeleted={() => undefined}
          onCancel={() => undefined}
        />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Delete my details now' })).toBeInTheDocument()
    const question = screen.getByRole('group', { name: 'Delete your details?' })
    expect(within(question).getByText('Delete your details now?')).toBeInTheDocument()
    expect(within(question).getByRole('button', { name: 'Delete my details' })).toBeInTheDocument()
    expect(within(question).getByRole('button', { name: 'Keep talking' })).toBeInTheDocument()
  })

  it("asks in the finder's language", () => {
    activateCatalog('pl', pl)
    renderUi(
      <>
        <DeleteDetailsButton onClick={() => undefined} />
        <DeleteDetailsQuestion
          chatId={CHAT}
          onDeleted={() => undefined}
          onCancel={() => undefined}
        />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Usuń teraz moje dane' })).toBeInTheDocument()
    const question = screen.getByRole('group', { name: 'Usunąć Twoje dane?' })
    expect(within(question).getByText('Usunąć teraz Twoje dane?')).toBeInTheDocument()
    expect(within(question).getByRole('button', { name: 'Usuń moje dane' })).toBeInTheDocument()
    expect(within(question).getByRole('button', { name: 'Rozmawiaj dalej' })).toBeInTheDocument()
    expect(screen.queryByText(/Delete|details/)).toBeNull()
  })
})
