import type { components } from '../../api/schema'
import { formatMoney } from '../form/money'

type AppointmentStatus = components['schemas']['AppointmentStatus']
type Money = components['schemas']['Money']

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
}

export function appointmentStatusLabel(status: AppointmentStatus): string {
  return STATUS_LABELS[status]
}

/**
 * "Thu, 27 Nov, 10:00 – 10:45" in the business time zone (the staff app always shows business
 * time, whatever the browser's zone), so two staff in different places see the same clock.
 */
export function formatAppointmentTime(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale?: string,
): string {
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(new Date(startsAt))
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone })
  return `${day}, ${clock.format(new Date(startsAt))} – ${clock.format(new Date(endsAt))}`
}

/** Clock time only, e.g. "10:00", in the business time zone. */
export function formatClockTime(instant: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(instant),
  )
}

/** The price captured at booking, in its own currency. */
export function formatPrice({ amount_minor, currency }: Money, locale?: string): string {
  return formatMoney(amount_minor, currency, locale)
}

/** Completing or marking a no-show makes sense only once the appointment has started. */
export function hasStarted(startsAt: string, now: number = Date.now()): boolean {
  return new Date(startsAt).getTime() <= now
}
