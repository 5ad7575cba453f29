import type { components } from '../../../shared/contract/schema.d.ts'
import type { Language } from '../../../shared/languages.ts'
import type { Db } from '../../db/database.ts'
import type { BookedAppointment } from '../../db/read-models/booked-appointment.ts'
import type { BookingAnswer } from '../../domain/booking-questions.ts'
import type { Actor } from '../../domain/member.ts'
import type { VisitorDetails } from './visitor-customer.ts'

type Appointment = components['schemas']['Appointment']

/** What every booking names, whoever makes it. */
interface BookingBasics {
  tenantId: string
  serviceId: string
  /** Absent for "any available": fair assignment among the members who fit. */
  teamMemberId?: string | undefined
  startsAt: Date
  notes?: string | undefined
  /** Defaults to the clock; tests and the seed pass their own. */
  now?: number
  /**
   * Work that must commit with the booking, e.g. the public API's Idempotency-Key answer.
   * `read`: the booking as read back after its insert (every view of it), for an answer
   * without reading it again.
   */
  alsoInTransaction?:
    | ((tx: Db, appointment: Appointment, read: BookedAppointment) => Promise<void>)
    | undefined
}

/** Staff (and the seed) book for a customer the business already has. */
export interface StaffBookingRequest extends BookingBasics {
  source: 'staff'
  customerId: string
  /** Book outside working hours, breaks or time off (never over an appointment). */
  overrideWorkingHours?: boolean | undefined
  /** Uid of the staff user booking. */
  createdBy: string | null
  actor: Actor | null
}

/**
 * A visitor books with the details they type. The business's customer with that e-mail is
 * found, or created, only once the time is secured; their record is never changed, and the
 * typed details are kept with the appointment. The activity log names the visitor as typed,
 * with the customer's record id.
 */
export interface PublicBookingRequest extends BookingBasics {
  source: 'public'
  visitor: VisitorDetails
  /** The visitor's own IANA time zone, for the times in their e-mails. */
  customerTimeZone?: string | undefined
  /** The language the visitor booked in: their e-mails are written in it. */
  customerLanguage?: Language | undefined
  /** The answers to the service's questions as checked, with the labels as asked. */
  bookingAnswers?: BookingAnswer[] | null | undefined
}

export type BookingRequest = StaffBookingRequest | PublicBookingRequest

/** How a booking is written: a booking made, or a hold while the customer pays. */
export type BookingMode = 'book' | 'hold'

/**
 * What `confirmHold` did: `confirmed` (the hold still held its time), `retaken` (it had run
 * out and its time was still free, so it took it again), `taken` (it had run out and the time
 * is someone else's now: nothing booked; the payment is to be given back),
 * `already_confirmed` (a repeat: nothing changed), `not_held` (neither a hold nor confirmed,
 * e.g. cancelled meanwhile: nothing changed).
 */
export type HoldConfirmation = {
  outcome: 'confirmed' | 'retaken' | 'taken' | 'already_confirmed' | 'not_held'
  appointment: Appointment
}

/** A hold to confirm, named by its appointment. */
export interface HeldAppointment {
  tenantId: string
  appointmentId: string
  now?: number | undefined
}

export interface RescheduleRequest {
  tenantId: string
  appointmentId: string
  changes: {
    serviceId?: string | undefined
    teamMemberId?: string | undefined
    customerId?: string | undefined
    startsAt?: Date | undefined
    /** A new end (a resize); without it a move keeps the length. */
    endsAt?: Date | undefined
    notes?: string | undefined
  }
  overrideWorkingHours?: boolean | undefined
  /**
   * A staff change that may be undone: a move or resize is recorded with where it was, and
   * its e-mails are withheld for the undo window. `notifyCustomer`: whether the customer is
   * among those told (the business's setting when absent).
   */
  undoable?: { notifyCustomer?: boolean | undefined } | undefined
  /** Only this member's appointments may be changed, and only to them; null: anyone's. */
  onlyTeamMemberId: string | null
  actor: Actor | null
  now?: number
  /** Work that must commit with the change, e.g. the public API's Idempotency-Key answer. */
  alsoInTransaction?: ((tx: Db, appointment: Appointment) => Promise<void>) | undefined
}
