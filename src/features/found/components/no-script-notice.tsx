import { CONTACT_EMAIL } from '@/lib/contact'
import { useT } from '@/lib/i18n/use-t'

/**
 * Shown only where JavaScript does not run (<noscript>, part of the prerendered page):
 * the finder's form cannot be sent without it, so the page says so and gives the way
 * that still works, in the page's language (it is prerendered per language). Plain
 * HTML with inline styles: no JavaScript, no Chakra.
 */
export function NoScriptNotice() {
  const t = useT()
  return (
    <noscript>
      <div
        role="alert"
        style={{
          maxWidth: '28rem',
          margin: '0 auto 1.25rem',
          padding: '0.75rem 1rem',
          border: '2px solid #b45309',
          borderRadius: '4px',
          background: '#fffbeb',
          color: '#1f2937',
        }}
      >
        <p style={{ fontWeight: 600, margin: '0 0 0.5rem' }}>{t('noscript.title')}</p>
        <p style={{ margin: '0 0 0.5rem' }}>{t('noscript.body')}</p>
        <p style={{ margin: 0 }}>
          {t('noscript.mailto', { email: CONTACT_EMAIL })}{' '}
          <a href={`mailto:${CONTACT_EMAIL}?subject=Found%20item%20with%20a%20Homeward%20tag`}>
            {t('noscript.writeTo', { email: CONTACT_EMAIL })}
          </a>
        </p>
      </div>
    </noscript>
  )
}
