import type { WizardRoute } from '../../shared/booking-links'
import type { BookingAnswerValue, BookingAnswerValues } from '../../shared/booking-questions'
import type { components } from '../../shared/contract/schema'
import type { MessageKey } from '../../shared/i18n/en'
import { monthOf } from '../domain/month-grid'
import type { PublicBookingConfirmation, PublicPaymentReturn } from './booking-payment.machine'
import type { MonthOfSlotsReport } from './month-of-slots.machine'

/*
 * The booking wizard's data (booking.machine.ts): what a visit starts with, what the machine
 * holds, the events it hears, and the contract's types the booking pages share.
 */

/** The wizard's steps and what each one's URL carries (shared/booking-links.ts). */
export type PublicBusiness = components['schemas']['PublicBusiness']
export type PublicService = components['schemas']['PublicService']
export type PublicTeamMember = components['schemas']['PublicTeamMember']
export type PublicSlot = components['schemas']['PublicSlot']
export type PublicBookingInput = components['schemas']['PublicBookingInput']
export type PublicAppointment = components['schemas']['PublicAppointment']

/** What every step chooses from, loaded once per visit. */
export interface Catalogue {
  business: PublicBusiness
  services: PublicService[]
  teamMembers: PublicTeamMember[]
}

export interface BookingSubmission {
  /** The same key for the same intended booking, so a retry can never book twice. */
  idempotencyKey: string
  body: PublicBookingInput
}

export interface AppointmentQuery {
  appointmentId: string
  token: string
}

export interface CustomerDetails {
  name: string
  email: string
  phone: string
  notes: string
}

export type CustomerField = keyof CustomerDetails
/** Per field, a catalogue key (the page's own check) or the server's sentence. */
export type CustomerErrors = Partial<Record<CustomerField, string>>

/** Per question id, why its answer cannot be sent (the shared rule's or the server's words). */
export type AnswerErrors = Partial<Record<string, string>>

export const EMPTY_CUSTOMER: CustomerDetails = { name: '', email: '', phone: '', notes: '' }

/*
 * What the machine says itself is a catalogue key (shared/i18n): the page says it in its
 * language, which may change after the words were chosen (the switcher).
 */
export const SLOT_TAKEN_NOTICE: MessageKey = 'notice_slot_taken'
export const NO_TOKEN_MESSAGE: MessageKey = 'error_no_token'

export interface BookingInput {
  /** Where the visit starts (the page's URL). */
  route: WizardRoute
  /** The visitor's detected time zone. */
  timeZone: string
  /** Today in that zone, `YYYY-MM-DD`: the first week shown, and the earliest. */
  today: string
  /** A fresh idempotency key (the app gives crypto.randomUUID). */
  newIdempotencyKey: () => string
  /** Details to start the form with (a signed-in customer's profile); default empty. */
  customer?: CustomerDetails
  /** The catalogue the server sent inline with the page; the machine then does not fetch it. */
  catalogue?: Catalogue
}

export interface BookingContext {
  route: WizardRoute
  /** The confirmation link names no appointment here (404): nothing to retry. */
  notFound: boolean
  /** Which the visitor chose first, for the order of the progress steps and the way back. */
  teamMemberFirst: boolean
  /** The step was entered because the URL changed (deep link, back, forward), not by a choice. */
  followingUrl: boolean
  catalogue: Catalogue | null
  serviceId: string | null
  /** A team member's id, {@link ANY_TEAM_MEMBER}, or null before one is chosen. */
  teamMemberId: string | null
  timeZone: string
  today: string
  /** Where the visitor left the month of free times (`YYYY-MM`), to reopen it there. */
  month: string
  slot: PublicSlot | null
  customer: CustomerDetails
  fieldErrors: CustomerErrors
  /** Answers to the chosen service's booking questions, keyed by question id. */
  answers: BookingAnswerValues
  answerErrors: AnswerErrors
  /** The service the answers were given for: a details step for another one starts afresh. */
  answersFor: string | null
  idempotencyKey: string | null
  /** The body the key was made for: the key is reused exactly while the body is the same. */
  keyedBody: string | null
  confirmation: PublicBookingConfirmation | null
  /** The token of the confirmation being shown (from the booking or the URL). */
  token: string | null
  /** Where a hold stands (paying at booking): awaiting payment, or confirmed; else null. */
  paymentReturn: PublicPaymentReturn['state'] | null
  /** Why the last call failed: the server's sentence, else a catalogue key of the machine's. */
  error: string | null
  /** Said at the top of a step the visitor was sent back to. */
  notice: MessageKey | null
  retryAfterSeconds: number | null
  newIdempotencyKey: () => string
}

export type BookingEvent =
  | { type: 'booking.urlChanged'; route: WizardRoute }
  | { type: 'booking.serviceChosen'; serviceId: string }
  /** A team member's id, or {@link ANY_TEAM_MEMBER}. */
  | { type: 'booking.teamMemberChosen'; teamMemberId: string }
  /** The month of free times the calendar step invokes reports the choice and where it is. */
  | MonthOfSlotsReport
  | { type: 'booking.customerChanged'; values: Partial<CustomerDetails> }
  | { type: 'booking.answerChanged'; questionId: string; value: BookingAnswerValue }
  | { type: 'booking.submitted' }
  | { type: 'booking.retry' }

/** Clears what was said at the top of the step the visitor leaves. */
export const notices = { notice: null, error: null }

/** The context a visit starts with. */
export function initialBookingContext(input: BookingInput): BookingContext {
  return {
    notFound: false,
    route: input.route,
    teamMemberFirst: false,
    followingUrl: true,
    catalogue: input.catalogue ?? null,
    serviceId: null,
    teamMemberId: null,
    timeZone: input.timeZone,
    today: input.today,
    month: monthOf(input.today),
    slot: null,
    customer: input.customer ?? EMPTY_CUSTOMER,
    fieldErrors: {},
    answers: {},
    answerErrors: {},
    answersFor: null,
    idempotencyKey: null,
    keyedBody: null,
    confirmation: null,
    token: null,
    paymentReturn: null,
    error: null,
    notice: null,
    retryAfterSeconds: null,
    newIdempotencyKey: input.newIdempotencyKey,
  }
}
