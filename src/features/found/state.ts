import { atomWithStorage, createJSONStorage } from '@/lib/jotai'

/** The activated tag code the finder looked up on /tag, needed by /found/reunite. */
const storage = createJSONStorage<unknown>(() => sessionStorage)

function isCodeOrNull(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && /^[A-Z0-9]{1,64}$/.test(value))
}

export const heldTagAtom = atomWithStorage<string | null>(
  'homeward.heldTag',
  null,
  {
    getItem: (key, initialValue) => {
      const value = storage.getItem(key, initialValue)
      return isCodeOrNull(value) ? value : initialValue
    },
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  },
  { getOnInit: true },
)

/** Tag codes are read case-insensitively and trimmed. */
export function normaliseTagCode(raw: string): string {
  return raw.trim().toUpperCase()
}
