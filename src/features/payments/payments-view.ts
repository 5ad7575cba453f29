import { type CalendarDate, parseDate } from '@internationalized/date'
import type { components } from '../../../shared/contract/schema'
import { PAYMENT_STATE_LABELS } from '../../components/appointments/payment-format'
import { toWallClock } from '../../domain/appointment-time'
import { calendarHref, DEFAULT_CALENDAR_LOCATION } from '../../domain/calendar-search-params'
import { type DayRange, dayRangeToInstants } from '../../domain/day-range'

type Payment = components['schemas']['Payment']
export type PaymentState = components['schemas']['PaymentState']

/** What the list is narrowed to; null = not narrowed. Instants are RFC 3339 UTC. */
export interface PaymentsFilter {
  from: string | null
  to: string | null
  state: PaymentState | null
}

export const NO_PAYMENTS_FILTER: PaymentsFilter = { from: null, to: null, state: null }

/** The states a listed payment can be in (a card kept on file is not a payment here). */
export const LISTED_PAYMENT_STATES: readonly PaymentState[] = [
  'paid',
  'deposit_paid',
  'partly_refunded',
  'refunded',
  'pending',
  'failed',
  'expired',
]

function isListedState(value: string | null): value is PaymentState {
  return value !== null && (LISTED_PAYMENT_STATES as readonly string[]).includes(value)
}

/**
 * What the payments screen shows, as kept in its address (`/payments?state=refunded&from=
 * 2026-03-01&to=2026-03-31`), so a filtered view can be bookmarked and reached with Back.
 */
export interface PaymentsView {
  range: DayRange | null
  state: PaymentState | null
}

export const EMPTY_PAYMENTS_VIEW: PaymentsView = { range: null, state: null }

function parseDay(value: string | null): CalendarDate | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  try {
    return parseDate(value)
  } catch {
    return null
  }
}

/** Reads the view from a query string; anything malformed (a hand-edited link) is ignored. */
export function parsePaymentsView(search: string): PaymentsView {
  const params = new URLSearchParams(search)
  const start = parseDay(params.get('from'))
  const end = parseDay(params.get('to'))
  const state = params.get('state')
  return {
    range: start && end && start.compare(end) <= 0 ? { start, end } : null,
    state: isListedState(state) ? state : null,
  }
}

/** The query string for a view, without the leading '?'; empty when nothing is narrowed. */
export function formatPaymentsView(view: PaymentsView): string {
  const params = new URLSearchParams()
  if (view.state) params.set('state', view.state)
  if (view.range) {
    params.set('from', view.range.start.toString())
    params.set('to', view.range.end.toString())
  }
  return params.toString()
}

/** The API filter for a view; days are read in the business's time zone. */
export function paymentsViewToFilter(view: PaymentsView, timeZone: string): PaymentsFilter {
  const instants = view.range ? dayRangeToInstants(view.range, timeZone) : null
  return {
    ...NO_PAYMENTS_FILTER,
    from: instants?.from ?? null,
    to: instants?.to ?? null,
    state: view.state,
  }
}

export function samePaymentsFilter(a: PaymentsFilter, b: PaymentsFilter): boolean {
  return a.from === b.from && a.to === b.to && a.state === b.state
}

export function isPaymentsViewFiltered(view: PaymentsView): boolean {
  return view.range !== null || view.state !== null
}

/** "Refunded, 1 Mar – 31 Mar", for the empty state of a filtered list. */
export function describePaymentsView(view: PaymentsView): string {
  const parts: string[] = []
  if (view.state) parts.push(PAYMENT_STATE_LABELS[view.state].toLowerCase())
  if (view.range) parts.push(`from ${view.range.start.toString()} to ${view.range.end.toString()}`)
  return parts.join(', ')
}

/**
 * The calendar with the payment's appointment open, on its day (cancelled ones shown, since a
 * refunded appointment is often a cancelled one).
 */
export function appointmentHref(payment: Payment, timeZone: string): string {
  return calendarHref({
    ...DEFAULT_CALENDAR_LOCATION,
    view: 'day',
    date: toWallClock(payment.appointment_starts_at, timeZone).slice(0, 10),
    showCancelled: true,
    appointmentId: payment.appointment_id,
  })
}

/** `payments-2026-03-01.csv`, or with the state when narrowed, so exports do not overwrite. */
export function paymentsExportFileName(view: PaymentsView, today: Date = new Date()): string {
  const day = [
    today.getFullYear(),
    String(today.getMonth() + 1).padStart(2, '0'),
    String(today.getDate()).padStart(2, '0'),
  ].join('-')
  const parts = [
    view.state?.replaceAll('_', '-'),
    view.range ? `${view.range.start.toString()}-to-${view.range.end.toString()}` : null,
  ].filter(Boolean)
  return parts.length > 0 ? `payments-${parts.join('-')}-${day}.csv` : `payments-${day}.csv`
}
