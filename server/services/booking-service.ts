import { randomUUID } from 'node:crypto'
import type { components } from '../../shared/contract/schema.d.ts'
import type { Language } from '../../shared/languages.ts'
import type { Database, Db } from '../db/database.ts'
import { loadAppointment } from '../db/read-models/appointment-views.ts'
import {
  type BookedAppointment,
  insertBookedAppointment,
  loadBookedAppointment,
} from '../db/read-models/booked-appointment.ts'
import {
  type ActivityRecord,
  createActivityRepository,
} from '../db/repositories/activity-repository.ts'
import {
  type AppointmentChanges,
  type BookingMember,
  type BusinessPolicy,
  createAppointmentRepository,
  type NewAppointment,
  type ServiceRow,
} from '../db/repositories/appointment-repository.ts'
import { type BookingRecords, writeBookingRecords } from '../db/repositories/booking-records.ts'
import { createPaymentHoldRepository } from '../db/repositories/payment-hold-repository.ts'
import {
  createScheduleRepository,
  type DetailedSchedule,
} from '../db/repositories/schedule-repository.ts'
import { sqlStateOf } from '../db/sql-state.ts'
import { changedFields } from '../domain/activity-changes.ts'
import {
  appointmentFields,
  bookedSummary,
  confirmedHoldSummary,
  heldSummary,
  updateSummary,
} from '../domain/appointment-changes.ts'
import { editRefusal } from '../domain/appointment-status.ts'
import { checkFit } from '../domain/availability/check-fit.ts'
import type { FitProblem, ServiceTiming } from '../domain/availability/types.ts'
import { performerRefusal, serviceRefusal } from '../domain/bookable-choice.ts'
import { bookingNoticeRefusal } from '../domain/booking-notice.ts'
import type { BookingAnswer } from '../domain/booking-questions.ts'
import { describeInstant } from '../domain/business-time.ts'
import type { Actor } from '../domain/member.ts'
import { hasFreeSeat, isSeatGroupKey, seatGroupFor } from '../domain/seat-group.ts'
import { HttpProblem } from '../http/problem.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { appointmentChangeNotice, notifyAppointmentChange } from '../realtime/live-events.ts'
import { type CommittedBooking, createBookingCoalescer } from './booking-coalescer.ts'
import {
  type BookingCustomer,
  customerActor,
  customerForPublicBooking,
} from './public/public-customers.ts'
import { chooseFairly } from './team-assignment.ts'

type Appointment = components['schemas']['Appointment']

const MINUTE_MS = 60_000

/*
 * The one place appointments are booked and moved, for staff (the API) and customers (public
 * booking, `source: 'public'`). Every booking, in one transaction:
 * - refers to an active service, a customer and a bookable team member who performs the
 *   service, or, without a team member, to whoever fits, chosen by fair assignment; a
 *   visitor's customer is found by e-mail, or created, only after the time is secured (below),
 *   and never changed: what they typed is kept with the appointment;
 * - fits the member's working time (hours minus breaks minus time off) unless staff override
 *   it, and never overlaps another appointment's busy range (buffers of both included);
 * - captures the service's price, currency, duration and buffers, so later changes to the
 *   service do not rewrite what was agreed;
 * - for a group session (capacity above 1) takes a seat: bookings at the same start of the
 *   same service with the same member share a seat group, whose seats are counted under the
 *   member's schedule lock;
 * - writes its activity-log entry and its live-update notification;
 * - queues its e-mails (through the notifier) when booked or moved through the service.
 * A booking that must be paid is first a hold (`pending_payment`, see `hold`): it takes its
 * time like any booking until `hold_expires_at`, tells nobody, and becomes a booking only
 * when `confirmHold` confirms it. A hold whose time ran out takes nothing: availability reads
 * the clock, and every booking or hold of a time first turns the ended holds in its way into
 * `payment_expired` under the member's lock (the background job does the rest).
 * Bookings and moves onto one member queue on that member's schedule lock, so the check before
 * the insert sees every committed rival and gives the friendly answer; the exclusion
 * constraint `appointments_no_overlap` stays the guarantee for any writer.
 */

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
  visitor: Omit<BookingCustomer, 'timeZone'>
  /** The visitor's own IANA time zone, for the times in their e-mails. */
  customerTimeZone?: string | undefined
  /** The language the visitor booked in: their e-mails are written in it. */
  customerLanguage?: Language | undefined
  /** The answers to the service's questions as checked, with the labels as asked. */
  bookingAnswers?: BookingAnswer[] | null | undefined
}

export type BookingRequest = StaffBookingRequest | PublicBookingRequest

/** How a booking is written: a booking made, or a hold while the customer pays. */
type BookingMode = 'book' | 'hold'

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

