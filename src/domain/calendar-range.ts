/**
 * The range a calendar view shows and how a change seen elsewhere updates the appointments
 * loaded for it. Pure: the calendar machine and screen share it.
 */
import type { components } from '../../shared/contract/schema'
import { addDays, toWallClock, wallClockToInstant } from './appointment-time'
import type { CalendarViewName } from './calendar-search-params'

type Appointment = components['schemas']['Appointment']

/** The instants and business-zone days a calendar view shows: [from, to) and start..end inclusive. */
export interface VisibleRange {
  from: string
  to: string
  startDate: string
  endDate: string
}

/** The range of a FullCalendar view (`datesSet` start and end, end exclusive). */
export function visibleRange(
  start: Date | string,
  end: Date | string,
  timeZone: string,
): VisibleRange {
  const fromMs = new Date(start).getTime()
  const toMs = new Date(end).getTime()
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    startDate: toWallClock(fromMs, timeZone).slice(0, 10),
    endDate: toWallClock(toMs - 1, timeZone).slice(0, 10),
  }
}

/** The days a view of `date` shows, first and last (business zone), as FullCalendar lays them out. */
function shownDays(view: CalendarViewName, date: string): { first: string; last: string } {
  if (view === 'day') return { first: date, last: date }
  // Weeks start on Monday (FullCalendar's `firstDay={1}`); a month shows six whole weeks
  // from the one holding its first day (FullCalendar's fixed week count).
  const weekStart = (day: string) =>
    addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7))
  const first = weekStart(view === 'week' ? date : `${date.slice(0, 8)}01`)
  return { first, last: addDays(first, view === 'week' ? 6 : 41) }
}

/**
 * The range a view of `date` shows, known from the address alone: the calendar asks for its
 * appointments with it at once, instead of after FullCalendar has loaded and reported the
 * same range (`visibleRange` of its `datesSet`).
 */
export function viewRange(view: CalendarViewName, date: string, timeZone: string): VisibleRange {
  const { first, last } = shownDays(view, date)
  return visibleRange(
    wallClockToInstant(`${first}T00:00`, timeZone),
    wallClockToInstant(`${addDays(last, 1)}T00:00`, timeZone),
    timeZone,
  )
}

export function sameRange(a: VisibleRange | null, b: VisibleRange | null): boolean {
  return a?.from === b?.from && a?.to === b?.to
}

export function overlapsRange(
  appointment: Pick<Appointment, 'starts_at' | 'ends_at'>,
  range: Pick<VisibleRange, 'from' | 'to'>,
): boolean {
  return (
    new Date(appointment.starts_at).getTime() < new Date(range.to).getTime() &&
    new Date(appointment.ends_at).getTime() > new Date(range.from).getTime()
  )
}

function byStart(a: Appointment, b: Appointment): number {
  return (
    new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime() || a.id.localeCompare(b.id)
  )
}

function isNewer(candidate: Appointment, current: Appointment | undefined): boolean {
  return (
    current === undefined ||
    new Date(candidate.updated_at).getTime() >= new Date(current.updated_at).getTime()
  )
}

/**
 * The loaded list after a change seen elsewhere (a live event, a dialog): replaced or added when
 * it belongs to the view (its range and member filter), removed when it moved out. An older
 * version than the one shown is ignored: live events and the dialog's own answer can cross.
 */
export function applyAppointmentChange(
  appointments: readonly Appointment[],
  changed: Appointment,
  range: Pick<VisibleRange, 'from' | 'to'>,
  memberId: string | null,
): Appointment[] {
  const current = appointments.find((appointment) => appointment.id === changed.id)
  if (current && !isNewer(changed, current)) return [...appointments]
  const others = appointments.filter((appointment) => appointment.id !== changed.id)
  const belongs =
    overlapsRange(changed, range) && (memberId === null || changed.team_member_id === memberId)
  return belongs ? [...others, changed].sort(byStart) : others
}
