/** Toast text for a new report. */
export function reportAlertText(itemName: string | null, finderName?: string | null): string {
  const who = finderName?.trim() || 'Someone'
  return itemName ? `${who} found your ${itemName}!` : `${who} found one of your items!`
}

const PREVIEW_LENGTH = 80

/**
 * Toast text for a finder's message: which item, and the start of what they
 * wrote (or, for photos without words, how many photos).
 */
export function messageAlertText(itemName: string | null, body: string, photoCount = 0): string {
  const about = itemName ? `New message about your ${itemName}` : 'New message from the finder'
  const text = body.replace(/\s+/g, ' ').trim()
  if (!text && photoCount > 0)
    return `${about}: ${photoCount === 1 ? 'a photo' : `${photoCount} photos`}`
  const preview = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text
  return `${about}: “${preview}”`
}