export interface RescheduleRequest {
  tenantId: string
  appointmentId: string
  changes: {
    serviceId?: string | undefined
    teamMemberId?: string | undefined
    customerId?: string | undefined
    startsAt?: Date | undefined
    notes?: string | undefined
  }
  overrideWorkingHours?: boolean | undefined
  /** Only this member's appointments may be changed, and only to them; null: anyone's. */
  onlyTeamMemberId: string | null
  actor: Actor | null
  now?: number
  /** Work that must commit with the change, e.g. the public API's Idempotency-Key answer. */
  alsoInTransaction?: ((tx: Db, appointment: Appointment) => Promise<void>) | undefined
}

/**
 * Books and reschedules, each in its own transaction, with clashes answered as 409, and tells
 * the customer and the team member through the notifier in the same transaction.
 */
export function createBookingService(database: Database, notifier: AppointmentNotifier) {
  const coalescer = createBookingCoalescer()
  const bookAndNotify = async (tx: Db, request: BookingRequest, mode: BookingMode) => {
    const booked = await bookAndDescribe(tx, request, mode)
    // A hold tells nobody: its confirmation goes out once it is paid (confirmHold). A booking
    // just made has no payment (a paid one is a hold until confirmed). Its e-mails are written
    // with its activity entries and live update, in one statement.
    const outbox =
      mode === 'book'
        ? await notifier.bookedMessages(tx, request.tenantId, booked.appointment.id, request.now, {
            details: booked.read.details,
            paidAtBooking: null,
          })
        : []
    await writeBookingRecords(tx, { ...booked.records, outbox })
    await request.alsoInTransaction?.(tx, booked.appointment, booked.read)
    return booked
  }
  /*
   * Identical bookings or holds (same member, service and start) share the coalescer, so
   * fifty visitors holding one time run one transaction that wins and one still-holds read
   * for the others; the exclusion constraint decides across processes.
   */
  const write = async (request: BookingRequest, mode: BookingMode): Promise<Appointment> => {
    const booked = await coalescer.run(
      request,
      () =>
        explainClash(database, () =>
          database.transaction((tx) => bookAndNotify(tx, request, mode)),
        ),
      async ({ appointment, timeZone }) => {
        const holds = await createAppointmentRepository(database.db).stillBooked(
          request.tenantId,
          {
            id: appointment.id,
            teamMemberId: appointment.team_member_id,
            serviceId: appointment.service_id,
            startsAt: new Date(appointment.starts_at),
          },
          new Date(request.now ?? Date.now()),
        )
        return holds ? clashProblem(appointment, timeZone) : null
      },
    )
    return booked.appointment
  }
  const confirmAndNotify = async (
    tx: Db,
    input: { tenantId: string; appointmentId: string; now?: number | undefined },
  ): Promise<HoldConfirmation> => {
    const confirmed = await confirmHeld(tx, input)
    if (confirmed.outcome === 'confirmed' || confirmed.outcome === 'retaken') {
      await notifier.booked(tx, input.tenantId, input.appointmentId, input.now)
    }
    return confirmed
  }
  const rescheduleAndNotify = async (tx: Db, request: RescheduleRequest) => {
    const { appointment, moved, previousTeamMemberId } = await rescheduleAppointment(tx, request)
    if (moved) {
      await notifier.rescheduled(tx, request.tenantId, appointment.id, {
        previousTeamMemberId,
        now: request.now,
      })
    }
    await request.alsoInTransaction?.(tx, appointment)
    return appointment
  }
  return {
    book: (request: BookingRequest): Promise<Appointment> => write(request, 'book'),
    /**
     * Books the time as a hold while the customer pays: `pending_payment` until now plus the
     * business's payment hold minutes, under every rule and guarantee of `book` (the overlap
     * rule, seats of group sessions, the member's lock, the coalescer). No e-mail goes out.
     */
    hold: (request: PublicBookingRequest): Promise<Appointment> => write(request, 'hold'),
    /**
     * Confirms a hold once it is paid (the payment sync calls this; idempotent). See
     * `HoldConfirmation` for what it answers.
     */
    confirmHold: (input: {
      tenantId: string
      appointmentId: string
      now?: number
    }): Promise<HoldConfirmation> => database.transaction((tx) => confirmAndNotify(tx, input)),
    /**
     * `confirmHold` inside the caller's transaction: the payment sync marks the payment paid
     * and confirms its hold in one commit, under the payment row's lock.
     */
    confirmHoldWithin: (
      tx: Db,
      input: { tenantId: string; appointmentId: string; now?: number },
    ): Promise<HoldConfirmation> => confirmAndNotify(tx, input),
    reschedule: (request: RescheduleRequest): Promise<Appointment> =>
      explainClash(database, () => database.transaction((tx) => rescheduleAndNotify(tx, request))),
  }
}

