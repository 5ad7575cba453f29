import type { Ajv2020, FormatDefinition } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { EARLIEST_YEAR, isInCalendarRange, LATEST_YEAR } from '../domain/calendar-range.ts'
import { isTimeZone } from '../domain/time-zones.ts'

/**
 * The contract's string formats, with `date` and `date-time` held to the years the API
 * accepts (calendar-range.ts) and `time-zone` meaning an IANA zone this server can compute
 * with. A format in the contract is checked on every request that carries it, before any
 * handler runs.
 */
export function addRequestFormats(ajv: Ajv2020): Ajv2020 {
  addFormats.default(ajv)
  const date = fullFormat('date')
  const dateTime = fullFormat('date-time')
  ajv.addFormat('date', {
    type: 'string',
    validate: (text: string) => date.validate(text) && isInCalendarRange(text),
    compare: date.compare,
  } as FormatDefinition<string>)
  ajv.addFormat('date-time', {
    type: 'string',
    // RFC 3339 allows a leap second (23:59:60), which JavaScript's Date cannot read.
    validate: (text: string) =>
      dateTime.validate(text) && isInCalendarRange(text) && Number.isFinite(Date.parse(text)),
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
