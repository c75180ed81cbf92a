/** The one place the app imports jotai from (see CONVENTIONS.md). */
export { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai'
export type { PrimitiveAtom, WritableAtom } from 'jotai'
export { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils'