/**
 * A booking the exclusion constraint refused: another transaction took the time between our
 * check and our insert. A 409 already; `explainClash` names the appointment in the way.
 */
class SlotTakenError extends HttpProblem {
  constructor(
    readonly tenantId: string,
    readonly clash: Clash,
    readonly timeZone: string,
    cause: unknown,
  ) {
    super(409, 'Someone else booked this time a moment ago; pick another time.', { cause })
    this.name = 'SlotTakenError'
  }
}

interface Clash {
  teamMemberId: string
  busyFrom: Date
  busyUntil: Date
  seatGroup: string
  exceptId: string
}

/**
 * Books an appointment inside the caller's transaction without telling anyone: the seed uses
 * this directly, since demo appointments must not send e-mails.
 */
export async function bookAppointment(tx: Db, request: BookingRequest): Promise<Appointment> {
  const booked = await bookAndDescribe(tx, request, 'book')
  await writeBookingRecords(tx, { ...booked.records, outbox: [] })
  return booked.appointment
}

async function bookAndDescribe(
  tx: Db,
  request: BookingRequest,
  mode: BookingMode,
): Promise<
  CommittedBooking & { read: BookedAppointment; records: Omit<BookingRecords, 'outbox'> }
> {
  const { tenantId } = request
  const repo = createAppointmentRepository(tx)
  const now = request.now ?? Date.now()
  const startsAt = request.startsAt.getTime()
  if (startsAt <= now) throw invalid('body.starts_at', 'must be in the future')
  // Service, policy and the member named, in one read; refused in the order they always were.
  const basics = await repo.bookingBasics(tenantId, request.serviceId, request.teamMemberId)
  const service = checkActiveService(basics.service, 'body.service_id')
  if (request.source === 'staff' && !(await repo.customerExists(tenantId, request.customerId))) {
    throw invalid('body.customer_id', 'is not a customer of this business')
  }
  const { policy } = basics
  if (request.source === 'public') checkBookingNotice(startsAt, policy, now)

  const override = request.source === 'staff' && request.overrideWorkingHours === true
  const id = randomUUID()
  const timing = timingOf(service)
  const placeWith = (teamMemberId: string) =>
    place(tx, {
      tenantId,
      appointmentId: id,
      teamMemberId,
      serviceId: service.id,
      capacity: service.capacity,
      timing,
      startsAt,
      override,
      timeZone: policy.timeZone,
      now,
    })
  let placement: Placement
  if (request.teamMemberId) {
    checkPerformerRow(basics.teamMember, service, 'body.team_member_id')
    placement = await placeWith(request.teamMemberId)
  } else {
    placement = await placeAnyone(placeWith, (passedOver) =>
      assignTeamMember(tx, { tenantId, service, startsAt, override, policy, passedOver }),
    )
  }

  // Only now, with the time secured under the member's lock, is a visitor's customer record
  // found or created: a refused booking must leave no customer and no activity entry behind.
  const { customerId, actor, submitted, customerCreated } = await whoBooks(tx, request)
  const notes = request.notes ?? ''
  const values: NewAppointment = {
    id,
    tenantId,
    serviceId: service.id,
    teamMemberId: placement.teamMemberId,
    customerId,
    startsAt: new Date(startsAt),
    endsAt: placement.endsAt,
    ...(mode === 'hold'
      ? {
          status: 'pending_payment' as const,
          holdExpiresAt: new Date(now + policy.paymentHoldMinutes * MINUTE_MS),
        }
      : { status: 'confirmed' as const }),
    notes,
    priceMinor: service.priceMinor,
    currency: service.currency,
    source: request.source,
    createdBy: request.source === 'staff' ? request.createdBy : null,
    ...placedColumns(timing, placement),
    customerTimeZone: request.source === 'public' ? (request.customerTimeZone ?? null) : null,
    customerLanguage: request.source === 'public' ? (request.customerLanguage ?? null) : null,
    bookingAnswers: request.source === 'public' ? (request.bookingAnswers ?? null) : null,
    ...(submitted ? { ...submitted, submittedNotes: notes } : {}),
  }
  // Inserted and read back in one statement, but for a seat of a group session (its seat
  // count must see the new seat in the table).
  let inserted: BookedAppointment | undefined
  await guardClash(tenantId, placement, policy.timeZone, async () => {
    if (isSeatGroupKey(placement.seatGroup)) await repo.insert(values)
    else inserted = await insertBookedAppointment(tx, values)
  })
  const read = inserted ?? (await loadBookedAppointment(tx, tenantId, id))
  if (!read) throw new Error(`Appointment ${id} vanished inside its own transaction.`)
  const { appointment } = read
  // Written by the caller with the e-mails (a new customer's entry first, as it came first).
  const records = {
    activity: [
      ...(customerCreated ? [customerCreated] : []),
      {
        tenantId,
        actor,
        entityType: 'appointment' as const,
        entityId: id,
        action: 'created' as const,
        summary:
          mode === 'hold'
            ? heldSummary(appointment, policy.timeZone)
            : bookedSummary(appointment, policy.timeZone),
        changes: changedFields(null, appointment, appointmentFields),
      },
    ],
    notify: appointmentChangeNotice({ tenantId, type: 'appointment.created', appointmentId: id }),
  }
  return { appointment, timeZone: policy.timeZone, read, records }
}

