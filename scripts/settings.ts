/**
 * `npm run settings -- reminders [--delay 30m] [--quiet 22:00-07:00 | --quiet off]`:
 * shows, and with options changes, when an owner who has not opened a report gets
 * its one reminder (public.reminder_settings, service role). SUPABASE_URL /
 * SUPABASE_SECRET_KEY target any project; the local stack by default.
 */
import { describeError, fail, operatorClient } from './tags-cli.ts'

const USAGE =
  'Usage: npm run settings -- reminders [--delay <minutes>m|<hours>h] [--quiet HH:MM-HH:MM|off]'

export type ReminderChanges = {
  remind_after?: string
  quiet_from?: string
  quiet_until?: string
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Reads the command line into the function's arguments; throws in words on bad input. */
export function parseSettingsArgs(argv: string[]): ReminderChanges {
  const [topic, ...rest] = argv
  if (topic !== 'reminders') throw new Error(`Unknown settings "${topic ?? ''}"`)
  const changes: ReminderChanges = {}
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]
    const value = rest[i + 1]
    if (arg === '--delay' && value !== undefined) {
      const delay = /^(\d{1,4})(m|h)$/.exec(value)
      if (!delay || Number(delay[1]) < 1) {
        throw new Error(`--delay must be minutes or hours, such as 30m or 2h (got "${value}")`)
      }
      changes.remind_after = `${Number(delay[1])} ${delay[2] === 'm' ? 'minutes' : 'hours'}`
      i++
    } else if (arg === '--quiet' && value !== undefined) {
      if (value === 'off') {
        // The same start and end: no quiet hours.
        changes.quiet_from = '00:00'
        changes.quiet_until = '00:00'
      } else {
        const [from = '', until = '', ...extra] = value.split('-')
        if (extra.length > 0 || !TIME.test(from) || !TIME.test(until)) {
          throw new Error(
            `--quiet must be HH:MM-HH:MM, such as 22:00-07:00, or off (got "${value}")`,
          )
        }
        changes.quiet_from = from
        changes.quiet_until = until
      }
      i++
    } else {
      throw new Error(`Unexpected argument "${arg}"`)
    }
  }
  return changes
}

type ReminderSettings = {
  enabled: boolean
  remind_after: string
  remind_within: string
  quiet_from: string
  quiet_until: string
  time_zone: string
}

/** The settings in words, as the command prints them. */
export function describeSettings(settings: ReminderSettings): string {
  const quiet =
    settings.quiet_from === settings.quiet_until
      ? 'none'
      : `${settings.quiet_from}-${settings.quiet_until} (${settings.time_zone}; not for an item marked LOST)`
  return [
    `reminders:     ${settings.enabled ? 'on' : 'off'}`,
    `delay:         ${settings.remind_after} after the report, if the owner has not opened it`,
    `no later than: ${settings.remind_within} after the report`,
    `quiet hours:   ${quiet}`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let changes: ReminderChanges
  try {
    changes = parseSettingsArgs(process.argv.slice(2))
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2)
  }
  const url = process.env.SUPABASE_URL?.trim() || 'http://127.0.0.1:54321'
  const { data, error } = await operatorClient().rpc('reminder_settings', changes)
  if (error) {
    const detail = (error as { details?: string }).details
    fail(`Could not change the reminder settings: ${detail || describeError(error, url)}`)
  }
  process.stdout.write(`${describeSettings(data as ReminderSettings)}\n`)
}
