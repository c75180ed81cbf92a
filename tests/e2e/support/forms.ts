import type { Locator, Page } from '@playwright/test'

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The input labelled exactly `label` (SPEC.md wording, any case, an optional required mark). */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*$`, 'i'))
}

/** A button (or a link styled as one) with exactly this name. */
export function action(page: Page, name: string): Locator {
  const exact = new RegExp(`^\\s*${escapeRegExp(name)}\\s*$`, 'i')
  return page.getByRole('button', { name: exact }).or(page.getByRole('link', { name: exact }))
}

/** Fills labelled inputs in order. */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await field(page, label).fill(value)
  }
}