/**
 * The customer the appointment is filed under, who the activity log says booked it, and, for
 * a visitor, what they typed (kept with the appointment; their customer record is not touched).
 */
async function whoBooks(
  tx: Db,
  request: BookingRequest,
): Promise<{
  customerId: string
  actor: Actor | null
  submitted?: Pick<NewAppointment, 'submittedName' | 'submittedEmail' | 'submittedPhone'>
  /** A visitor's customer record made now: its activity entry, to write with the booking's. */
  customerCreated?: ActivityRecord | null
}> {
  if (request.source === 'staff') return { customerId: request.customerId, actor: request.actor }
  const visitor = {
    name: request.visitor.name.trim(),
    email: request.visitor.email.trim(),
    phone: request.visitor.phone?.trim() || null,
  }
  const { customer, created } = await customerForPublicBooking(tx, request.tenantId, {
    ...visitor,
    timeZone: request.customerTimeZone,
  })
  return {
    customerCreated: created,
    customerId: customer.id,
    actor: customerActor({ id: customer.id, name: visitor.name, email: visitor.email }),
    submitted: {
      submittedName: visitor.name,
      submittedEmail: visitor.email,
      submittedPhone: visitor.phone,
    },
  }
}

/**
 * Changes a confirmed appointment inside the caller's transaction: a new start, team member or
 * service moves it under the booking rules (a new service re-captures duration, buffers and
 * price; otherwise what was captured stays); customer and notes change in place. Re-sending
 * what is already there writes and logs nothing. `moved`: the time, member or service changed,
 * which the customer and the members (the one who had it, and the one who has it) are told of.
 */
