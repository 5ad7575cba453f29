import { localeFor } from '../../shared/i18n/language-choice.ts'
import type { Language } from '../../shared/languages.ts'
import { translatorFor } from './i18n.ts'

/*
 * The words of every e-mail about an appointment: a subject and a plain-text body, for the
 * customer (times in their own zone, with the link to move or cancel it) and for the team
 * member (times in theirs). Pure: the notifier gathers the facts.
 */

import { answerText, type BookingAnswer } from '../domain/booking-questions.ts'

export type NotificationKind = 'confirmation' | 'reschedule' | 'cancellation' | 'reminder'

export interface AppointmentFacts {
  businessName: string
  /** Empty when the business has not given one. */
  businessAddress: string
  businessPhone: string
  businessTimeZone: string
  /** BCP 47, the business's; dates are written the way its customers read them. */
  locale: string
  /** The customer's language: the one they booked in, else the business's default. */
  customerLanguage: Language
  serviceName: string
  teamMemberName: string
  teamMemberTimeZone: string
  customerName: string
  /** The zone the customer booked in; null (staff bookings) means the business's. */
  customerTimeZone: string | null
  startsAt: Date
  endsAt: Date
  cancelReason: string | null
  /** Where the customer sees, moves or cancels the appointment (it holds their secret token). */
  manageUrl: string
  /** The business's public booking page, to book again after a cancellation. */
  bookingUrl: string
  /** The visitor's answers to the service's booking questions, for the team member. */
  bookingAnswers?: readonly BookingAnswer[] | undefined
  /** What was paid at booking (or the card kept), for the confirmation; absent when nothing. */
  payment?: PaymentFacts | null | undefined
  /** What the cancellation did with the money paid: refunded or kept (the cancellation e-mail). */
  cancellationMoney?: CancellationMoneyFacts | null | undefined
}

/** Money a cancellation gave back or kept, in minor units of `currency`. */
export interface CancellationMoneyFacts {
  refundMinor: number
  keptMinor: number
  currency: string
}

/** A payment at booking as the confirmation states it, with its refund rule. */
export interface PaymentFacts {
  kind: 'prepayment' | 'deposit' | 'card_on_file'
  amountMinor: number
  currency: string
  noShowFeeMinor: number | null
  cancellationCutoffMinutes: number
}

export interface Message {
  subject: string
  text: string
}

/** The e-mail to the customer, in their language, dates in its conventions. */
export function customerMessage(kind: NotificationKind, facts: AppointmentFacts): Message {
  const t = translatorFor(facts.customerLanguage)
  const locale = localeFor(facts.customerLanguage, facts.locale)
  const zone = facts.customerTimeZone ?? facts.businessTimeZone
  const when = describeTimeRange(facts.startsAt, facts.endsAt, zone, locale)
  const what = t('email_what', { service: facts.serviceName, member: facts.teamMemberName })
  const business = { business: facts.businessName }
  const opening = {
    confirmation: t('email_opening_confirmation', business),
    reschedule: t('email_opening_reschedule', business),
    cancellation: t('email_opening_cancellation', business),
    reminder: t('email_opening_reminder', business),
  }[kind]
  const subject = t(`email_subject_${kind}`, {
    what,
    date: shortDate(facts.startsAt, zone, locale),
  })
  const lines = [t('email_greeting', { name: facts.customerName }), '', opening, '', what, when]
  if (facts.businessAddress) lines.push(facts.businessAddress)
  if (kind === 'confirmation' && facts.payment) {
    lines.push('', ...paymentLines(facts, facts.payment, zone, locale))
  }
  if (kind === 'cancellation') {
    if (facts.cancelReason) lines.push('', t('email_reason', { reason: facts.cancelReason }))
    const money = facts.cancellationMoney
    if (money) {
      const said = (amount: number) => formatMoney(amount, money.currency, locale)
      if (money.refundMinor > 0) {
        lines.push('', t('email_cancel_refunded', { amount: said(money.refundMinor) }))
      }
      if (money.keptMinor > 0)
        lines.push('', t('email_cancel_kept', { amount: said(money.keptMinor) }))
    }
    lines.push('', t('email_book_again', { url: facts.bookingUrl }))
  } else {
    lines.push('', t('email_manage', { url: facts.manageUrl }))
  }
  lines.push('', signature(facts))
  return { subject, text: lines.join('\n') }
}

