/**
 * The finder's link token: read from `#token=SECRET`, and dropped from the address
 * bar once used or refused. A refused one is kept for this tab only (sessionStorage),
 * so that after a reload the page can still say why and still offer "Send me a new
 * link"; it is forgotten once the chat opens.
 */
const KEY = 'homeward.refusedChatLink'

type Remembered = { chatId: string; token: string }

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

function remembered(): Remembered | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(KEY) ?? 'null')
    if (
      value &&
      typeof value === 'object' &&
      'chatId' in value &&
      'token' in value &&
      typeof value.chatId === 'string' &&
      typeof value.token === 'string' &&
      value.token.length <= 200
    ) {
      return { chatId: value.chatId, token: value.token }
    }
  } catch {
    // unreadable: nothing remembered
  }
  return null
}

/** The token of `#token=…`, or the refused one this tab kept for this chat. */
export function readChatToken(chatId: string | null, hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim()
  if (token) return token
  const kept = remembered()
  return chatId && kept?.chatId === chatId ? kept.token : null
}

export function rememberRefusedToken(chatId: string, token: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ chatId, token }))
  } catch {
    // storage full or refused: a reload then only loses "Send me a new link"
  }
}

export function forgetRefusedToken(chatId: string): void {
  if (remembered()?.chatId === chatId) storage()?.removeItem(KEY)
}
