/**
 * Every error code the server answers with, in one list (issue 48). The server
 * never answers with an English sentence: a refusal carries one of these
 * stable snake_case codes, and the app turns it into words in the reader's
 * language. What varies (a limit, a field, an e-mail address) goes in the
 * error's detail; the meanings below are for developers, never shown.
 *
 * - SQL: the code is the exception's message (`raise exception 'chat_closed'`),
 *   with the SQLSTATE given here (PostgREST maps P0001 to 400, 22023 to 400,
 *   42501 to 401/403, PT404 to 404); detail and hint as each function says.
 * - Edge Functions: `{ "error": { "code": <kind>, "message": <code>, "detail"? } }`.
 *   `code` is the kind of refusal the function always answered with (kept
 *   stable: invalid_input, forbidden, too_many_reports…); `message` is the exact
 *   refusal, one of the codes here.
 *
 * tests/db/error-codes.test.ts checks every `raise exception` in
 * supabase/schema.sql against SQL_ERROR_CODES (and that none is left unused);
 * _shared/error-codes.test.ts checks every function's refusals against
 * FUNCTION_ERROR_CODES.
 */

/** What SQL raises: code → its SQLSTATEs and what it means. */
export const SQL_ERROR_CODES = {
  address_required: { sqlstate: ['22023'], meaning: 'share_postal_address: the address is empty.' },
  address_too_long: {
    sqlstate: ['22023'],
    meaning: 'share_postal_address: over the limit (detail: the limit, 500).',
  },
  already_handed_in: {
    sqlstate: ['P0001'],
    meaning: 'ask_for_postal_address: the finder handed the item in already.',
  },
  already_verified: { sqlstate: ['P0001'], meaning: 'send_mobile_code: the number is verified.' },
  append_only: {
    sqlstate: ['42501'],
    meaning: 'The audit log refuses update and delete (detail: the table).',
  },
  chat_closed: { sqlstate: ['P0001'], meaning: 'The conversation is closed: no more messages.' },
  chat_not_found: { sqlstate: ['PT404'], meaning: 'No such chat, or not the caller’s.' },
  invalid_accuracy: { sqlstate: ['22023'], meaning: 'A position’s accuracy is not 0 or more.' },
  invalid_action: { sqlstate: ['P0001'], meaning: 'operator_act: an unknown action.' },
  invalid_characters: {
    sqlstate: ['22023'],
    meaning: 'A place or address holds control characters.',
  },
  invalid_close_reason: {
    sqlstate: ['22023'],
    meaning: 'close_chat: an unknown reason (detail: the reason).',
  },
  invalid_input: { sqlstate: ['P0001'], meaning: 'Input refused (detail: the field, if any).' },
  invalid_invite: { sqlstate: ['P0001'], meaning: 'A chat link that is not valid.' },
  invalid_latitude: { sqlstate: ['22023'], meaning: 'A latitude outside -90..90.' },
  invalid_longitude: { sqlstate: ['22023'], meaning: 'A longitude outside -180..180.' },
  invalid_position: {
    sqlstate: ['22023'],
    meaning: 'A position needs a latitude, a longitude and its accuracy.',
  },
  invite_bound: { sqlstate: ['P0001'], meaning: 'The chat link is bound to another session.' },
  item_not_found: { sqlstate: ['PT404'], meaning: 'No such item, or not the caller’s.' },
  lost_note_too_long: { sqlstate: ['22001'], meaning: 'The LOST note is over its limit.' },
  no_mobile_number: { sqlstate: ['P0001'], meaning: 'send_mobile_code: no number held.' },
  no_such_account: {
    sqlstate: ['PT404', 'P0001'],
    meaning:
      'operator_grant (PT404, detail: the address) or add_desk_staff (P0001): no account has that e-mail.',
  },
  not_allowed: { sqlstate: ['42501'], meaning: 'The caller may not do this.' },
  not_an_owner: { sqlstate: ['P0001'], meaning: 'Only a (reported) owner can be the target.' },
  not_signed_in: { sqlstate: ['42501', 'P0001'], meaning: 'No session.' },
  not_the_finder: { sqlstate: ['42501'], meaning: 'Only the chat’s finder may do this.' },
  note_too_long: {
    sqlstate: ['P0001'],
    meaning: 'report_conversation: the note is over the limit (detail: 1000).',
  },
  photo_not_allowed: { sqlstate: ['P0001'], meaning: 'The caller cannot add a photo there.' },
  place_required: { sqlstate: ['22023'], meaning: 'record_hand_in: the place is empty.' },
  place_too_long: {
    sqlstate: ['22023'],
    meaning: 'record_hand_in: the place is over the limit (detail: 200).',
  },
  push_endpoint_refused: { sqlstate: ['P0001'], meaning: 'A push endpoint we do not accept.' },
  reason_required: {
    sqlstate: ['P0001'],
    meaning: 'report_conversation: no known reason; operator_act: no reason given.',
  },
  reason_too_long: {
    sqlstate: ['P0001'],
    meaning: 'operator_act: the reason is over the limit (detail: 1000).',
  },
  report_closed: { sqlstate: ['P0001'], meaning: 'operator_act: the report is closed already.' },
  report_not_found: { sqlstate: ['PT404'], meaning: 'No such report.' },
  return_instructions_too_long: {
    sqlstate: ['22001'],
    meaning: 'The return instructions are over their limit.',
  },
  tag_not_activated: { sqlstate: ['P0001'], meaning: 'No activated tag has that code.' },
  too_many_codes: { sqlstate: ['P0001'], meaning: 'send_mobile_code: too many codes sent.' },
  too_many_messages: { sqlstate: ['P0001'], meaning: 'Too many messages (detail: seconds).' },
  too_many_photos: { sqlstate: ['P0001'], meaning: 'Too many unsent photos (detail: seconds).' },
  too_many_reports: {
    sqlstate: ['P0001'],
    meaning: 'report_found: over a limit (hint: tag, finder or address; detail: seconds).',
  },
  too_many_requests: { sqlstate: ['P0001'], meaning: 'Too many requests (detail: seconds).' },
  vault_secret_missing: {
    sqlstate: ['P0001'],
    meaning: 'A Vault secret is not set (detail: its name; hint: how to set it).',
  },
  way_back_not_accepted: {
    sqlstate: ['P0001'],
    meaning: 'The owner does not accept this way back for this item.',
  },
  case_link_contact: {
    sqlstate: ['22023'],
    meaning: 'create_case_link: the contact is over its limit (detail: the limit).',
  },
  case_link_days: {
    sqlstate: ['22023'],
    meaning: 'create_case_link: days outside the range (detail: min-max).',
  },
  case_link_label: {
    sqlstate: ['22023'],
    meaning: 'create_case_link: the label is empty or over its limit (detail: the limit).',
  },
  case_link_not_found: { sqlstate: ['PT404'], meaning: 'No such case link, or not the caller’s.' },
  item_not_lost: { sqlstate: ['P0001'], meaning: 'create_case_link: the item is not LOST.' },
  too_many_case_links: {
    sqlstate: ['P0001'],
    meaning: 'create_case_link: the item has its most working links (detail: the limit).',
  },
  already_in_a_desk: {
    sqlstate: ['P0001'],
    meaning: "register_desk: the caller's account is already staff of a desk.",
  },
  already_staff: {
    sqlstate: ['P0001'],
    meaning: 'add_desk_staff: that account is already staff of a desk.',
  },
  cannot_remove_self: {
    sqlstate: ['P0001'],
    meaning:
      'remove_desk_staff: an admin cannot remove themselves (delete the desk or pass it on).',
  },
  desk_decided: {
    sqlstate: ['P0001'],
    meaning: 'decide_desk: the desk was approved or refused already.',
  },
  desk_field_too_long: {
    sqlstate: ['P0001'],
    meaning: 'register_desk: a field over its limit (name and hours 80, address 300, phone 40).',
  },
  desk_not_found: { sqlstate: ['PT404'], meaning: 'No such desk.' },
  invalid_decision: { sqlstate: ['P0001'], meaning: 'decide_desk: neither approve nor refuse.' },
  invalid_email: {
    sqlstate: ['P0001'],
    meaning: 'register_desk: the public e-mail is not an address.',
  },
  invalid_outcome: {
    sqlstate: ['P0001'],
    meaning: 'mark_desk_case: neither collected nor posted.',
  },
  invalid_text: {
    sqlstate: ['P0001'],
    meaning: 'register_desk: a field holds control characters.',
  },
  missing_fields: { sqlstate: ['P0001'], meaning: 'register_desk: a required field is empty.' },
  not_desk_admin: { sqlstate: ['42501'], meaning: "Only a desk's admin changes its staff." },
  not_desk_staff: { sqlstate: ['42501'], meaning: 'Only staff of an approved desk.' },
  not_operator: { sqlstate: ['42501'], meaning: 'Only an operator.' },
  reference_invalid: {
    sqlstate: ['P0001'],
    meaning: 'desk_report_found: the reference is over 40 characters or not one line.',
  },
  reference_required: { sqlstate: ['P0001'], meaning: 'desk_report_found: no reference.' },
  sign_in_required: { sqlstate: ['42501'], meaning: 'No session.' },
} as const

