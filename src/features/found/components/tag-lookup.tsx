import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { useSetAtom } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { OFFLINE_AFTER_MS } from '@/lib/realtime/connectivity'
import { getTagStatus, TagLookupError, type OwnItem } from '@/features/found/api/get-tag-status'
import {
  LazyOfflineBanner,
  preloadOfflineBanner,
} from '@/features/found/components/lazy-offline-banner'
import { LostNote } from '@/features/found/components/lost-note'
import { TestScan } from '@/features/found/components/test-scan'
import { FinderReport } from '@/features/found/components/reunite-form'
import { TAG_VIEW_ATTRIBUTE } from '@/features/found/early-tag-status'
import { heldLostNoteAtom, heldTagAtom } from '@/features/found/state'
import { normaliseTagCode } from '@/lib/tag-code'
import { paths } from '@/lib/paths'

export const TAG_MESSAGES = {
  notFound: 'Tag not found',
  network: 'We could not reach Homeward. Please check your connection and try again.',
  offline:
    'You are offline, so this tag cannot be checked now. You can still write your report: it is saved on this phone and sent to the owner when the connection returns.',
  empty: 'Please enter the tag code.',
  noNfc:
    'This browser cannot read NFC tags. Hold the tag to the back of your phone and it opens this page by itself, or type the code printed on the tag.',
  scanning: 'Hold the tag to the back of your phone…',
  scanFailed: 'The tag could not be read. Please type the code printed on it.',
} as const

type NdefRecord = { recordType: string; data?: DataView }
type NdefReading = { serialNumber?: string; message: { records: NdefRecord[] } }
type NdefReaderLike = {
  scan(): Promise<void>
  addEventListener(type: 'reading', listener: (event: NdefReading) => void): void
}

function ndefReader(): NdefReaderLike | null {
  const Reader = (globalThis as { NDEFReader?: new () => NdefReaderLike }).NDEFReader
  return Reader ? new Reader() : null
}

/** The tag code in a scanned record: the tagId of its URL, or its text. */
function codeFromRecord(record: NdefRecord): string | null {
  if (!record.data) return null
  const text = new TextDecoder().decode(record.data)
  if (record.recordType === 'url') {
    try {
      return new URL(text).searchParams.get('tagId')
    } catch {
      return null
    }
  }
  return record.recordType === 'text' ? text : null
}

