/**
 * The dashboard's lists of appointments and how one appointment's news changes them. Pure: the
 * dashboard machine and its API adapter share it.
 */
import type { components } from '../../shared/contract/schema'

type Dashboard = components['schemas']['Dashboard']
type Appointment = components['schemas']['Appointment']

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

/**
 * Whether the dashboard lists the appointment: a booking (confirmed or closed), not a
 * cancellation, and not a hold awaiting payment or one that was never paid.
 */
function isListed(appointment: Appointment): boolean {
  return (
    appointment.status === 'confirmed' ||
    appointment.status === 'completed' ||
    appointment.status === 'no_show'
  )
}

/** The dashboard lists only bookings still on: cancelled appointments and holds leave both lists. */
export function withoutCancelled(dashboard: Dashboard): Dashboard {
  return {
    ...dashboard,
    today_appointments: dashboard.today_appointments.filter(isListed),
    upcoming: dashboard.upcoming.filter(isListed),
  }
}

/**
 * The lists with one appointment's news applied at once (a booking, a live event), before the
 * server's figures arrive: it leaves the list it was in and, if a booking, joins today's
 * list or the upcoming ones by its start in the business time zone. The counts and revenue
 * stay as they are until the dashboard is fetched again.
 */
export function applyAppointmentChange(dashboard: Dashboard, appointment: Appointment): Dashboard {
  const others = (list: Appointment[]) => list.filter((a) => a.id !== appointment.id)
  let today = others(dashboard.today_appointments)
  let upcoming = others(dashboard.upcoming)
  if (isListed(appointment)) {
    const day = dateInZone(appointment.starts_at, dashboard.time_zone)
    if (day === dashboard.today.date) {
      today = [...today, appointment].sort(byStart)
    } else if (day > dashboard.today.date) {
      upcoming = [...upcoming, appointment].sort(byStart).slice(0, UPCOMING_LIMIT)
    }
  }
  return { ...dashboard, today_appointments: today, upcoming }
}
