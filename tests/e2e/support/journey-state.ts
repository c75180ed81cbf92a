import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { BrowserContext } from '@playwright/test'
import type { Finder, Owner } from './people.ts'
import type { MintedTag } from './tags.ts'

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * What one journey test hands the next (the owner, the activated tag, each side's
 * signed-in browser state, the chat link). Kept in a file, not in module variables,
 * so a failed test (and the fresh worker Playwright starts after it) does not take
 * the independent later journeys down with it; each skips only if what it needs is missing.
 */
export type Journey = {
  owner?: Owner
  finder?: Finder
  /** Set once the owner has activated it. */
  tag?: MintedTag
  ownerState?: StorageState
  finderState?: StorageState
  chatLink?: string
  /** The chat link from the owner's e-mail (no token: the owner logs in). */
  ownerChatLink?: string
}

const FILE = 'test-results/.journey.json'

export function resetJourney(): void {
  rmSync(FILE, { force: true })
}

export function readJourney(): Journey {
  try {
    return JSON.parse(readFileSync(FILE, 'utf8')) as Journey
  } catch {
    return {}
  }
}

export function saveJourney(update: Journey): void {
  mkdirSync(dirname(FILE), { recursive: true })
  writeFileSync(FILE, JSON.stringify({ ...readJourney(), ...update }))
}
