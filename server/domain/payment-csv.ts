import { minorUnitDigits } from '../../shared/currency-digits.ts'
import { type CsvValue, csvRow } from './csv.ts'
import type { PaymentState } from './payment-state.ts'

/** One payment as the CSV needs it (the payments list's row). */
export interface PaymentCsvRecord {
  id: string
  createdAt: Date
  paidAt: Date | null
  appointmentId: string
  appointmentStartsAt: Date
  customerName: string
  serviceName: string
  kind: 'prepayment' | 'deposit' | 'no_show_fee' | 'in_person'
  method: 'cash' | 'card_terminal' | 'other' | null
  state: PaymentState
  currency: string
  amountMinor: number
  refundedMinor: number
  netMinor: number
}

export const PAYMENT_CSV_HEADER = [
  'date',
  'paid_at',
  'appointment_starts_at',
  'customer',
  'service',
  'kind',
  'method',
  'state',
  'currency',
  'amount',
  'refunded',
  'net',
  'payment_id',
  'appointment_id',
] as const

/**
 * An amount in minor units as the decimal number a spreadsheet reads: 1250 EUR → "12.50",
 * 1250 JPY → "1250". Integer arithmetic, never a float, so no cent is ever rounded away.
 */
export function decimalAmount(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const whole = Math.abs(minor).toString()
  if (digits === 0) return `${sign}${whole}`
  const padded = whole.padStart(digits + 1, '0')
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}

/**
 * "2026-11-27 10:05" on the business's wall clock: what its own books say, whatever zone the
 * reader's computer is in (the column header carries no zone, the file name's business does).
 */
export function businessDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

const KIND_WORDS: Record<PaymentCsvRecord['kind'], string> = {
  prepayment: 'Prepayment',
  deposit: 'Deposit',
  no_show_fee: 'No-show fee',
  in_person: 'At the till',
}

const METHOD_WORDS: Record<NonNullable<PaymentCsvRecord['method']>, string> = {
  cash: 'Cash',
  card_terminal: 'Card terminal',
  other: 'Other',
}

const STATE_WORDS: Record<PaymentState, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  deposit_paid: 'Deposit paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  expired: 'Not paid in time',
  card_on_file: 'Card on file',
}

/**
 * One CSV record (CRLF-terminated). Text cells go through `csvCell`, which quotes them for
 * RFC 4180 and defuses formulas (a customer named "=HYPERLINK(…)" stays text); amounts are
 * decimal strings of digits and a point, which nothing reads as a formula.
 */
export function paymentCsvRow(record: PaymentCsvRecord, timeZone: string): string {
  const amount = (minor: number) => decimalAmount(minor, record.currency)
  const values: CsvValue[] = [
    businessDateTime(record.createdAt, timeZone),
    record.paidAt ? businessDateTime(record.paidAt, timeZone) : null,
    businessDateTime(record.appointmentStartsAt, timeZone),
    record.customerName,
    record.serviceName,
    KIND_WORDS[record.kind],
    record.method ? METHOD_WORDS[record.method] : 'Online',
    STATE_WORDS[record.state],
    record.currency,
    amount(record.amountMinor),
    amount(record.refundedMinor),
    amount(record.netMinor),
    record.id,
    record.appointmentId,
  ]
  return csvRow(values)
}
