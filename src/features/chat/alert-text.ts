/** Toast text for a new report. */
export function reportAlertText(itemName: string | null, finderName?: string | null): string {
  const who = finderName?.trim() || 'Someone'
  return itemName ? `${who} found your ${itemName}!` : `${who} found one of your items!`
}

const PREVIEW_LENGTH = 80

/** Toast text for a finder's message: which item, and the start of what they wrote. */
export function messageAlertText(itemName: string | null, body: string): string {
  const about = itemName ? `New message about your ${itemName}` : 'New message from the finder'
  const text = body.replace(/\s+/g, ' ').trim()
  const preview = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text
  return `${about}: “${preview}”`
}
