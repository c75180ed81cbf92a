import { useEffect } from 'react'
import { Box } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { normaliseTagCode } from '@/lib/tag-code'
import {
  LazyOfflineBanner,
  preloadOfflineBanner,
} from '@/features/found/components/lazy-offline-banner'
import { TestScan } from '@/features/found/components/test-scan'
import { FinderReport } from '@/features/found/components/reunite-form'
import { TagCodeForm } from '@/features/found/components/tag-code-form'
import { NoScriptNotice } from '@/features/found/components/no-script-notice'
import { useT } from '@/lib/i18n/use-t'
import { TAG_VIEW_ATTRIBUTE } from '@/features/found/early-tag-status'
import { TAG_MESSAGES, useTagLookup } from '@/features/found/use-tag-lookup'

/**
 * /tag: look up a tag code (typed, from ?tagId= or scanned) and send the finder on,
 * with the owner's lost-mode note if the item is LOST. The owner's own tag (signed
 * in on this browser) shows the test scan instead, and nothing is reported.
 * With no connection (or no reply within 10 s) the finder may write the report
 * anyway: it waits on the phone and the server checks the tag when it is sent.
 *
 * Opened from a tag's link (?tagId=CODE, the common case: an activated tag), the page
 * is the finder's report form at once, with no navigation: the finder types while the
 * tag is looked up, and only the uncommon answers change the page (not found: the
 * code form says so; unclaimed: login; the owner's own tag: the test scan).
 */
export function TagLookup() {
  const [params] = useSearchParams()
  const linkCode = normaliseTagCode(params.get('tagId') ?? '')
  const isHydrated = useIsHydrated()
  const lookup = useTagLookup(linkCode)
  const { isLinkReport, message, offlineCode, ownItem } = lookup
  const t = useT()

  // Fetched while the page is fresh, so a lookup that finds no connection can say so.
  useEffect(preloadOfflineBanner, [])

  if (ownItem) return <TestScan item={ownItem.item} code={ownItem.code} />

  // Prerendered (no query string at build time) and while hydrating, both views are in
  // the page and the inline script's CSS shows the one the link asks for
  // (early-tag-status.ts); afterwards only that one is rendered. The two keep their
  // places in the tree, so the report form and what was typed in it stay.
  const showLinkView = !isHydrated || isLinkReport
  const showCodeView = !isHydrated || !isLinkReport
  const viewMark = (view: 'link' | 'code') => (isHydrated ? {} : { [TAG_VIEW_ATTRIBUTE]: view })
  return (
    <>
      <NoScriptNotice />
      {showLinkView && (
        <Box {...viewMark('link')} w="full">
          {message && (
            <Box maxW="md" mx="auto" mb="5">
              <FormMessage message={message && t(message)} />
            </Box>
          )}
          {offlineCode && (
            <Box maxW="md" mx="auto" mb="5">
              <LazyOfflineBanner isOffline text={t(TAG_MESSAGES.offline)} />
            </Box>
          )}
          <FinderReport tag={isHydrated ? linkCode : null} reportTag={linkCode || null} />
        </Box>
      )}
      {showCodeView && (
        <Box {...viewMark('code')} w="full">
          <TagCodeForm linkCode={linkCode} lookup={lookup} />
        </Box>
      )}
    </>
  )
}
