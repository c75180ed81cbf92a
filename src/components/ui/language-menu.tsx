import { useState, type ChangeEvent } from 'react'
import { chakra, HStack, NativeSelect } from '@chakra-ui/react'
import { activeLocale, applyDocumentLocale, loadLocale, rememberLocale } from '@/lib/i18n/i18n'
import { isLocale, LOCALES, NATIVE_NAMES } from '@/lib/i18n/locales'
import { useT } from '@/lib/i18n/use-t'
import { useIsHydrated } from '@/lib/use-is-hydrated'

/**
 * The finder's language menu: each language in its own name. The choice is
 * remembered on this phone (localStorage and the `locale` cookie, which the host
 * rules read) and the page changes language at once, without a reload.
 */
export function LanguageMenu() {
  const t = useT()
  const isHydrated = useIsHydrated()
  const [isLoading, setIsLoading] = useState(false)
  const current = activeLocale()
  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    const locale = event.target.value
    if (!isLocale(locale)) return
    rememberLocale(locale)
    setIsLoading(true)
    try {
      await loadLocale(locale)
      applyDocumentLocale(locale)
    } finally {
      setIsLoading(false)
    }
  }
  return (
    <HStack justify="center" gap="2" fontSize="sm">
      <chakra.label htmlFor="language-menu" color="fg.muted">
        {t('language.menu')}
      </chakra.label>
      <NativeSelect.Root size="xs" width="auto" disabled={!isHydrated || isLoading}>
        <NativeSelect.Field
          id="language-menu"
          value={isLocale(current) ? current : 'en'}
          onChange={(event) => void choose(event)}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {NATIVE_NAMES[locale]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  )
}
