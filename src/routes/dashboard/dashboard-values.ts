import type { components } from '../../api/schema'
import { formatClockTime, STAFF_CLOCK } from '../../components/appointments/appointment-format'
import { formatMoney } from '../../components/form/money'

export type Dashboard = components['schemas']['Dashboard']
export type Appointment = components['schemas']['Appointment']
export type ProposedSlot = components['schemas']['ProposedSlot']

/** How many upcoming appointments the dashboard lists (the contract's "at most 10"). */
export const UPCOMING_LIMIT = 10

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInZone(instant: string, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(new Date(instant))
}

function byStart(a: Appointment, b: Appointment): number {
  return Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id.localeCompare(b.id)
}

/** The dashboard lists only what is still on: cancelled appointments leave both lists. */
export function withoutCancelled(dashboard: Dashboard): Dashboard {
  return {
    ...dashboard,
    today_appointments: dashboard.today_appointments.filter((a) => a.status !== 'cancelled'),
    upcoming: dashboard.upcoming.filter((a) => a.status !== 'cancelled'),
  }
}

/**
 * The lists with one appointment's news applied at once (a booking, a live event), before the
 * server's figures arrive: it leaves the list it was in and, unless cancelled, joins today's
 * list or the upcoming ones by its start in the business time zone. The counts and revenue
 * stay as they are until the dashboard is fetched again.
 */
export function applyAppointmentChange(dashboard: Dashboard, appointment: Appointment): Dashboard {
  const others = (list: Appointment[]) => list.filter((a) => a.id !== appointment.id)
  let today = others(dashboard.today_appointments)
  let upcoming = others(dashboard.upcoming)
  if (appointment.status !== 'cancelled') {
    const day = dateInZone(appointment.starts_at, dashboard.time_zone)
    if (day === dashboard.today.date) {
      today = [...today, appointment].sort(byStart)
    } else if (day > dashboard.today.date) {
      upcoming = [...upcoming, appointment].sort(byStart).slice(0, UPCOMING_LIMIT)
    }
  }
  return { ...dashboard, today_appointments: today, upcoming }
}

/** "12%", "8.3%": whole percent from 10% up, one decimal below. */
export function formatRate(rate: number, locale?: string): string {
  const percent = rate * 100
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: percent > 0 && percent < 10 ? 1 : 0,
  }).format(rate)
}

export interface NoShowFigure {
  /** The figure, or "—" when there is nothing to compute it from. */
  value: string
  explanation: string
}

export function noShowFigure(noShow: Dashboard['no_show_rate'], locale?: string): NoShowFigure {
  const days = noShow.period_days
  if (noShow.rate === null || noShow.attended_or_missed === 0) {
    return {
      value: '—',
      explanation: `No appointments were completed or missed in the last ${days} days yet.`,
    }
  }
  const of = noShow.attended_or_missed
  return {
    value: formatRate(noShow.rate, locale),
    explanation: `${noShow.no_shows} of ${of} ${of === 1 ? 'appointment' : 'appointments'} in the last ${days} days.`,
  }
}

export function formatRevenue(revenue: Dashboard['week']['revenue'], locale?: string): string {
  return formatMoney(revenue.amount_minor, revenue.currency, locale)
}

/** "24 Nov – 30 Nov" for the week's dates (plain dates, no zone shift). */
export function formatDateRange(startDate: string, endDate: string, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  return `${format.format(new Date(`${startDate}T00:00:00Z`))} – ${format.format(new Date(`${endDate}T00:00:00Z`))}`
}

/** "Tue 2 Dec, 10:00" (the words follow the locale), in the business time zone. */
export function formatSlotStart(startsAt: string, timeZone: string, locale?: string): string {
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(new Date(startsAt))
  const clock = new Intl.DateTimeFormat(locale, { ...STAFF_CLOCK, timeZone }).format(
    new Date(startsAt),
  )
  return `${day}, ${clock}`
}

/** "Tue 2 Dec, 10:00 with Bob": a proposed slot as Quick Appointment shows it. */
export function formatProposal(slot: ProposedSlot, timeZone: string, locale?: string): string {
  return `${formatSlotStart(slot.starts_at, timeZone, locale)} with ${slot.team_member_name}`
}

/** Whether the dashboard offers "Cancel": confirmed and not started yet. */
export function isCancellable(appointment: Appointment, now: number = Date.now()): boolean {
  return appointment.status === 'confirmed' && Date.parse(appointment.starts_at) > now
}

/** "10:00 – 10:30" in the business time zone. */
export function formatClockRange(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale?: string,
): string {
  return `${formatClockTime(startsAt, timeZone, locale)} – ${formatClockTime(endsAt, timeZone, locale)}`
}
