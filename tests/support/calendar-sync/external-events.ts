import type {
  EventTime,
  ExternalEvent,
} from '../../../server/domain/calendar-sync/external-event.ts'

/** An opaque, confirmed, single event, with what a test names changed. */
export function externalEvent(
  fields: Partial<ExternalEvent> & Pick<ExternalEvent, 'start' | 'end'>,
): ExternalEvent {
  return {
    uid: 'event-1',
    rdates: [],
    exdates: [],
    transparent: false,
    cancelled: false,
    declinedByOwner: false,
    summary: 'Dentist',
    ...fields,
  }
}

export const zoned = (dateTime: string, timeZone: string): EventTime => ({
  kind: 'zoned',
  dateTime,
  timeZone,
})
export const floating = (dateTime: string): EventTime => ({ kind: 'floating', dateTime })
export const date = (value: string): EventTime => ({ kind: 'date', date: value })
export const utc = (instant: string): EventTime => ({ kind: 'utc', instant: Date.parse(instant) })

/** A window from two RFC 3339 instants. */
export function window(from: string, to: string) {
  return { start: new Date(from), end: new Date(to) }
}

/** Busy times as [start, end] in UTC, to compare with `spans` of hand-computed times. */
export function spansOf(busy: readonly { start: number; end: number }[]): [string, string][] {
  return busy.map(({ start, end }) => [new Date(start).toISOString(), new Date(end).toISOString()])
}

/** Hand-computed spans written with their offsets ('2026-03-30T09:00+02:00'), in UTC. */
export function spans(...pairs: [string, string][]): [string, string][] {
  return pairs.map(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()])
}
