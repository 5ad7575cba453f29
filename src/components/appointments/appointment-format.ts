import type { components } from '../../../shared/contract/schema'
import { formatMoney } from '../form/money'

type AppointmentStatus = components['schemas']['AppointmentStatus']
type Money = components['schemas']['Money']

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
  pending_payment: 'Awaiting payment',
  payment_expired: 'Not paid in time',
}

export function appointmentStatusLabel(status: AppointmentStatus): string {
  return STATUS_LABELS[status]
}

/**
 * The staff app's clock: 24-hour, as the calendar grid and the time fields show it, so a time
 * reads the same in the dialog, the dashboard and the grid whatever the browser's locale.
 */
export const STAFF_CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const

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
  const clock = new Intl.DateTimeFormat(locale, { ...STAFF_CLOCK, timeZone })
  return `${day}, ${clock.format(new Date(startsAt))} – ${clock.format(new Date(endsAt))}`
}

/** Clock time only, e.g. "10:00", in the business time zone. */
export function formatClockTime(instant: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { ...STAFF_CLOCK, timeZone }).format(new Date(instant))
}

/** The price captured at booking, in its own currency. */
export function formatPrice({ amount_minor, currency }: Money, locale?: string): string {
  return formatMoney(amount_minor, currency, locale)
}

function channel(value: number): number {
  const c = value / 255
  return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of `#rrggbb` (0 black … 1 white); null when it is not a hex colour. */
export function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!match) return null
  const [r, g, b] = match.slice(1).map((part) => channel(Number.parseInt(part, 16)))
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

/** WCAG contrast ratio of two luminances (1 … 21). */
export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a]
  return (light + 0.05) / (dark + 0.05)
}

const DARK_TEXT = '#111114'
const LIGHT_TEXT = '#ffffff'
const DARK_TEXT_LUMINANCE = relativeLuminance(DARK_TEXT) ?? 0

/**
 * The text colour that reads best on a service colour: near-black or white, whichever has the
 * higher contrast. The background is the service's own colour in both palettes, so the choice
 * holds in light and dark mode alike.
 */
export function readableTextColor(background: string): string {
  const luminance = relativeLuminance(background)
  if (luminance === null) return DARK_TEXT
  return contrastRatio(luminance, DARK_TEXT_LUMINANCE) >= contrastRatio(luminance, 1)
    ? DARK_TEXT
    : LIGHT_TEXT
}