async function rescheduleAppointment(
  tx: Db,
  request: RescheduleRequest,
): Promise<{ appointment: Appointment; moved: boolean; previousTeamMemberId: string }> {
  const { tenantId, changes } = request
  const repo = createAppointmentRepository(tx)
  const now = request.now ?? Date.now()
  const current = await repo.find(tenantId, request.appointmentId, { lock: true })
  if (!current) throw appointmentNotFound()
  const only = request.onlyTeamMemberId
  if (only !== null && current.teamMemberId !== only) {
    throw new HttpProblem(
      403,
      "You don't have permission to change other team members' appointments.",
    )
  }
  if (only !== null && changes.teamMemberId !== undefined && changes.teamMemberId !== only) {
    throw new HttpProblem(
      403,
      "You don't have permission to give appointments to other team members.",
    )
  }
  const refusal = editRefusal(current.status)
  if (refusal) throw new HttpProblem(409, refusal)

  const columns: AppointmentChanges = {}
  const serviceChanged = changes.serviceId !== undefined && changes.serviceId !== current.serviceId
  const service = serviceChanged
    ? await activeService(tx, tenantId, changes.serviceId as string, 'body.service_id')
    : await repo.service(tenantId, current.serviceId)
  if (!service) throw new Error(`The service of appointment ${current.id} is missing.`)
  const teamMemberId = changes.teamMemberId ?? current.teamMemberId
  const memberChanged = teamMemberId !== current.teamMemberId
  const startsAt = changes.startsAt?.getTime() ?? current.startsAt.getTime()
  const timeChanged = startsAt !== current.startsAt.getTime()
  if (timeChanged && startsAt <= now) throw invalid('body.starts_at', 'must be in the future')
  if (memberChanged || serviceChanged) {
    const path = changes.teamMemberId !== undefined ? 'body.team_member_id' : 'body.service_id'
    await checkPerformer(tx, tenantId, teamMemberId, service, path)
  }
  if (changes.customerId !== undefined && changes.customerId !== current.customerId) {
    if (!(await repo.customerExists(tenantId, changes.customerId))) {
      throw invalid('body.customer_id', 'is not a customer of this business')
    }
    columns.customerId = changes.customerId
  }
  if (changes.notes !== undefined && changes.notes !== current.notes) columns.notes = changes.notes

  const policy = await repo.policy(tenantId)
  let placement: Placement | undefined
  if (timeChanged || memberChanged || serviceChanged) {
    const timing: ServiceTiming = serviceChanged
      ? timingOf(service)
      : {
          durationMinutes: (current.endsAt.getTime() - current.startsAt.getTime()) / MINUTE_MS,
          bufferBeforeMinutes: current.bufferBeforeMinutes,
          bufferAfterMinutes: current.bufferAfterMinutes,
        }
    placement = await place(tx, {
      tenantId,
      appointmentId: current.id,
      teamMemberId,
      serviceId: service.id,
      capacity: service.capacity,
      timing,
      startsAt,
      override: request.overrideWorkingHours === true,
      timeZone: policy.timeZone,
      now,
    })
    Object.assign(columns, {
      serviceId: service.id,
      teamMemberId,
      startsAt: new Date(startsAt),
      endsAt: placement.endsAt,
      ...placedColumns(timing, placement),
    } satisfies AppointmentChanges)
    if (serviceChanged) {
      columns.priceMinor = service.priceMinor
      columns.currency = service.currency
    }
  }

  const before = await mustLoad(tx, tenantId, current.id)
  const previousTeamMemberId = current.teamMemberId
  if (Object.keys(columns).length === 0) {
    return { appointment: before, moved: false, previousTeamMemberId }
  }
  const update = () => repo.update(tenantId, current.id, columns)
  if (placement) await guardClash(tenantId, placement, policy.timeZone, update)
  else await update()
  const after = await mustLoad(tx, tenantId, current.id)
  const diff = changedFields(before, after, appointmentFields)
  if (diff.length > 0) {
    await createActivityRepository(tx).record({
      tenantId,
      actor: request.actor,
      entityType: 'appointment',
      entityId: current.id,
      action: 'updated',
      summary: updateSummary(before, after, diff, policy.timeZone),
      changes: diff,
    })
  }
  await notifyAppointmentChange(tx, {
    tenantId,
    type: 'appointment.updated',
    appointmentId: current.id,
  })
  return { appointment: after, moved: placement !== undefined, previousTeamMemberId }
}

export function appointmentNotFound(): HttpProblem {
  return new HttpProblem(404, 'There is no appointment with this id in your business.')
}

interface Placement {
  appointmentId: string
  teamMemberId: string
  seatGroup: string
  endsAt: Date
  busyFrom: Date
  busyUntil: Date
  outsideWorkingHours: boolean
}

/**
 * Where the appointment goes and whether it may: its seat group (a seat of a group session
 * when the service has capacity above 1, after checking a seat is free), and its fit in the
 * member's working time and busy time. A clash is always a 409 naming the appointment in the
 * way; outside working time is a 409 unless overridden. Joining a session already booked
 * needs no override: its time was agreed when its first seat was booked.
 */
async function place(
  tx: Db,
  input: {
    tenantId: string
    appointmentId: string
    teamMemberId: string
    serviceId: string
    capacity: number
    timing: ServiceTiming
    startsAt: number
    override: boolean
    timeZone: string
    /** The clock: holds that ended by then take nothing. */
    now: number
  },
): Promise<Placement> {
  const { tenantId, timing, startsAt } = input
  const repo = createAppointmentRepository(tx)
  const endsAt = startsAt + timing.durationMinutes * MINUTE_MS
  const busyFrom = new Date(startsAt - timing.bufferBeforeMinutes * MINUTE_MS)
  const busyUntil = new Date(endsAt + timing.bufferAfterMinutes * MINUTE_MS)
  await repo.lockSchedule(input.teamMemberId)
  // Holds that ran out in the way let go of their time first, so neither the seat count nor
  // the exclusion constraint counts them.
  await expireHoldsInTheWay(tx, tenantId, input.teamMemberId, { busyFrom, busyUntil }, input.now)
  const seatGroup = seatGroupFor({
    appointmentId: input.appointmentId,
    serviceId: input.serviceId,
    capacity: input.capacity,
    startsAt,
  })
  let joiningSession = false
  if (isSeatGroupKey(seatGroup)) {
    const seats = await repo.countSeats(
      tenantId,
      input.teamMemberId,
      seatGroup,
      new Date(startsAt),
      input.appointmentId,
    )
    if (!hasFreeSeat(seats, input.capacity)) {
      throw new HttpProblem(409, `This session is full (${seats} of ${input.capacity} seats).`)
    }
    joiningSession = seats > 0
  }

  const schedule = await createScheduleRepository(tx).loadDetailedMember(
    tenantId,
    input.teamMemberId,
    { from: startsAt, to: startsAt + 1, now: input.now },
  )
  if (!schedule) throw new Error(`Team member ${input.teamMemberId} vanished mid-booking.`)
  // Not in its own way: the appointment being moved, and the other seats of its session.
  const busy = schedule.busy.filter(
    (row) => row.id !== input.appointmentId && row.seatGroup !== seatGroup,
  )
  const problem = checkFit({ schedule: { ...schedule, busy }, service: timing, startsAt })
  if (problem?.kind === 'busy') {
    const blocking = busy[problem.appointmentIndex]
    throw await explainBlocking(tx, tenantId, blocking?.id, input.timeZone)
  }
  if (problem && !joiningSession && !input.override) {
    throw outsideWorkingTime(problem, schedule, startsAt, input.timeZone)
  }
  return {
    appointmentId: input.appointmentId,
    teamMemberId: input.teamMemberId,
    seatGroup,
    endsAt: new Date(endsAt),
    busyFrom,
    busyUntil,
    outsideWorkingHours: problem !== null,
  }
}

