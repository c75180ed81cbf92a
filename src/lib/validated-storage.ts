import { atomWithStorage, createJSONStorage } from '@/lib/jotai'

type Validator<T> = (value: unknown) => value is T

/**
 * An atom kept in the browser's storage (this tab's sessionStorage, or localStorage
 * for every tab) whose stored value is validated when read back: anything another
 * version of the app, an extension or a person left there that does not pass
 * `isValid` reads as `initialValue`.
 */
export function atomWithValidatedStorage<T>(
  key: string,
  initialValue: T,
  isValid: Validator<T>,
  area: 'session' | 'local' = 'session',
) {
  const storage = createJSONStorage<unknown>(() =>
    area === 'session' ? sessionStorage : localStorage,
  )
  return atomWithStorage<T>(
    key,
    initialValue,
    {
      getItem: (storageKey, initial) => {
        const value = storage.getItem(storageKey, initial)
        return isValid(value) ? value : initial
      },
      setItem: (storageKey, value) => storage.setItem(storageKey, value),
      removeItem: (storageKey) => storage.removeItem(storageKey),
    },
    { getOnInit: true },
  )
}
