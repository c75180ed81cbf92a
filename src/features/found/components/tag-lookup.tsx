import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { useSetAtom } from '@/lib/jotai'
import { getTagStatus, type OwnItem } from '@/features/found/api/get-tag-status'
import { LostNote } from '@/features/found/components/lost-note'
import { TestScan } from '@/features/found/components/test-scan'
import { heldLostNoteAtom, heldTagAtom, normaliseTagCode } from '@/features/found/state'
import { paths } from '@/lib/paths'

export const TAG_MESSAGES = {
  notFound: 'Tag not found',
  network: 'We could not reach Homeward. Please check your connection and try again.',
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

/**
 * /tag: look up a tag code (typed, from ?tagId= or scanned) and send the finder on,
 * with the owner's lost-mode note if the item is LOST. The owner's own tag (signed
 * in on this browser) shows the test scan instead, and nothing is reported.
 */
export function TagLookup() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const initial = normaliseTagCode(params.get('tagId') ?? '')
  const [code, setCode] = useState(initial)
  const [message, setMessage] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [ownItem, setOwnItem] = useState<OwnItem | null>(null)
  const setHeldTag = useSetAtom(heldTagAtom)
  const setHeldLostNote = useSetAtom(heldLostNoteAtom)
  const setUnregisteredTag = useSetAtom(unregisteredTagAtom)
  const setRouteAfterLogin = useSetAtom(routeAfterLoginAtom)
  const didAutoLookUp = useRef(false)

  const lookUp = async (raw: string) => {
    const tagCode = normaliseTagCode(raw)
    if (!tagCode) {
      setMessage(TAG_MESSAGES.empty)
      return
    }
    setMessage(null)
    setIsBusy(true)
    try {
      const result = await getTagStatus(tagCode)
      const lostNote = result.status === 'activated' ? result.lostNote : null
      setHeldLostNote(lostNote ? { code: tagCode, ...lostNote } : null)
      if (result.status === 'activated' && result.ownItem) {
        setOwnItem(result.ownItem)
        setIsBusy(false)
      } else if (result.status === 'activated') {
        setHeldTag(tagCode)
        void navigate(paths.foundReunite)
      } else if (result.status === 'unclaimed') {
        setUnregisteredTag(tagCode)
        setRouteAfterLogin(paths.activeTag)
        void navigate(paths.login)
      } else {
        setMessage(TAG_MESSAGES.notFound)
        setIsBusy(false)
      }
    } catch {
      setMessage(TAG_MESSAGES.network)
      setIsBusy(false)
    }
  }

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

  if (ownItem) return <TestScan item={ownItem} />

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <LostNote code={normaliseTagCode(code)} />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <LabelledInput
            label="TAG ID"
            autoCapitalize="characters"
            autoComplete="off"
            value={code}
            onValueChange={setCode}
          />
          <FormMessage message={message} />
          <Button
            type="submit"
            colorPalette="teal"
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