/**
 * Turns the member's holds that ended by `now` and overlap the busy range into
 * `payment_expired`, telling open apps. Call under the member's schedule lock.
 */
async function expireHoldsInTheWay(
  tx: Db,
  tenantId: string,
  teamMemberId: string,
  range: { busyFrom: Date; busyUntil: Date },
  now: number,
): Promise<void> {
  const expired = await createPaymentHoldRepository(tx).expireDueOverlapping(
    tenantId,
    teamMemberId,
    range,
    new Date(now),
  )
  for (const hold of expired) {
    await notifyAppointmentChange(tx, {
      tenantId,
      type: 'appointment.updated',
      appointmentId: hold.appointmentId,
    })
  }
}

/**
 * The hold confirmed, inside the caller's transaction, under its member's schedule lock (taken
 * before the row's, as bookings take them) so no booking of its time runs in between.
 */
async function confirmHeld(
  tx: Db,
  input: { tenantId: string; appointmentId: string; now?: number | undefined },
): Promise<HoldConfirmation> {
  const { tenantId, appointmentId } = input
  const now = input.now ?? Date.now()
  const repo = createAppointmentRepository(tx)
  const unlocked = await repo.find(tenantId, appointmentId)
  if (!unlocked) throw appointmentNotFound()
  await repo.lockSchedule(unlocked.teamMemberId)
  const current = await repo.find(tenantId, appointmentId, { lock: true })
  if (!current) throw appointmentNotFound()
  const answer = async (outcome: HoldConfirmation['outcome']) => ({
    outcome,
    appointment: await mustLoad(tx, tenantId, appointmentId),
  })
  if (current.status === 'confirmed') return answer('already_confirmed')
  if (current.status !== 'pending_payment' && current.status !== 'payment_expired') {
    return answer('not_held')
  }
  const stillHeld =
    current.status === 'pending_payment' &&
    current.holdExpiresAt !== null &&
    current.holdExpiresAt.getTime() > now
  if (!stillHeld) {
    // Ran out: ended holds in the way (this one too) let go first; then the time is either
    // still free, and taken again, or someone else's.
    await expireHoldsInTheWay(tx, tenantId, current.teamMemberId, current, now)
    const blocking = await repo.findBlocking(tenantId, {
      teamMemberId: current.teamMemberId,
      busyFrom: current.busyFrom,
      busyUntil: current.busyUntil,
      seatGroup: current.seatGroup,
      exceptId: current.id,
    })
    let full = false
    if (isSeatGroupKey(current.seatGroup)) {
      const service = await repo.service(tenantId, current.serviceId)
      const seats = await repo.countSeats(
        tenantId,
        current.teamMemberId,
        current.seatGroup,
        current.startsAt,
        current.id,
      )
      full = !hasFreeSeat(seats, service?.capacity ?? 1)
    }
    if (blocking || full) return answer('taken')
  }
  const before = await mustLoad(tx, tenantId, appointmentId)
  await repo.update(tenantId, appointmentId, { status: 'confirmed', holdExpiresAt: null })
  const after = await mustLoad(tx, tenantId, appointmentId)
  const { timeZone } = await repo.policy(tenantId)
  await createActivityRepository(tx).record({
    tenantId,
    actor: null,
    entityType: 'appointment',
    entityId: appointmentId,
    action: 'updated',
    summary: confirmedHoldSummary(after, timeZone),
    changes: changedFields(before, after, appointmentFields),
  })
  await notifyAppointmentChange(tx, { tenantId, type: 'appointment.updated', appointmentId })
  return { outcome: stillHeld ? 'confirmed' : 'retaken', appointment: after }
}

