import type { components } from '../../../shared/contract/schema'
import { formatMoney } from '../form/money'

type PaymentState = components['schemas']['PaymentState']
type PaymentKind = components['schemas']['PaymentKind']
type PaymentSummary = components['schemas']['PaymentSummary']
type Appointment = components['schemas']['Appointment']

/** The state in words, as staff read it on a badge, in the payments list and in the CSV. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  deposit_paid: 'Deposit paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Payment failed',
  expired: 'Not paid in time',
  card_on_file: 'Card on file',
}

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  prepayment: 'Prepayment',
  deposit: 'Deposit',
  no_show_fee: 'No-show fee',
  in_person: 'At the till',
}

/** How money taken at the till was paid. */
export const TILL_METHOD_LABELS: Record<'cash' | 'card_terminal' | 'other', string> = {
  cash: 'cash',
  card_terminal: 'card (terminal)',
  other: 'other',
}

/**
 * The badge tone of each state. Colour is never the only signal: the badge always says the
 * state in words, and the tones come from the palette tokens, which have dark variants.
 */
export const PAYMENT_STATE_TONES: Record<PaymentState, string> = {
  pending: 'p-badge--warn',
  paid: 'p-badge--success',
  deposit_paid: 'p-badge--success',
  partly_refunded: 'p-badge--warn',
  refunded: '',
  failed: 'p-badge--danger',
  expired: '',
  card_on_file: 'p-badge--info',
}

/**
 * The payment an appointment's badge shows, or null when there is nothing to add: no
 * payments, or a hold whose status says it already ("Awaiting payment", "Not paid in time").
 */
export function shownPayment(
  appointment: Pick<Appointment, 'status' | 'payment'>,
): PaymentSummary | null {
  const payment = appointment.payment ?? null
  if (!payment) return null
  if (appointment.status === 'pending_payment' && payment.state === 'pending') return null
  if (appointment.status === 'payment_expired' && payment.state === 'expired') return null
  return payment
}

/**
 * What a badge says: the state, and the money where there is some ("Deposit paid · $10.00",
 * "Partly refunded · $15.00 of $40.00 back", "Refunded · $40.00").
 */
export function paymentBadgeText(payment: PaymentSummary, locale?: string): string {
  const label = PAYMENT_STATE_LABELS[payment.state]
  const money = (minor: number) => formatMoney(minor, payment.currency, locale)
  switch (payment.state) {
    case 'paid':
    case 'deposit_paid':
      return `${label} · ${money(payment.paid_minor)}`
    case 'partly_refunded':
      return `${label} · ${money(payment.refunded_minor)} of ${money(payment.paid_minor)} back`
    case 'refunded':
      return `${label} · ${money(payment.refunded_minor)}`
    default:
      return label
  }
}

/** "Payment: deposit paid · $10.00", for an appointment's spoken label. */
export function paymentSentence(payment: PaymentSummary, locale?: string): string {
  const text = paymentBadgeText(payment, locale)
  return `payment: ${text.charAt(0).toLowerCase()}${text.slice(1)}`
}
