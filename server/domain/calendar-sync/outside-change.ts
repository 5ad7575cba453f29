import { eventSpan } from './busy-times.ts'
import type { ExternalEvent } from './external-event.ts'

/*
 * Whether the event Slotwise wrote for an appointment was changed in the member's calendar
 * (issue 25, item 5): compared with where the appointment is, its event is gone (deleted, or
 * marked cancelled) or lies at another time. Slotwise's own later writes are told apart by the
 * caller: only an event written before the sync read the calendar is compared.
 */

export type OutsideChange = { kind: 'deleted' } | { kind: 'moved'; start: number; end: number }

/**
 * The change to the appointment's event, or null when it is where Slotwise wrote it (or its
 * times cannot be read: nothing is claimed then). `found`: the calendar's events with the
 * appointment's UID (a series' overrides are left aside: Slotwise writes single events).
 */
export function outsideChangeOf(
  appointment: { start: number; end: number },
  found: readonly ExternalEvent[],
  memberZone: string,
): OutsideChange | null {
  const event = found.find((one) => one.recurrenceId === undefined)
  if (!event || event.cancelled) return { kind: 'deleted' }
  const span = eventSpan(event, memberZone)
  if (!span) return null
  if (span.start === appointment.start && span.end === appointment.end) return null
  return { kind: 'moved', start: span.start, end: span.end }
}
