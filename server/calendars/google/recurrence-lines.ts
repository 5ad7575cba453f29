import type { EventTime } from '../../domain/calendar-sync/external-event.ts'

/*
 * A Google event's `recurrence` lines are RFC 5545 properties without their event:
 * `RRULE:FREQ=WEEKLY;BYDAY=MO`, `EXDATE;TZID=Europe/Berlin:20270105T090000,20270112T090000`,
 * `RDATE;VALUE=DATE:20270105`. Times without a TZID or `Z` are in the series' own zone.
 */

export interface RecurrenceParts {
  rrule: string | undefined
  rdates: EventTime[]
  exdates: EventTime[]
}

export function recurrenceParts(lines: string[], seriesZone: string | undefined): RecurrenceParts {
  const parts: RecurrenceParts = { rrule: undefined, rdates: [], exdates: [] }
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const [name = '', ...parameters] = line.slice(0, colon).split(';')
    const value = line.slice(colon + 1)
    const upper = name.toUpperCase()
    if (upper === 'RRULE') parts.rrule ??= value
    if (upper !== 'RDATE' && upper !== 'EXDATE') continue
    const zone = parameters.find((p) => p.toUpperCase().startsWith('TZID='))?.slice(5) ?? seriesZone
    // A PERIOD (`start/end`) counts from its start: the series' length applies.
    const times = value.split(',').flatMap((text) => {
      const time = timeOf(text.split('/')[0] ?? '', zone)
      return time ? [time] : []
    })
    parts[upper === 'RDATE' ? 'rdates' : 'exdates'].push(...times)
  }
  return parts
}

function timeOf(text: string, zone: string | undefined): EventTime | undefined {
  const day = text.match(/^(\d{4})(\d{2})(\d{2})$/)
  if (day) return { kind: 'date', date: `${day[1]}-${day[2]}-${day[3]}` }
  const time = text.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/)
  if (!time) return undefined
  const wallClock = `${time[1]}-${time[2]}-${time[3]}T${time[4]}:${time[5]}:${time[6]}`
  if (time[7] === 'Z') return { kind: 'utc', instant: Date.parse(`${wallClock}Z`) }
  return zone
    ? { kind: 'zoned', dateTime: wallClock, timeZone: zone }
    : { kind: 'floating', dateTime: wallClock }
}
