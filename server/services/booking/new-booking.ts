import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database.ts'
import {
  type BookedAppointment,
  insertBookedAppointment,
  loadBookedAppointment,
} from '../../db/read-models/booked-appointment.ts'
import {
  createAppointmentRepository,
  type NewAppointment,
} from '../../db/repositories/appointment-repository.ts'
import type { BookingRecords } from '../../db/repositories/booking-records.ts'
import { changedFields } from '../../domain/activity-changes.ts'
import { appointmentFields, bookedSummary, heldSummary } from '../../domain/appointment-changes.ts'
import { isSeatGroupKey } from '../../domain/seat-group.ts'
import { appointmentChangeNotice } from '../../realtime/live-events.ts'
import { assignTeamMember, placeAnyone } from './any-available.ts'
import type { CommittedBooking } from './booking-coalescer.ts'
import { timingOf } from './booking-lookups.ts'
import type { BookingMode, BookingRequest } from './booking-requests.ts'
import {
  checkActiveService,
  checkBookingNotice,
  checkInFuture,
  checkPerformerRow,
  unknownCustomer,
} from './booking-rules.ts'
import { guardClash } from './clash.ts'
import { clashOf, MINUTE_MS, type Placement, place, placedColumns } from './placement.ts'
import { whoBooks } from './visitor-customer.ts'

/** A booking written, with every view of it read back and the records to write with it. */
export type NewBooking = CommittedBooking & {
  read: BookedAppointment
  records: Omit<BookingRecords, 'outbox'>
}

/**
 * Writes a new booking (or hold) inside the caller's transaction: the rules in the order they
 * always refused, the placement (a named member, or anyone free), then the customer, the row,
 * and the activity entries and live update for the caller to write with its e-mails.
 */
export async function bookAndDescribe(
  tx: Db,
  request: BookingRequest,
  mode: BookingMode,
): Promise<NewBooking> {
  const { tenantId } = request
  const repo = createAppointmentRepository(tx)
  const now = request.now ?? Date.now()
  const startsAt = request.startsAt.getTime()
  checkInFuture(startsAt, now)
  // Service, policy and the member named, in one read; refused in the order they always were.
  const basics = await repo.bookingBasics(tenantId, request.serviceId, request.teamMemberId)
  const service = checkActiveService(basics.service, 'body.service_id')
  if (request.source === 'staff' && !(await repo.customerExists(tenantId, request.customerId))) {
    throw unknownCustomer()
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
  await guardClash(tenantId, clashOf(placement), policy.timeZone, async () => {
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
