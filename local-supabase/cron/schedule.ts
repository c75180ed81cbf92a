/**
 * pg_cron's schedule grammar: five cron fields (minute hour day-of-month month
 * day-of-week; numbers, names, `*`, ranges, lists and steps), the `@hourly`
 * style macros, and interval jobs written '<1-59> seconds'. Times are UTC, as
 * pg_cron's default `cron.timezone = 'GMT'`.
 */

export type CronSchedule =
  | { kind: 'interval'; seconds: number }
  | {
      kind: 'cron'
      minute: Set<number>
      hour: Set<number>
      dayOfMonth: Set<number>
      month: Set<number>
      dayOfWeek: Set<number>
      /** Vixie cron: when both day fields are restricted, either may match. */
      daysRestricted: { dayOfMonth: boolean; dayOfWeek: boolean }
    }

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

type FieldSpec = { name: string; min: number; max: number; names?: string[]; namesFrom?: number }

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: DAYS, namesFrom: 0 },
]

export class ScheduleError extends Error {}

function parseValue(text: string, spec: FieldSpec, schedule: string): number {
  const lower = text.toLowerCase()
  const named = spec.names?.indexOf(lower) ?? -1
  const value = named >= 0 ? named + (spec.namesFrom ?? 0) : /^\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isInteger(value) || value < spec.min || value > spec.max) {
    throw new ScheduleError(`invalid schedule: ${schedule} (${spec.name} "${text}")`)
  }
  return value
}

function parseField(text: string, spec: FieldSpec, schedule: string): Set<number> {
  const values = new Set<number>()
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    if (!Number.isInteger(step) || step < 1) {
      throw new ScheduleError(`invalid schedule: ${schedule} (${spec.name} step "${stepText}")`)
    }
    let from: number
    let to: number
    if (range === '*') {
      from = spec.min
      to = spec.max
    } else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-')
      from = parseValue(a, spec, schedule)
      to = parseValue(b, spec, schedule)
      if (from > to)
        throw new ScheduleError(`invalid schedule: ${schedule} (${spec.name} "${range}")`)
    } else {
      from = parseValue(range, spec, schedule)
      // "5/15" means from 5 to the end, every 15 (Vixie cron).
      to = stepText === undefined ? from : spec.max
    }
    for (let v = from; v <= to; v += step) values.add(v)
  }
  return values
}

export function parseSchedule(schedule: string): CronSchedule {
  const trimmed = schedule.trim()
  const interval = /^(\d{1,2})\s+seconds?$/i.exec(trimmed)
  if (interval) {
    const seconds = Number(interval[1])
    if (seconds < 1 || seconds > 59) throw new ScheduleError(`invalid schedule: ${schedule}`)
    return { kind: 'interval', seconds }
  }
  const expanded = MACROS[trimmed.toLowerCase()] ?? trimmed
  const parts = expanded.split(/\s+/)
  if (parts.length !== 5) throw new ScheduleError(`invalid schedule: ${schedule}`)
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts.map((part, i) =>
    parseField(part, FIELDS[i] as FieldSpec, schedule),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>]
  if (dayOfWeek.has(7)) dayOfWeek.add(0)
  return {
    kind: 'cron',
    minute,
    hour,
    dayOfMonth,
    month,
    dayOfWeek,
    daysRestricted: { dayOfMonth: parts[2] !== '*', dayOfWeek: parts[4] !== '*' },
  }
}

/** Whether a cron schedule fires in the UTC minute containing `at`. */
export function firesInMinute(schedule: CronSchedule, at: Date): boolean {
  if (schedule.kind !== 'cron') return false
  if (!schedule.minute.has(at.getUTCMinutes())) return false
  if (!schedule.hour.has(at.getUTCHours())) return false
  if (!schedule.month.has(at.getUTCMonth() + 1)) return false
  const dom = schedule.dayOfMonth.has(at.getUTCDate())
  const dow = schedule.dayOfWeek.has(at.getUTCDay())
  const { dayOfMonth, dayOfWeek } = schedule.daysRestricted
  return dayOfMonth && dayOfWeek ? dom || dow : dom && dow
}

/** "every 10 s", "17 * * * * (UTC)": the start-up line of a job. */
export function describeSchedule(schedule: string): string {
  const parsed = parseSchedule(schedule)
  return parsed.kind === 'interval' ? `every ${parsed.seconds} s` : `${schedule.trim()} (UTC)`
}