const isNoConnection = (error: unknown) =>
  navigator.onLine === false || (error instanceof TagLookupError && error.isNetwork)

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
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const initial = normaliseTagCode(params.get('tagId') ?? '')
  const isHydrated = useIsHydrated()
  const [code, setCode] = useState(initial)
  /** Opened from a tag's link and not (yet) told otherwise: the report form shows. */
  const [isLinkReport, setIsLinkReport] = useState(initial !== '')
  const [message, setMessage] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  /** The owner's own item behind the code looked up (their test scan). */
  const [ownItem, setOwnItem] = useState<{ item: OwnItem; code: string } | null>(null)
  /** The code that could not be checked for want of a connection. */
  const [offlineCode, setOfflineCode] = useState<string | null>(null)
  /** The latest lookup; a late answer to an earlier one (or after moving on) is ignored. */
  const lookupId = useRef(0)
  const setHeldTag = useSetAtom(heldTagAtom)
  const setHeldLostNote = useSetAtom(heldLostNoteAtom)
  const setUnregisteredTag = useSetAtom(unregisteredTagAtom)
  const setRouteAfterLogin = useSetAtom(routeAfterLoginAtom)
  const didAutoLookUp = useRef(false)

  /** The link's report form is showing for this code (a later typed code is not it). */
  const isLinkReportFor = (tagCode: string) => isLinkReport && tagCode === initial

  const lookUp = async (raw: string) => {
    const tagCode = normaliseTagCode(raw)
    if (!tagCode) {
      setMessage(TAG_MESSAGES.empty)
      return
    }
    setMessage(null)
    setOfflineCode(null)
    setIsBusy(true)
    const id = ++lookupId.current
    const isCurrent = () => id === lookupId.current
    // SPEC §4: offline after 10 s without a reply; a reply after that still counts.
    const noReply = setTimeout(() => {
      if (!isCurrent()) return
      setOfflineCode(tagCode)
      setIsBusy(false)
    }, OFFLINE_AFTER_MS)
    try {
      const result = await getTagStatus(tagCode)
      clearTimeout(noReply)
      if (!isCurrent()) return
      setOfflineCode(null)
      const lostNote = result.status === 'activated' ? result.lostNote : null
      setHeldLostNote(lostNote ? { code: tagCode, ...lostNote } : null)
      if (result.status === 'activated' && result.ownItem) {
        setOwnItem({ item: result.ownItem, code: tagCode })
        setIsBusy(false)
      } else if (result.status === 'activated') {
        setHeldTag(tagCode)
        if (isLinkReportFor(tagCode)) setIsBusy(false)
        else void navigate(paths.foundReunite)
      } else if (result.status === 'unclaimed') {
        setUnregisteredTag(tagCode)
        setRouteAfterLogin(paths.activeTag)
        void navigate(paths.login)
      } else {
        setIsLinkReport(false)
        setMessage(TAG_MESSAGES.notFound)
        setIsBusy(false)
      }
    } catch (error) {
      clearTimeout(noReply)
      if (!isCurrent()) return
      if (isNoConnection(error)) setOfflineCode(tagCode)
      else setMessage(TAG_MESSAGES.network)
      setIsBusy(false)
    }
  }

  /** Writes the report for a tag that could not be checked (it is sent when online). */
  const writeOffline = (tagCode: string) => {
    lookupId.current += 1
    setHeldTag(tagCode)
    void navigate(paths.foundReunite)
  }

  // Fetched while the page is fresh, so a lookup that finds no connection can say so.
  useEffect(preloadOfflineBanner, [])

  useEffect(() => {
    if (initial && !didAutoLookUp.current) {
      didAutoLookUp.current = true
      void lookUp(initial)
    }
    // Only the code from the link is looked up by itself, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial])

  const scan = async () => {
    const reader = ndefReader()
    if (!reader) {
      setMessage(TAG_MESSAGES.noNfc)
      return
    }
    try {
      setMessage(TAG_MESSAGES.scanning)
      reader.addEventListener('reading', (event) => {
        const found = event.message.records.map(codeFromRecord).find(Boolean)
        if (found) {
          setCode(normaliseTagCode(found))
          void lookUp(found)
        } else setMessage(TAG_MESSAGES.scanFailed)
      })
      await reader.scan()
    } catch {
      setMessage(TAG_MESSAGES.scanFailed)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void lookUp(code)
  }

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
      {showLinkView && (
        <Box {...viewMark('link')} w="full">
          {message && (
            <Box maxW="md" mx="auto" mb="5">
              <FormMessage message={message} />
            </Box>
          )}
          {offlineCode && (
            <Box maxW="md" mx="auto" mb="5">
              <LazyOfflineBanner isOffline text={TAG_MESSAGES.offline} />
            </Box>
          )}
          <FinderReport tag={isHydrated ? initial : null} reportTag={initial || null} />
        </Box>
      )}
      {showCodeView && (
        <Box {...viewMark('code')} w="full">
          {codeForm()}
        </Box>
      )}
    </>
  )

  function codeForm() {
    return (
      <Stack gap="5" maxW="md" mx="auto" w="full">
        <LostNote code={normaliseTagCode(code)} />
        {/* Sent before the app has taken over the page (a slow phone), the form loads
          /tag?tagId=CODE, which looks the code up once it has: nothing typed is lost. */}
        <form method="get" action={paths.tag} onSubmit={submit} noValidate>
          <Stack gap="4">
            <LabelledInput
              label="TAG ID"
              name="tagId"
              autoCapitalize="characters"
              autoComplete="off"
              value={code}
              onValueChange={setCode}
            />
            <FormMessage message={message} />
            <LazyOfflineBanner isOffline={offlineCode !== null} text={TAG_MESSAGES.offline} />
            {offlineCode && (
              <Button colorPalette="teal" onClick={() => writeOffline(offlineCode)}>
                Write your report
              </Button>
            )}
            <Button
              type="submit"
              colorPalette="teal"
              variant={offlineCode ? 'outline' : 'solid'}
              loading={isBusy}
              loadingText="Looking up the tag…"
            >
              Find the owner
            </Button>
          </Stack>
        </form>
        <Button variant="outline" colorPalette="teal" onClick={() => void scan()}>
          Scan
        </Button>
        <Text>
          Not sure how?{' '}
          <Link asChild colorPalette="teal">
            <RouterLink to={paths.howToScan}>How to scan a tag</RouterLink>
          </Link>
        </Text>
      </Stack>
    )
  }
}
