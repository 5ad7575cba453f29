/*
 * An RRULE value (RFC 5545 §3.3.10) read into the parts our expansion understands. The
 * calendar keeps the rule as written (`ExternalEvent.rrule`); this is read again on every
 * expansion, so it must be cheap and must never throw.
 */

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'

/** A BYDAY entry: an ISO weekday (Monday = 1 … Sunday = 7) and its ordinal (0: every one). */
export interface RuleWeekday {
  weekday: number
  ordinal: number
}

export type RuleUntil =
  /** `UNTIL=20270101`: occurrences on or before that local day. */
  | { kind: 'date'; day: number }
  /** `UNTIL=20270101T000000`: a wall-clock reading (local milliseconds) in the event's frame. */
  | { kind: 'local'; local: number }
  /** `UNTIL=20270101T000000Z`: an instant. */
  | { kind: 'utc'; instant: number }

export interface RecurrenceRule {
  frequency: Frequency
  interval: number
  count: number | undefined
  until: RuleUntil | undefined
  byDay: RuleWeekday[]
  byMonthDay: number[]
  byMonth: number[]
  bySetPos: number[]
  /** ISO weekday the week starts on (WKST, Monday by default). */
  weekStart: number
}

export type RuleReading =
  | { kind: 'rule'; rule: RecurrenceRule }
  /**
   * A well-formed rule we do not expand (FREQ=HOURLY and finer, BYHOUR, BYWEEKNO, BYYEARDAY …):
   * the event then counts its DTSTART and RDATEs only. No mainstream calendar writes these.
   */
  | { kind: 'unsupported'; reason: string }
  | { kind: 'malformed'; reason: string }

const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const

const FREQUENCIES: ReadonlySet<string> = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'])
const FINER_FREQUENCIES: ReadonlySet<string> = new Set(['SECONDLY', 'MINUTELY', 'HOURLY'])
const UNSUPPORTED_PARTS: ReadonlySet<string> = new Set([
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYYEARDAY',
  'BYWEEKNO',
])
const INTEGER = /^[+-]?\d{1,9}$/
const BY_DAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/
const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/

/** Reads an RRULE value (without the `RRULE:` name); never throws. */
export function readRecurrenceRule(text: string): RuleReading {
  const parts = new Map<string, string>()
  for (const part of text.trim().toUpperCase().split(';')) {
    if (part === '') continue
    const equals = part.indexOf('=')
    if (equals <= 0) return { kind: 'malformed', reason: `"${part}" is not NAME=VALUE` }
    const name = part.slice(0, equals)
    if (parts.has(name)) return { kind: 'malformed', reason: `${name} given twice` }
    parts.set(name, part.slice(equals + 1))
  }
  const frequency = parts.get('FREQ')
  if (frequency === undefined) return { kind: 'malformed', reason: 'no FREQ' }
  if (FINER_FREQUENCIES.has(frequency)) {
    return { kind: 'unsupported', reason: `FREQ=${frequency}` }
  }
  if (!FREQUENCIES.has(frequency)) return { kind: 'malformed', reason: `FREQ=${frequency}` }
  for (const name of parts.keys()) {
    if (UNSUPPORTED_PARTS.has(name)) return { kind: 'unsupported', reason: name }
  }

  const interval = integerPart(parts.get('INTERVAL'), 1, 1, 100_000)
  const count = integerPart(parts.get('COUNT'), undefined, 1, 1_000_000_000)
  const byMonthDay = integerList(parts.get('BYMONTHDAY'), 1, 31)
  const byMonth = integerList(parts.get('BYMONTH'), 1, 12)
  const bySetPos = integerList(parts.get('BYSETPOS'), 1, 366)
  const byDay = weekdayList(parts.get('BYDAY'))
  const weekStart = weekdayNumber(parts.get('WKST') ?? 'MO')
  const until = untilPart(parts.get('UNTIL'))
  if (
    interval === null ||
    count === null ||
    byMonthDay === null ||
    byMonth === null ||
    bySetPos === null ||
    byDay === null ||
    weekStart === null ||
    until === null
  ) {
    return { kind: 'malformed', reason: `a part of "${text}" is out of range` }
  }
  return {
    kind: 'rule',
    rule: {
      frequency: frequency as Frequency,
      interval,
      count,
      until,
      byDay,
      byMonthDay,
      byMonth,
      bySetPos,
      weekStart,
    },
  }
}

/** The value, `fallback` when absent, null when not an integer within [min, max]. */
function integerPart<T>(value: string | undefined, fallback: T, min: number, max: number) {
  if (value === undefined) return fallback
  if (!INTEGER.test(value)) return null
  const number = Number(value)
  return number >= min && number <= max ? number : null
}

/** A comma list of integers whose absolute value is within [min, max] (negatives count back). */
function integerList(value: string | undefined, min: number, max: number): number[] | null {
  if (value === undefined) return []
  const numbers: number[] = []
  for (const item of value.split(',')) {
    const number = integerPart(item, null, -max, max)
    if (number === null || Math.abs(number) < min) return null
    numbers.push(number)
  }
  return numbers
}

function weekdayList(value: string | undefined): RuleWeekday[] | null {
  if (value === undefined) return []
  const days: RuleWeekday[] = []
  for (const item of value.split(',')) {
    const match = BY_DAY.exec(item)
    if (!match) return null
    const ordinal = match[1] === undefined ? 0 : Number(match[1])
    if (Math.abs(ordinal) > 53 || (match[1] !== undefined && ordinal === 0)) return null
    days.push({ weekday: weekdayNumber(match[2] as string) as number, ordinal })
  }
  return days
}

function weekdayNumber(code: string): number | null {
  const index = (WEEKDAY_CODES as readonly string[]).indexOf(code)
  return index < 0 ? null : index + 1
}

function untilPart(value: string | undefined): RuleUntil | undefined | null {
  if (value === undefined) return undefined
  const match = UNTIL.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  const midnight = Date.UTC(year, month - 1, day)
  if (match[4] === undefined) return { kind: 'date', day: midnight / 86_400_000 }
  const local =
    midnight + ((Number(match[4]) * 60 + Number(match[5])) * 60 + Number(match[6])) * 1000
  return match[7] === 'Z' ? { kind: 'utc', instant: local } : { kind: 'local', local }
}
