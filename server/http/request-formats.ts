import type { Ajv2020, FormatDefinition } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { isTimeZone } from '../domain/time-zones.ts'

/**
 * The calendar years a request may name. Wide enough for any birthday or booking, narrow
 * enough that date arithmetic, the availability engine and PostgreSQL never meet year 0 or
 * 10000 (the edges where they fail, or disagree on the year).
 */
export const EARLIEST_YEAR = 1900
export const LATEST_YEAR = 2200

/**
 * The contract's string formats, with `date` and `date-time` held to the years above and
 * `time-zone` meaning an IANA zone this server can compute with. A format in the contract is
 * checked on every request that carries it, before any handler runs.
 */
export function addRequestFormats(ajv: Ajv2020): Ajv2020 {
  addFormats.default(ajv)
  const date = fullFormat('date')
  const dateTime = fullFormat('date-time')
  ajv.addFormat('date', {
    type: 'string',
    validate: (text: string) => date.validate(text) && yearInRange(text),
    compare: date.compare,
  } as FormatDefinition<string>)
  ajv.addFormat('date-time', {
    type: 'string',
    // RFC 3339 allows a leap second (23:59:60), which JavaScript's Date cannot read.
    validate: (text: string) =>
      dateTime.validate(text) && yearInRange(text) && Number.isFinite(Date.parse(text)),
    compare: dateTime.compare,
  } as FormatDefinition<string>)
  ajv.addFormat('time-zone', { type: 'string', validate: isTimeZone })
  return ajv
}

/** What a request was told about a value not in its format; Ajv's own text names only the format. */
export const formatMessages: Readonly<Record<string, string>> = {
  date: `must be a date (YYYY-MM-DD) in the years ${EARLIEST_YEAR} to ${LATEST_YEAR}`,
  'date-time': `must be a date and time with an offset (e.g. 2026-03-01T09:00:00Z) in the years ${EARLIEST_YEAR} to ${LATEST_YEAR}`,
  'time-zone': 'must be an IANA time zone, e.g. Europe/Berlin',
}

interface FullFormat {
  validate: (text: string) => boolean
  compare: (a: string, b: string) => number | undefined
}

function fullFormat(name: 'date' | 'date-time'): FullFormat {
  return addFormats.default.get(name, 'full') as unknown as FullFormat
}

/** Both formats begin with a four-digit year. */
function yearInRange(text: string): boolean {
  const year = Number(text.slice(0, 4))
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR
}
