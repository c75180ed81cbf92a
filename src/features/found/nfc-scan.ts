/** Reading a tag with Web NFC (Chrome on Android), where the browser has it. */
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

/** What a scan tells the page: it started, it read a code, or it read nothing usable. */
export type ScanListener = {
  onStart: () => void
  onCode: (code: string) => void
  onFailure: () => void
}

/**
 * Starts a scan; false when this browser cannot read NFC tags. Each tag held to the
 * phone calls onCode with its code, or onFailure when it holds none.
 */
export async function scanTag({ onStart, onCode, onFailure }: ScanListener): Promise<boolean> {
  const reader = ndefReader()
  if (!reader) return false
  try {
    onStart()
    reader.addEventListener('reading', (event) => {
      const found = event.message.records.map(codeFromRecord).find(Boolean)
      if (found) onCode(found)
      else onFailure()
    })
    await reader.scan()
  } catch {
    onFailure()
  }
  return true
}
