import type { SharedPosition } from '@/lib/geolocation'
import { isTypedTagCode } from '@/lib/tag-code'
import { atomWithValidatedStorage } from '@/lib/validated-storage'

function isCodeOrNull(value: unknown): value is string | null {
  return value === null || isTypedTagCode(value)
}

/** The activated tag code the finder looked up on /tag, needed by /found/reunite. */
export const heldTagAtom = atomWithValidatedStorage<string | null>(
  'homeward.heldTag',
  null,
  isCodeOrNull,
)

/** The owner's lost-mode note for a looked-up tag, shown above the finder's forms. */
export type HeldLostNote = {
  code: string
  note: string | null
  returnInstructions: string | null
  /** The item shows a photo a finder may see (while LOST). */
  hasPhoto?: boolean
}

const isTextOrNull = (value: unknown): value is string | null =>
  value === null || (typeof value === 'string' && value.length <= 2000)

function isHeldLostNoteOrNull(value: unknown): value is HeldLostNote | null {
  if (value === null) return true
  if (typeof value !== 'object') return false
  const { code, note, returnInstructions, hasPhoto } = value as Record<string, unknown>
  return (
    isTypedTagCode(code) &&
    isTextOrNull(note) &&
    isTextOrNull(returnInstructions) &&
    (hasPhoto === undefined || typeof hasPhoto === 'boolean')
  )
}

export const heldLostNoteAtom = atomWithValidatedStorage<HeldLostNote | null>(
  'homeward.heldLostNote',
  null,
  isHeldLostNoteOrNull,
)

const isInRange = (value: unknown, low: number, high: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high

function isPositionOrNull(value: unknown): value is SharedPosition | null {
  if (value === null) return true
  if (typeof value !== 'object') return false
  const { latitude, longitude, accuracy } = value as Record<string, unknown>
  return (
    isInRange(latitude, -90, 90) &&
    isInRange(longitude, -180, 180) &&
    isInRange(accuracy, 0, Number.MAX_VALUE)
  )
}

/**
 * Where the finder found the item, when they pressed "Share where I found it" on
 * the form: stored with the report once it is sent (send-pending-report.ts).
 */
export const foundPositionAtom = atomWithValidatedStorage<SharedPosition | null>(
  'homeward.foundPosition',
  null,
  isPositionOrNull,
)