/** The e-mail to the team member who performs the appointment. */
export function teamMemberMessage(kind: NotificationKind, facts: AppointmentFacts): Message {
  const zone = facts.teamMemberTimeZone
  const when = describeTimeRange(facts.startsAt, facts.endsAt, zone, facts.locale)
  const what = `${facts.serviceName} for ${facts.customerName}`
  const opening = {
    confirmation: 'A new appointment is in your calendar.',
    reschedule: 'An appointment in your calendar has changed. The new details:',
    cancellation: 'An appointment in your calendar is cancelled.',
    reminder: 'A reminder of an upcoming appointment.',
  }[kind]
  const subject = {
    confirmation: `New: ${what}`,
    reschedule: `Changed: ${what}`,
    cancellation: `Cancelled: ${what}`,
    reminder: `Reminder: ${what}`,
  }[kind]
  const lines = [`Hello ${facts.teamMemberName},`, '', opening, '', what, when]
  if (kind === 'confirmation' && facts.bookingAnswers?.length) {
    lines.push('', 'Answers given when booking:', ...facts.bookingAnswers.map(answerLine))
  }
  if (kind === 'confirmation' && facts.payment) {
    const { payment } = facts
    const amount = formatMoney(payment.amountMinor, payment.currency, facts.locale)
    const fee = formatMoney(payment.noShowFeeMinor ?? 0, payment.currency, facts.locale)
    lines.push(
      '',
      {
        prepayment: `Paid online: ${amount}.`,
        deposit: `Deposit paid online: ${amount}.`,
        card_on_file: `Card kept on file for a no-show fee of ${fee}.`,
      }[payment.kind],
    )
  }
  if (kind === 'cancellation' && facts.cancelReason) lines.push('', `Reason: ${facts.cancelReason}`)
  lines.push('', signature(facts))
  return {
    subject: `${subject} — ${shortDate(facts.startsAt, zone, facts.locale)}`,
    text: lines.join('\n'),
  }
}

/**
 * The customer's e-mail when their payment came after the hold ran out and the time had been
 * booked by someone else: nothing is booked; what they paid was refunded in full.
 */
export function latePaymentMessage(facts: AppointmentFacts, refundedMinor: number): Message {
  const t = translatorFor(facts.customerLanguage)
  const locale = localeFor(facts.customerLanguage, facts.locale)
  const zone = facts.customerTimeZone ?? facts.businessTimeZone
  const what = t('email_what', { service: facts.serviceName, member: facts.teamMemberName })
  const lines = [
    t('email_greeting', { name: facts.customerName }),
    '',
    t('email_opening_late_payment', { business: facts.businessName }),
    '',
    what,
    describeTimeRange(facts.startsAt, facts.endsAt, zone, locale),
  ]
  if (refundedMinor > 0 && facts.payment) {
    const amount = formatMoney(refundedMinor, facts.payment.currency, locale)
    lines.push('', t('email_late_payment_refunded', { amount }))
  }
  lines.push('', t('email_book_again', { url: facts.bookingUrl }), '', signature(facts))
  return {
    subject: t('email_subject_late_payment', {
      what,
      date: shortDate(facts.startsAt, zone, locale),
    }),
    text: lines.join('\n'),
  }
}

/** The customer's e-mail when staff refunded (part of) their payment for an appointment. */
export function refundMessage(
  facts: AppointmentFacts,
  refund: { amountMinor: number; currency: string },
): Message {
  const t = translatorFor(facts.customerLanguage)
  const locale = localeFor(facts.customerLanguage, facts.locale)
  const zone = facts.customerTimeZone ?? facts.businessTimeZone
  const what = t('email_what', { service: facts.serviceName, member: facts.teamMemberName })
  const amount = formatMoney(refund.amountMinor, refund.currency, locale)
  const lines = [
    t('email_greeting', { name: facts.customerName }),
    '',
    t('email_opening_refund', { business: facts.businessName, amount }),
    '',
    what,
    describeTimeRange(facts.startsAt, facts.endsAt, zone, locale),
    '',
    t('email_refund_note'),
    '',
    signature(facts),
  ]
  return {
    subject: t('email_subject_refund', { what, date: shortDate(facts.startsAt, zone, locale) }),
    text: lines.join('\n'),
  }
}