/**
 * "Any available", placed: the member fair assignment chooses, or, when someone booked them
 * between the choice (read before their schedule lock) and the check under it, the next one
 * it chooses from the rest; a 409 only when nobody is left. Without this, two visitors
 * booking the same time at once would both be given the same member, and one refused while
 * a colleague was free.
 */
async function placeAnyone(
  placeWith: (teamMemberId: string) => Promise<Placement>,
  choose: (passedOver: ReadonlySet<string>) => Promise<string>,
): Promise<Placement> {
  const passedOver = new Set<string>()
  for (;;) {
    const teamMemberId = await choose(passedOver)
    try {
      return await placeWith(teamMemberId)
    } catch (error) {
      // place() refuses before it writes anything, so the transaction can go on.
      if (!(error instanceof HttpProblem) || error.status !== 409) throw error
      passedOver.add(teamMemberId)
    }
  }
}

/**
 * "Any available": among the bookable members who perform the service and are free then
 * (within working time, or merely not busy when overriding), one who already runs a session
 * of the service at that start with a seat free comes first (seats fill before a parallel
 * session opens); then fair assignment: fewest appointments that day in the business's time
 * zone, then the one booked least recently.
 */
async function assignTeamMember(
  tx: Db,
  input: {
    tenantId: string
    service: ServiceRow
    startsAt: number
    override: boolean
    policy: BusinessPolicy
    /** Members already found taken under their lock: not chosen again. */
    passedOver?: ReadonlySet<string>
  },
): Promise<string> {
  const { tenantId, service, startsAt, policy } = input
  const schedules = (
    await createScheduleRepository(tx).loadDetailed(tenantId, {
      serviceId: service.id,
      from: startsAt,
      to: startsAt + 1,
    })
  ).filter((schedule) => !input.passedOver?.has(schedule.teamMemberId))
  const timing = timingOf(service)
  const sessionKey = seatGroupFor({
    appointmentId: '',
    serviceId: service.id,
    capacity: service.capacity,
    startsAt,
  })
  const free: { schedule: DetailedSchedule; inSession: boolean }[] = []
  for (const schedule of schedules) {
    const session = isSeatGroupKey(sessionKey)
      ? schedule.busy.filter((row) => row.seatGroup === sessionKey)
      : []
    if (!hasFreeSeat(session.length, service.capacity)) continue
    const busy = schedule.busy.filter((row) => row.seatGroup !== sessionKey)
    const problem = checkFit({ schedule: { ...schedule, busy }, service: timing, startsAt })
    const fits =
      problem === null || (problem.kind !== 'busy' && (input.override || session.length > 0))
    if (fits) free.push({ schedule, inSession: session.length > 0 })
  }
  const preferred = free.some((entry) => entry.inSession)
    ? free.filter((entry) => entry.inSession)
    : free
  if (preferred.length === 0) {
    throw new HttpProblem(
      409,
      `Nobody who performs ${service.name} is free at ${describeInstant(startsAt, policy.timeZone)} (${policy.timeZone}).`,
    )
  }
  const chosen = await chooseFairly(
    tx,
    { tenantId, timeZone: policy.timeZone },
    preferred.map((entry) => entry.schedule.teamMemberId),
    startsAt,
  )
  if (!chosen) throw new Error('Fair assignment chose nobody from a non-empty list.')
  return chosen
}

/** The active service of the business the request names at `path`; a 400 otherwise. */
export async function activeService(
  db: Db,
  tenantId: string,
  serviceId: string,
  path: string,
): Promise<ServiceRow> {
  return checkActiveService(
    await createAppointmentRepository(db).service(tenantId, serviceId),
    path,
  )
}

/** The service read for the request, if it is active; a 400 at `path` otherwise. */
function checkActiveService(service: ServiceRow | undefined, path: string): ServiceRow {
  if (!service) throw invalid(path, 'is not a service of this business')
  const refusal = serviceRefusal(service)
  if (refusal) throw invalid(path, refusal)
  return service
}

/** The team member must be a bookable one of the business who performs the service. */
export async function checkPerformer(
  db: Db,
  tenantId: string,
  teamMemberId: string,
  service: ServiceRow,
  path: string,
): Promise<void> {
  const member = await createAppointmentRepository(db).teamMember(
    tenantId,
    teamMemberId,
    service.id,
  )
  checkPerformerRow(member, service, path)
}

/** The member read for the request must be a bookable one who performs the service. */
function checkPerformerRow(
  member: BookingMember | undefined,
  service: ServiceRow,
  path: string,
): void {
  if (!member) throw invalid(path, 'is not a team member of this business')
  const refusal = performerRefusal(member, service.name)
  if (refusal) throw invalid(path, refusal)
}

