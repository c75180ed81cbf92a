import type { ComponentType } from 'react'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

/** What the conversation hands the ways back (the return feature's panel). */
export type WaysBackSlotProps = {
  chatId: string
  role: ChatRole
  finderFirstName: string | null | undefined
  isClosed: boolean
}

/** What the conversation hands the owner's actions (mark as returned, close). */
export type OwnerActionsSlotProps = {
  summary: ChatSummaryRow | null
  refreshSummary: () => void
}

/**
 * The parts of the chat screen that belong to other features, passed in by
 * src/app (a feature never imports another): the ways back, the owner's actions.
 */
export type ChatSlots = {
  WaysBack: ComponentType<WaysBackSlotProps>
  OwnerActions: ComponentType<OwnerActionsSlotProps>
}