/**
 * The customer's e-mail when staff charged the no-show fee to the card kept at booking: what
 * was charged, for which appointment, and why.
 */
export function noShowFeeMessage(
  facts: AppointmentFacts,
  fee: { amountMinor: number; currency: string },
): Message {
  const t = translatorFor(facts.customerLanguage)
  const locale = localeFor(facts.customerLanguage, facts.locale)
  const zone = facts.customerTimeZone ?? facts.businessTimeZone
  const what = t('email_what', { service: facts.serviceName, member: facts.teamMemberName })
  const business = { business: facts.businessName }
  const lines = [
    t('email_greeting', { name: facts.customerName }),
    '',
    t('email_opening_no_show_fee', business),
    '',
    what,
    describeTimeRange(facts.startsAt, facts.endsAt, zone, locale),
    '',
    t('email_no_show_fee_charged', {
      amount: formatMoney(fee.amountMinor, fee.currency, locale),
    }),
    t('email_no_show_fee_contact', business),
    '',
    signature(facts),
  ]
  return {
    subject: t('email_subject_no_show_fee', {
      what,
      date: shortDate(facts.startsAt, zone, locale),
    }),
    text: lines.join('\n'),
  }
}

/** What was paid (or kept) and the refund rule, in the customer's language. */
function paymentLines(
  facts: AppointmentFacts,
  payment: PaymentFacts,
  zone: string,
  locale: string,
): string[] {
  const t = translatorFor(facts.customerLanguage)
  const amount = formatMoney(payment.amountMinor, payment.currency, locale)
  if (payment.kind === 'card_on_file') {
    const fee = formatMoney(payment.noShowFeeMinor ?? 0, payment.currency, locale)
    return [t('email_card_on_file', { fee })]
  }
  const deadline = new Date(facts.startsAt.getTime() - payment.cancellationCutoffMinutes * 60_000)
  return [
    t(payment.kind === 'deposit' ? 'email_paid_deposit' : 'email_paid_prepayment', { amount }),
    t('email_refund_rule', { deadline: shortDate(deadline, zone, locale), kept: amount }),
  ]
}

/*
 * Building an Intl formatter costs far more than formatting with it (a fraction of a millisecond
 * each: locale data and the zone's rules are resolved), and every booking's e-mails format
 * several dates. One formatter per locale, zone and style is kept; there are few of each.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const moneyFormats = new Map<string, Intl.NumberFormat>()

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

/** An amount in minor units, in the currency's own number of decimals ("€45.00", "¥500"). */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    moneyFormats.set(key, format)
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(amountMinor / 10 ** digits)
}

/**
 * "Sunday, March 29, 2026, 10:00 AM – 10:45 AM (Europe/Berlin, GMT+2)": the wall-clock time
 * in the zone, the zone named and its offset that day, so a reader in another zone can tell.
 */
export function describeTimeRange(
  start: Date,
  end: Date,
  timeZone: string,
  locale: string,
): string {
  const date = dateFormat(locale, { dateStyle: 'full', timeZone }).format(start)
  const clock = dateFormat(locale, { timeStyle: 'short', timeZone })
  const offset = dateFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(start)
    .find((part) => part.type === 'timeZoneName')?.value
  return `${date}, ${clock.format(start)} – ${clock.format(end)} (${timeZone}, ${offset})`
}

function shortDate(start: Date, timeZone: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(start)
}

/**
 * "- Label: answer". A long answer's line breaks are indented, so nothing a visitor types can
 * pose as a line of the e-mail's own (a link, a signature).
 */
function answerLine(answer: BookingAnswer): string {
  return `- ${answer.label}: ${answerText(answer)}`.replace(/\r\n?|\n/g, '\n    ')
}

function signature(facts: AppointmentFacts): string {
  return [facts.businessName, facts.businessPhone].filter(Boolean).join(' · ')
}
