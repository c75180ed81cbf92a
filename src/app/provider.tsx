import type { ReactNode } from 'react'
import { ChakraProvider } from '@chakra-ui/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@/lib/i18n/i18n'
import { Provider as JotaiProvider, createStore } from '@/lib/jotai'
import { system } from '@/theme/system'

export type AppStore = ReturnType<typeof createStore>

type AppProviderProps = { store: AppStore; children: ReactNode }

/**
 * Everything a page needs around it: the jotai store, the active language's messages
 * (loaded before the first render: src/main.tsx, render-page.tsx) and the Chakra system.
 */
export function AppProvider({ store, children }: AppProviderProps) {
  return (
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>{children}</ChakraProvider>
      </I18nProvider>
    </JotaiProvider>
  )
}
