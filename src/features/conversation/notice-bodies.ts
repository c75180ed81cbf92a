import { msgId, type MessageId } from '@/lib/i18n/message-id'
import type { SafetyNotice } from '@/features/conversation/api/get-safety-notices'

/**
 * The bodies of the safety notices, as the database writes them
 * (app_private.operator_act: the warning to the reported person, and
 * app_private.safety_outcome_text for the reporter's outcome; tests check the two
 * agree with supabase/schema.sql), and the catalog message a finder reads instead.
 */
type Bodies = Readonly<Record<string, MessageId>>

export const NOTICE_BODY_IDS: Readonly<{ warning: Bodies; outcome: Bodies }> = {
  warning: {
    'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.':
      msgId('chat.noticeBody.warned'),
  },
  outcome: {
    'We looked at your report and found nothing against our rules. Thank you for telling us.':
      msgId('chat.noticeBody.dismissed'),
    'We looked at your report and warned the other person.': msgId('chat.noticeBody.warnedOther'),
    'We looked at your report and closed this conversation.': msgId('chat.noticeBody.closed'),
    "We looked at your report, closed this conversation and suspended the owner's account.": msgId(
      'chat.noticeBody.ownerSuspended',
    ),
    'We looked at your report and switched off the tag of this item.': msgId(
      'chat.noticeBody.tagSwitchedOff',
    ),
  },
}

/**
 * The catalog message for a notice a finder reads, from its kind and what it says;
 * null for a notice the app does not know (its own words are then shown).
 */
export function noticeBodyId(notice: Pick<SafetyNotice, 'kind' | 'body'>): MessageId | null {
  const kind = notice.kind === 'warning' || notice.kind === 'outcome' ? notice.kind : null
  const bodies = kind ? NOTICE_BODY_IDS[kind] : null
  return bodies && Object.hasOwn(bodies, notice.body) ? (bodies[notice.body] ?? null) : null
}

/** The same bodies as the owner reads them (the owner's catalog). */
const OWNER_NOTICE_BODY_IDS: Readonly<Partial<Record<MessageId, MessageId>>> = {
  [msgId('chat.noticeBody.warned')]: msgId('ownerChat.noticeBody.warned'),
  [msgId('chat.noticeBody.dismissed')]: msgId('ownerChat.noticeBody.dismissed'),
  [msgId('chat.noticeBody.warnedOther')]: msgId('ownerChat.noticeBody.warnedOther'),
  [msgId('chat.noticeBody.closed')]: msgId('ownerChat.noticeBody.closed'),
  [msgId('chat.noticeBody.ownerSuspended')]: msgId('ownerChat.noticeBody.ownerSuspended'),
  [msgId('chat.noticeBody.tagSwitchedOff')]: msgId('ownerChat.noticeBody.tagSwitchedOff'),
}

/** noticeBodyId for the owner: the owner's catalog message, or null (shown as written). */
export function ownerNoticeBodyId(notice: Pick<SafetyNotice, 'kind' | 'body'>): MessageId | null {
  const id = noticeBodyId(notice)
  return id ? (OWNER_NOTICE_BODY_IDS[id] ?? null) : null
}
