import { REFUSAL_TEXT } from '@/lib/chat/refusal-text'

/** Every word the desk's pages say, in one place (tests read them from here). */
export const DESK_TEXTS = {
  signUpHeading: 'Sign up as a lost-property desk',
  signUpIntro:
    'For a station, venue, airline or other lost-property office. Once Homeward approves your desk, its staff report tagged items in one tap with your details and a reference number, and chat with the owners as the desk.',
  signUpButton: 'Sign up as a desk',
  fields: {
    name: 'DESK NAME',
    address: 'ADDRESS',
    openingHours: 'OPENING HOURS',
    publicPhone: 'PUBLIC PHONE',
    publicEmail: 'PUBLIC E-MAIL',
  },
  missingFields: 'Please fill in all fields',
  pendingHeading: 'Waiting for approval',
  pending: (name: string) =>
    `${name} is waiting for a Homeward operator to approve it. Until then it cannot report items or add staff.`,
  refusedHeading: 'Not approved',
  refused: (name: string, reason: string | null) =>
    `${name} was not approved${reason ? `: ${reason}` : '.'}`,
  heldHeading: 'Items you hold',
  noItems: 'No items yet. Open a Homeward tag (tap it, or type its code at /tag) to report one.',
  reference: (reference: string) => `Ref ${reference}`,
  states: {
    owner_told: 'Owner told',
    owner_replied: 'Owner replied',
    collected: 'Collected',
    posted: 'Posted',
    closed: 'Closed',
  } as Record<string, string>,
  unclaimed: (days: number) => `Unclaimed after ${days} ${days === 1 ? 'day' : 'days'}`,
  openChat: 'Open conversation',
  markCollected: 'Mark as collected',
  markPosted: 'Mark as posted',
  confirmTitle: (item: string, outcome: 'collected' | 'posted') => `Mark ${item} as ${outcome}?`,
  confirmText:
    'The owner is told at once, the conversation closes and the item is marked FOUND. This cannot be undone.',
  confirmYes: (outcome: 'collected' | 'posted') => `Yes, mark as ${outcome}`,
  cancel: 'Cancel',
  marked: 'Done. The owner has been told and the conversation is closed.',
  staffHeading: 'Staff',
  addStaffLabel: 'E-MAIL OF THEIR HOMEWARD ACCOUNT',
  addStaffButton: 'Add staff',
  addStaffHint:
    'They sign in with their own Homeward account (they register first if they have none).',
  added: 'Added. They see this desk when they next sign in.',
  remove: 'Remove',
  deleteDesk: 'Delete this desk',
  deleteDeskQuestion: 'Delete this desk?',
  deleteDeskText:
    "Its open conversations end, its staff's membership and their access to its conversations are deleted, and so are its records of the items it holds. Staff keep their own Homeward accounts.",
  deleteDeskYes: 'Yes, delete this desk',
  admin: 'admin',
  failed: 'That did not work. Please try again.',
  loadFailed: 'Your desk could not be loaded. Please try again.',
  reportAs: (name: string) => `Report as ${name}`,
  reportIntro:
    "You are signed in as this desk's staff. The owner is told at once where the item is held, with your reference and opening hours.",
  referenceLabel: 'REFERENCE NUMBER',
  referenceMissing: 'Enter your reference number.',
  tagNotActivated: 'Tag not found',
  tooManyReports:
    'Your desk has reported a great many items in the last hour. Please try again in a little while.',
} as const

/** The database's refusal codes for the desk's calls (error-codes.ts) in the desk's words. */
export const DESK_REFUSAL_TEXT: Readonly<Record<string, string>> = {
  ...REFUSAL_TEXT,
  sign_in_required: 'Sign in to sign a desk up.',
  missing_fields: DESK_TEXTS.missingFields,
  desk_field_too_long:
    'Keep the name and opening hours under 80 characters, the address under 300 and the phone under 40.',
  invalid_text: 'Please use plain text.',
  invalid_email: 'Email is invalid.',
  already_in_a_desk: 'Your account already belongs to a desk.',
  not_desk_staff: 'Only the staff of an approved desk can do this.',
  not_desk_admin: "Only a desk's admin can change its staff.",
  no_such_account: 'No Homeward account has this e-mail address.',
  already_staff: 'This account already belongs to a desk.',
  cannot_remove_self: 'You cannot remove yourself.',
  reference_required: DESK_TEXTS.referenceMissing,
  reference_invalid: 'Keep the reference under 40 characters, on one line.',
  invalid_outcome: 'Choose collected or posted.',
}
