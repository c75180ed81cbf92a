/**
 * The database answers a refusal with a stable code (supabase/functions/_shared/error-codes.ts,
 * docs/languages-server.md), never a sentence: these are the owner's and the chat's words for
 * them. The finder's pages that are translated read their codes from the catalogs instead
 * (src/features/found/api/report-refusal.ts). REFUSAL_TEXT is the English that throwIfError
 * puts in a ChatApiError's message (the desk's, the operator's and the case links' pages
 * still show it); the owner's chat says the same through the owner's catalog (refusal-id.ts).
 */
export const REFUSAL_TEXT: Readonly<Record<string, string>> = {
  chat_not_found: 'This conversation is no longer available.',
  item_not_found: 'This item is no longer in your account.',
  chat_closed: 'This conversation is closed. No more messages can be sent in it.',
  way_back_not_accepted: 'The owner does not accept this way back for this item.',
  already_handed_in: 'You handed it in already, so there is nothing to post.',
  place_required: 'Please say where you handed it in.',
  place_too_long: 'Please keep the place under 200 characters.',
  address_required: 'Please enter the postal address to share.',
  address_too_long: 'Please keep the postal address under 500 characters.',
  invalid_characters: 'Please remove the tabs or other invisible characters and try again.',
  invalid_position: 'A position needs a latitude, a longitude and its accuracy.',
  invalid_latitude: 'The latitude must be between -90 and 90 degrees.',
  invalid_longitude: 'The longitude must be between -180 and 180 degrees.',
  invalid_accuracy: 'The accuracy must be a number of metres, 0 or more.',
  reason_required: 'Choose why you are reporting this conversation.',
  note_too_long: 'Keep the note under 1000 characters.',
}
