import { addDays, isIsoDate } from './appointment-time'

export type CalendarViewName = 'day' | 'week' | 'month'

export const CALENDAR_VIEWS: readonly CalendarViewName[] = ['day', 'week', 'month']

export const CALENDAR_VIEW_LABELS: Record<CalendarViewName, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
}

/**
 * What the calendar shows, as kept in its address
 * (`/calendar?view=week&date=2026-11-27&member=<id>&cancelled=1&appointment=<id>&new=1`), so a
 * reload, Back and a shared link land on the same view. Absent view and date mean "the user's
 * default" and "today", decided by the screen.
 */
export interface CalendarLocation {
  view: CalendarViewName | null
  /** A day inside the shown range, business zone. */
  date: string | null
  /** Only this team member's appointments and schedule. */
  member: string | null
  showCancelled: boolean
  /** The appointment whose dialog is open. */
  appointmentId: string | null
  /** The booking dialog is open. */
  creating: boolean
}

export const DEFAULT_CALENDAR_LOCATION: CalendarLocation = {
  view: null,
  date: null,
  member: null,
  showCancelled: false,
  appointmentId: null,
  creating: false,
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isView(value: string | null): value is CalendarViewName {
  return value !== null && (CALENDAR_VIEWS as readonly string[]).includes(value)
}

function uuidOrNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? ''
  return UUID.test(trimmed) ? trimmed.toLowerCase() : null
}

/** Reads the calendar's address; anything malformed (a hand-edited link) is ignored. */
export function parseCalendarLocation(search: string): CalendarLocation {
  const params = new URLSearchParams(search)
  const view = params.get('view')
  const date = params.get('date')
  return {
    view: isView(view) ? view : null,
    date: isIsoDate(date) ? date : null,
    member: uuidOrNull(params.get('member')),
    showCancelled: params.get('cancelled') === '1',
    appointmentId: uuidOrNull(params.get('appointment')),
    creating: params.get('new') === '1',
  }
}

/** The query string for a location, without '?'; keys in a fixed order. */
export function formatCalendarLocation(location: CalendarLocation): string {
  const params = new URLSearchParams()
  if (location.view) params.set('view', location.view)
  if (location.date) params.set('date', location.date)
  if (location.member) params.set('member', location.member)
  if (location.showCancelled) params.set('cancelled', '1')
  if (location.appointmentId) params.set('appointment', location.appointmentId)
  if (location.creating) params.set('new', '1')
  return params.toString()
}

export function calendarHref(location: CalendarLocation): string {
  const query = formatCalendarLocation(location)
  return query ? `/calendar?${query}` : '/calendar'
}

/** Phones get the day view unless the address says otherwise: a week is unreadable at 375 px. */
export function initialView(
  location: CalendarLocation,
  defaultView: CalendarViewName,
  isNarrow: boolean,
): CalendarViewName {
  if (location.view) return location.view
  return isNarrow ? 'day' : defaultView
}

/** The day one view-length before or after `date`: a day, a week, a month. */
export function shiftDate(view: CalendarViewName, date: string, direction: 1 | -1): string {
  if (view === 'day') return addDays(date, direction)
  if (view === 'week') return addDays(date, 7 * direction)
  // Months: go to the first of the month first, so 31 January + 1 month is February, not March.
  const [year, month] = date.split('-').map(Number) as [number, number]
  const index = year * 12 + (month - 1) + direction
  const nextYear = Math.floor(index / 12)
  const nextMonth = (index % 12) + 1
  return `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-01`
}

/** FullCalendar's names for our views. */
export const FULLCALENDAR_VIEWS: Record<CalendarViewName, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
}

export function viewOfFullCalendar(type: string): CalendarViewName | null {
  const entry = Object.entries(FULLCALENDAR_VIEWS).find(([, name]) => name === type)
  return entry ? (entry[0] as CalendarViewName) : null
}
