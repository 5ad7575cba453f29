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
  if (kind === 'cancellation') {
    if (facts.cancelReason) lines.push('', t('email_reason', { reason: facts.cancelReason }))
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
  if (kind === 'cancellation' && facts.cancelReason) lines.push('', `Reason: ${facts.cancelReason}`)
  lines.push('', signature(facts))
  return {
    subject: `${subject} — ${shortDate(facts.startsAt, zone, facts.locale)}`,
    text: lines.join('\n'),
  }
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
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone }).format(start)
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone })
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(start)
    .find((part) => part.type === 'timeZoneName')?.value
  return `${date}, ${clock.format(start)} – ${clock.format(end)} (${timeZone}, ${offset})`
}

function shortDate(start: Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(start)
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
