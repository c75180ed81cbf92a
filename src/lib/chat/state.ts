import { atom } from '@/lib/jotai'
import type { ChatSummaryRow } from '@/lib/chat/types'

/**
 * What the open chat is about: item, finder's first name, where and when, and
 * whether and why it closed. The conversation reads it; the return's actions
 * (mark as returned, close) read it too.
 */
export const chatSummaryAtom = atom<ChatSummaryRow | null>(null)

/** Bumped when the open chat's ways back changed (a 'ways_back' notice) or may have: re-read them. */
export const waysBackVersionAtom = atom(0)
