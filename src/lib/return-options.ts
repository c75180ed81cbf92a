/**
 * The ways back an owner may accept for an item (items.return_options in SQL,
 * which holds the list), in the product's words, for the owner's edit screen
 * and the chat.
 */
export type ReturnOption = 'meet' | 'hand_in' | 'post'

export const RETURN_OPTIONS: readonly ReturnOption[] = ['meet', 'hand_in', 'post']

export const RETURN_OPTION_TEXT: Record<ReturnOption, string> = {
  meet: 'Meet in a public place',
  hand_in:
    'Hand it in at a place the finder names (a station lost property office, a police front desk, the shop where it was found)',
  post: "Post it back at the owner's cost",
}

/** The known options among what the database holds, in a fixed order. */
export function knownReturnOptions(stored: readonly string[] | null | undefined): ReturnOption[] {
  return RETURN_OPTIONS.filter((option) => stored?.includes(option))
}
