import type { ReactNode } from 'react'
import { ChakraProvider } from '@chakra-ui/react'
import { Provider as JotaiProvider, createStore } from '@/lib/jotai'
import { system } from '@/theme/system'

export type AppStore = ReturnType<typeof createStore>

type AppProviderProps = { store: AppStore; children: ReactNode }

/**
 * Everything a page needs around it: the jotai store and the Chakra system. (The
 * active language's messages are loaded before the first render: src/main.tsx,
 * render-page.tsx.)
 */
export function AppProvider({ store, children }: AppProviderProps) {
  return (
    <JotaiProvider store={store}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </JotaiProvider>
  )
}