/** report_found's refusals returned as rows (failure), not raised. */
export const SQL_FAILURE_CODES = ['unauthorized', 'proof_reused'] as const

/** The exact refusals the Edge Functions answer with (the error's `message`). */
export const FUNCTION_ERROR_CODES = {
  // Any function (_shared/http.ts, _shared/caller.ts)
  body_not_json: 'The request body is not JSON.',
  body_not_object: 'The request body is not a JSON object.',
  body_too_large: 'The request is over the size limit.',
  body_too_deep: 'The request is nested too deeply.',
  invalid_characters: 'A field holds characters we cannot store (control characters).',
  not_text: 'A field that must be text is another type.',
  method_not_allowed: 'Only POST (and OPTIONS).',
  internal_error: 'Something unexpected failed (logged).',
  sign_in_required: 'No valid session: sign in (or open the chat) again.',
  secret_key_required: 'Only the project’s secret key may call this function.',
  // report-found, pow-challenge
  invalid_email: 'The finder’s e-mail is not an address (or no tag code).',
  field_too_long: 'A finder field is over its limit.',
  field_not_one_line: 'The name or phone number holds a line break.',
  invalid_idempotency_key: 'The submission key is malformed.',
  tag_not_found: 'No activated tag has that code.',
  too_many_reports_for_tag: 'Too many reports for this tag (Retry-After).',
  too_many_reports_from_you: 'Too many reports from this finder or address (Retry-After).',
  proof_required: 'The bot check’s proof is missing or malformed.',
  proof_failed: 'The bot check’s proof is wrong, expired or used.',
  // activate-tag
  missing_fields: 'Tag ID, activation code and item name are all needed.',
  activation_incorrect: 'The activation code or tag ID is incorrect.',
  already_yours: 'The tag is already activated on the caller’s account.',
  too_many_attempts: 'Too many activation attempts (Retry-After).',
  item_name_too_long: 'The item name is over its limit (detail: 80).',
  item_name_not_one_line: 'The item name holds a line break.',
  registered_owners_only: 'Only a registered (not anonymous) owner may do this.',
  // check-photo
  photo_missing: 'No photo in the request.',
  photo_not_allowed: 'The caller cannot add photos there.',
  photo_exists: 'A photo with that name was uploaded already.',
  photo_too_large: 'The photo is over the size limit (detail: bytes).',
  not_an_image: 'Not a JPEG, PNG or WebP photo.',
  photo_unreadable: 'The photo could not be decoded.',
  too_many_photos: 'Too many uploaded photos not sent (Retry-After).',
  // delete-account, delete-my-details
  account_not_found: 'The account was deleted already.',
  chat_not_found: 'No such conversation.',
  not_the_finder: 'Only the finder of this conversation can delete their details.',
} as const

export type SqlErrorCode = keyof typeof SQL_ERROR_CODES
export type FunctionErrorCode = keyof typeof FUNCTION_ERROR_CODES

/** A stable code: lowercase snake_case, never a sentence. */
export const ERROR_CODE_SHAPE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/
