import { CONTACT_EMAIL } from '@/lib/contact'

/** What a finder whose browser runs no JavaScript reads (telling the owner needs it). */
export const NO_SCRIPT_TEXTS = {
  title: 'This page needs JavaScript to tell the owner',
  body: 'Your browser is not running JavaScript, so the form below cannot be sent. Turn JavaScript on in your browser’s settings and reload this page, or open the link on another phone.',
  mailto: `If you cannot, e-mail ${CONTACT_EMAIL} with the code printed on the tag (it is also in this page’s address, after tagId=) and where you found the item: we will pass it on to the owner.`,
} as const

/**
 * Shown only where JavaScript does not run (<noscript>, part of the prerendered page):
 * the finder's form cannot be sent without it, so the page says so and gives the way
 * that still works. Plain HTML with inline styles: no JavaScript, no Chakra.
 */
export function NoScriptNotice() {
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
        <p style={{ fontWeight: 600, margin: '0 0 0.5rem' }}>{NO_SCRIPT_TEXTS.title}</p>
        <p style={{ margin: '0 0 0.5rem' }}>{NO_SCRIPT_TEXTS.body}</p>
        <p style={{ margin: 0 }}>
          {NO_SCRIPT_TEXTS.mailto}{' '}
          <a href={`mailto:${CONTACT_EMAIL}?subject=Found%20item%20with%20a%20Homeward%20tag`}>
            Write to {CONTACT_EMAIL}
          </a>
        </p>
      </div>
    </noscript>
  )
}
