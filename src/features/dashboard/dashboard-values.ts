import type { components } from '../../../shared/contract/schema'
import { formatClockTime, STAFF_CLOCK } from '../../components/appointments/appointment-format'
import { formatMoney } from '../../components/form/money'

export type Dashboard = components['schemas']['Dashboard']
export type Appointment = components['schemas']['Appointment']
export type ProposedSlot = components['schemas']['ProposedSlot']

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
