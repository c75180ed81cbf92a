import { useState, type ChangeEvent } from 'react'
import { chakra, HStack } from '@chakra-ui/react'
import { applyDocumentLocale, loadLocale, rememberLocale } from '@/lib/i18n/i18n'
import { isLocale, LOCALES, NATIVE_NAMES, SOURCE_LOCALE } from '@/lib/i18n/locales'
import { useLocale, useT } from '@/lib/i18n/use-t'
import { useIsHydrated } from '@/lib/use-is-hydrated'

/**
 * The finder's language menu: each language in its own name. The choice is
 * remembered on this phone (localStorage and the `locale` cookie, which the host
 * rules read) and the page changes language at once, without a reload. A plain
 * <select> with the input's tokens: Chakra's NativeSelect (its slot recipe) would
 * cost the finder's first JavaScript ~6 KB gzipped (scripts/lib/budgets.ts).
 */
export function LanguageMenu() {
  const t = useT()
  const locale = useLocale()
  const isHydrated = useIsHydrated()
  const [isLoading, setIsLoading] = useState(false)
  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value
    if (!isLocale(chosen)) return
    rememberLocale(chosen)
    setIsLoading(true)
    try {
      await loadLocale(chosen)
      applyDocumentLocale(chosen)
    } finally {
      setIsLoading(false)
    }
  }
  return (
    <HStack justify="center" gap="2" fontSize="sm">
      <chakra.label htmlFor="language-menu" color="fg.muted">
        {t('language.menu')}
      </chakra.label>
      <chakra.select
        id="language-menu"
        value={isLocale(locale) ? locale : SOURCE_LOCALE}
        onChange={(event) => void choose(event)}
        disabled={!isHydrated || isLoading}
        bg="bg"
        color="fg"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        minH="11"
        px="2"
        fontSize="sm"
        _disabled={{ opacity: 0.6 }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {NATIVE_NAMES[option]}
          </option>
        ))}
      </chakra.select>
    </HStack>
  )
}
