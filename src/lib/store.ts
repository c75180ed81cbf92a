import type { User } from '@supabase/supabase-js'
import { atom } from '@/lib/jotai'
import type { Database } from '@/types/database.types'

/**
 * The client store of SPEC.md §3: a user slice and a general state, each updated
 * by merging in new data. Shared by every feature, so it lives in lib.
 */
type Tables = Database['public']['Tables']
type RowOf<T extends string> = T extends keyof Tables
  ? Tables[T] extends { Row: infer R }
    ? R
    : never
  : Record<string, unknown>

export type Profile = RowOf<'profiles'>
export type Item = RowOf<'items'>

export type UserSlice = {
  authed?: boolean
  /** The auth user; `{}` until the sign-in state is known. */
  config: Partial<User>
  /** The profile (SPEC's user document). */
  doc?: Profile | null
}

export type GeneralState = {
  currentFormTitle?: string
  items?: Item[]
}

export const initialUser: UserSlice = { config: {} }
export const initialState: GeneralState = {}

const userBaseAtom = atom<UserSlice>(initialUser)
const stateBaseAtom = atom<GeneralState>(initialState)

/** Reading gives the slice; writing merges the given fields into it. */
export const userAtom = atom(
  (get) => get(userBaseAtom),
  (get, set, update: Partial<UserSlice>) => set(userBaseAtom, { ...get(userBaseAtom), ...update }),
)

/** Reading gives the general state; writing merges the given fields into it. */
export const stateAtom = atom(
  (get) => get(stateBaseAtom),
  (get, set, update: Partial<GeneralState>) =>
    set(stateBaseAtom, { ...get(stateBaseAtom), ...update }),
)
