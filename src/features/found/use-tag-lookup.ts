import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { useSetAtom } from '@/lib/jotai'
import { OFFLINE_AFTER_MS } from '@/lib/realtime/connectivity'
import { paths } from '@/lib/paths'
import { normaliseTagCode } from '@/lib/tag-code'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import {
  getTagStatus,
  TagLookupError,
  type OwnItem,
  type TagLookupResult,
} from '@/features/found/api/get-tag-status'
import { heldLostNoteAtom, heldTagAtom } from '@/features/found/state'

export const TAG_MESSAGES = {
  notFound: msgId('error.tagNotFound'),
  network: msgId('tag.network'),
  offline: msgId('tag.offline'),
  empty: msgId('tag.empty'),
  noNfc: msgId('tag.noNfc'),
  scanning: msgId('tag.scanning'),
  scanFailed: msgId('tag.scanFailed'),
} as const

const isNoConnection = (error: unknown) =>
  navigator.onLine === false || (error instanceof TagLookupError && error.isNetwork)

/** Where an answer sends the finder: the jotai atoms and pages it changes. */
function useAnswerActions() {
  const navigate = useNavigate()
  const setHeldTag = useSetAtom(heldTagAtom)
  const setHeldLostNote = useSetAtom(heldLostNoteAtom)
  const setUnregisteredTag = useSetAtom(unregisteredTagAtom)
  const setRouteAfterLogin = useSetAtom(routeAfterLoginAtom)
  return {
    holdLostNote: (tagCode: string, result: TagLookupResult) => {
      const lostNote = result.status === 'activated' ? result.lostNote : null
      setHeldLostNote(lostNote ? { code: tagCode, ...lostNote } : null)
    },
    /** The activated tag is held for the report; away to the form unless it is on this page. */
    holdTag: (tagCode: string, isFormHere: boolean) => {
      setHeldTag(tagCode)
      if (!isFormHere) void navigate(paths.foundReunite)
    },
    /** An unclaimed tag: the finder may be its buyer, so log in and activate it. */
    activateAfterLogin: (tagCode: string) => {
      setUnregisteredTag(tagCode)
      setRouteAfterLogin(paths.activeTag)
      void navigate(paths.login)
    },
  }
}

/**
 * /tag's lookups: the code from the link, once, by itself, and each code typed or
 * scanned. Only the latest lookup's answer counts. With no reply within 10 s (SPEC
 * §4) or no connection, the finder may write the report anyway (writeOffline).
 */
export function useTagLookup(linkCode: string) {
  const actions = useAnswerActions()
  /** Opened from a tag's link and not (yet) told otherwise: the report form shows. */
  const [isLinkReport, setIsLinkReport] = useState(linkCode !== '')
  const [message, setMessage] = useState<MessageId | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  /** The owner's own item behind the code looked up (their test scan). */
  const [ownItem, setOwnItem] = useState<{ item: OwnItem; code: string } | null>(null)
  /** The code that could not be checked for want of a connection. */
  const [offlineCode, setOfflineCode] = useState<string | null>(null)
  const lookupId = useRef(0)
  const didAutoLookUp = useRef(false)

  const showAnswer = (tagCode: string, result: TagLookupResult) => {
    setOfflineCode(null)
    actions.holdLostNote(tagCode, result)
    if (result.status === 'activated' && result.ownItem) {
      setOwnItem({ item: result.ownItem, code: tagCode })
      setIsBusy(false)
    } else if (result.status === 'activated') {
      // The link's report form is showing for this code (a later typed code is not it).
      const isFormHere = isLinkReport && tagCode === linkCode
      actions.holdTag(tagCode, isFormHere)
      if (isFormHere) setIsBusy(false)
    } else if (result.status === 'unclaimed') {
      actions.activateAfterLogin(tagCode)
    } else {
      setIsLinkReport(false)
      setMessage(TAG_MESSAGES.notFound)
      setIsBusy(false)
    }
  }

  const lookUp = async (raw: string) => {
    const tagCode = normaliseTagCode(raw)
    if (!tagCode) {
      setMessage(TAG_MESSAGES.empty)
      return
    }
    setMessage(null)
    setOfflineCode(null)
    setIsBusy(true)
    const id = ++lookupId.current
    const isCurrent = () => id === lookupId.current
    // SPEC §4: offline after 10 s without a reply; a reply after that still counts.
    const noReply = setTimeout(() => {
      if (!isCurrent()) return
      setOfflineCode(tagCode)
      setIsBusy(false)
    }, OFFLINE_AFTER_MS)
    try {
      const result = await getTagStatus(tagCode)
      clearTimeout(noReply)
      if (isCurrent()) showAnswer(tagCode, result)
    } catch (error) {
      clearTimeout(noReply)
      if (!isCurrent()) return
      if (isNoConnection(error)) setOfflineCode(tagCode)
      else setMessage(TAG_MESSAGES.network)
      setIsBusy(false)
    }
  }

  /** Writes the report for a tag that could not be checked (it is sent when online). */
  const writeOffline = (tagCode: string) => {
    lookupId.current += 1
    actions.holdTag(tagCode, false)
  }

  useEffect(() => {
    if (linkCode && !didAutoLookUp.current) {
      didAutoLookUp.current = true
      void lookUp(linkCode)
    }
    // Only the code from the link is looked up by itself, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkCode])

  return { isLinkReport, message, setMessage, isBusy, ownItem, offlineCode, lookUp, writeOffline }
}

export type TagLookupState = ReturnType<typeof useTagLookup>