/** The duration and buffers a booking of the service captures. */
export function timingOf(service: ServiceRow): ServiceTiming {
  return {
    durationMinutes: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
  }
}

/** The columns a booking and a move both write from where the appointment was placed. */
function placedColumns(timing: ServiceTiming, placement: Placement) {
  return {
    bufferBeforeMinutes: timing.bufferBeforeMinutes,
    bufferAfterMinutes: timing.bufferAfterMinutes,
    busyFrom: placement.busyFrom,
    busyUntil: placement.busyUntil,
    seatGroup: placement.seatGroup,
    outsideWorkingHours: placement.outsideWorkingHours,
  }
}

/** Runs the write; the exclusion constraint's refusal becomes a SlotTakenError. */
async function guardClash(
  tenantId: string,
  placement: Placement,
  timeZone: string,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (sqlStateOf(error) !== '23P01') throw error
    const clash = {
      teamMemberId: placement.teamMemberId,
      busyFrom: placement.busyFrom,
      busyUntil: placement.busyUntil,
      seatGroup: placement.seatGroup,
      exceptId: placement.appointmentId,
    }
    throw new SlotTakenError(tenantId, clash, timeZone, error)
  }
}

/**
 * A failed statement aborts a PostgreSQL transaction, so the appointment in the way is looked
 * up after the rollback, in a fresh query.
 */
async function explainClash<T>(database: Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof SlotTakenError)) throw error
    const blockingId = await createAppointmentRepository(database.db).findBlocking(
      error.tenantId,
      error.clash,
    )
    if (!blockingId) throw error
    throw await explainBlocking(database.db, error.tenantId, blockingId, error.timeZone)
  }
}

/** The 409 for a clash with the appointment of this id. */
async function explainBlocking(
  db: Db,
  tenantId: string,
  blockingId: string | undefined,
  timeZone: string,
): Promise<HttpProblem> {
  const blocking = blockingId ? await loadAppointment(db, tenantId, blockingId) : null
  if (!blocking) {
    return new HttpProblem(409, 'Someone else booked this time a moment ago; pick another time.')
  }
  return clashProblem(blocking, timeZone)
}

/** The 409 for a clash: which appointment is in the way, and where the calendar shows it. */
function clashProblem(blocking: Appointment, timeZone: string): HttpProblem {
  const start = Date.parse(blocking.starts_at)
  const end = describeInstant(Date.parse(blocking.ends_at), timeZone).slice(-5)
  return new HttpProblem(
    409,
    `${blocking.team_member_name} already has ${blocking.service_name} for ${blocking.customer_name} on ${describeInstant(start, timeZone)}–${end} (${timeZone}), which overlaps this time (buffers included).`,
    { existing: { id: blocking.id, href: `/calendar?appointment=${blocking.id}` } },
  )
}

function outsideWorkingTime(
  problem: Exclude<FitProblem, { kind: 'busy' }>,
  schedule: DetailedSchedule,
  startsAt: number,
  timeZone: string,
): HttpProblem {
  const when = `${describeInstant(startsAt, timeZone)} (${timeZone})`
  const why =
    problem.kind === 'time_off'
      ? `${schedule.name} has time off at ${when}`
      : `${when} is outside ${schedule.name}'s working hours`
  // The field error lets the staff form show the way out next to its "Book outside working
  // hours" checkbox; API callers read the same from the path.
  return new HttpProblem(409, `${why}. Book outside working hours to allow it.`, {
    errors: [
      {
        path: 'body.override_working_hours',
        message: 'must be true to book outside working hours, breaks or time off',
      },
    ],
  })
}

async function mustLoad(tx: Db, tenantId: string, id: string): Promise<Appointment> {
  const appointment = await loadAppointment(tx, tenantId, id)
  if (!appointment) throw new Error(`Appointment ${id} vanished inside its own transaction.`)
  return appointment
}

function invalid(path: string, message: string): HttpProblem {
  return new HttpProblem(400, `${path} ${message}.`, { errors: [{ path, message }] })
}

/** Minimum notice and booking window, for a start a customer chooses: a 400 on starts_at. */
export function checkBookingNotice(
  startsAt: number,
  notice: { minNoticeMinutes: number; bookingWindowDays: number },
  now: number,
): void {
  const refusal = bookingNoticeRefusal(startsAt, notice, now)
  if (!refusal) return
  const { path, message } = refusal
  // Each its own type, so the booking page can say why instead of "just taken".
  throw new HttpProblem(400, `${path} ${message}.`, {
    type: refusal.kind === 'too_soon' ? '/problems/too-soon' : '/problems/too-far-ahead',
    errors: [{ path, message }],
  })
}
