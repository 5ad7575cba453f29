import { and, asc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { components } from '../../../shared/contract/schema.d.ts'
import { isSeatGroupKey } from '../../domain/seat-group.ts'
import { submittedDifferences } from '../../domain/submitted-details.ts'
import {
  appointmentCustomer,
  appointmentService,
  appointmentTeamMember,
} from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import {
  appointmentCheckouts,
  appointments,
  calendarOutsideChanges,
  calendarWrites,
  customers,
  services,
  teamMembers,
} from '../schema.ts'
import { type AppointmentPaymentSummary, loadPaymentSummaries } from './payment-views.ts'

type Appointment = components['schemas']['Appointment']
type AppointmentStatus = components['schemas']['AppointmentStatus']
type AppointmentCalendarChange = components['schemas']['AppointmentCalendarChange']

/*
 * Appointments as the staff contract shows them (service, member and customer joined, seats
 * counted): the one read every staff answer, activity entry and live update is built from.
 */

/** Which appointments to read; every condition given must hold. */
export interface AppointmentQuery {
  /** Appointments overlapping [from, to): starts_at < to and ends_at > from. */
  overlapping?: { from: Date; to: Date }
  /** Appointments starting at or after this instant. */
  startingFrom?: Date
  /** Appointments starting before this instant. */
  startingBefore?: Date
  teamMemberId?: string
  customerId?: string
  /** Only these statuses; all when absent. */
  statuses?: readonly AppointmentStatus[]
  limit: number
}

/**
 * Seats taken in the appointment's group session: the bookings and holds sharing its seat
 * group, team member and start (the index on member and start finds them), not cancelled or
 * payment-expired. A one-to-one appointment is its own group: 1 while it holds its time, 0
 * once cancelled or its hold expired.
 */
export const seatsBooked = sql<number>`case when ${appointments.seatGroup} like '%@%' then (
    select count(*)::int from ${appointments} as seat
    where seat.tenant_id = ${appointments.tenantId}
      and seat.team_member_id = ${appointments.teamMemberId}
      and seat.starts_at = ${appointments.startsAt}
      and seat.seat_group = ${appointments.seatGroup}
      and seat.status not in ('cancelled', 'payment_expired')
  ) when ${appointments.status} not in ('cancelled', 'payment_expired') then 1 else 0 end`

/** When the visit was checked out at the till (RFC 3339 in UTC), or null. */
const checkedOutAt = sql<string | null>`(
    select to_char(checkout.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from ${appointmentCheckouts} as checkout
    where checkout.tenant_id = ${appointments.tenantId}
      and checkout.appointment_id = ${appointments.id}
  )`

const utcText = (column: unknown) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * A change made to the appointment's event in its member's calendar, waiting for staff (see
 * calendar-change-repository.ts): only on a confirmed appointment whose event is written as it
 * is now, since a change Slotwise is about to write over waits for nobody.
 */
const calendarChange = sql<AppointmentCalendarChange | null>`(
    select json_build_object(
      'kind', change.kind,
      'calendar_name', change.calendar_name,
      'starts_at', ${utcText(sql`change.starts_at`)},
      'ends_at', ${utcText(sql`change.ends_at`)},
      'detected_at', ${utcText(sql`change.detected_at`)})
    from ${calendarOutsideChanges} as change
    join ${calendarWrites} as write
      on write.appointment_id = change.appointment_id and write.calendar_id = change.calendar_id
     and write.state = 'done' and write.action = 'put'
    where change.tenant_id = ${appointments.tenantId}
      and change.appointment_id = ${appointments.id}
      and ${appointments.status} = 'confirmed'
  )`

function select(db: Db) {
  return db
    .select({
      row: appointments,
      serviceName: services.name,
      serviceColor: services.color,
      serviceCapacity: services.capacity,
      teamMemberName: teamMembers.name,
      customerName: customers.name,
      customerEmail: customers.email,
      customerPhone: customers.phone,
      customerTimeZone: customers.timeZone,
      seatsBooked,
      checkedOutAt,
      calendarChange,
    })
    .from(appointments)
    .innerJoin(services, appointmentService())
    .innerJoin(teamMembers, appointmentTeamMember())
    .innerJoin(customers, appointmentCustomer())
}

/** An appointment with what the contract's view joins to it (see `select`). */
export type AppointmentJoinedRow = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number]

/** One appointment of the business as the contract shows it, or null when there is none. */
export async function loadAppointment(
  db: Db,
  tenantId: string,
  id: string,
): Promise<Appointment | null> {
  const [row] = await select(db)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, id)))
    .limit(1)
  if (!row) return null
  const summaries = await loadPaymentSummaries(db, tenantId, [row.row.id])
  return toAppointment(row, summaries.get(row.row.id))
}

/** Appointments of the business matching the query, by start time (then id), at most `limit`. */
export async function loadAppointments(
  db: Db,
  tenantId: string,
  query: AppointmentQuery,
): Promise<Appointment[]> {
  const conditions: (SQL | undefined)[] = [eq(appointments.tenantId, tenantId)]
  if (query.overlapping) {
    conditions.push(lt(appointments.startsAt, query.overlapping.to))
    conditions.push(gt(appointments.endsAt, query.overlapping.from))
  }
  if (query.startingFrom) conditions.push(gte(appointments.startsAt, query.startingFrom))
  if (query.startingBefore) conditions.push(lt(appointments.startsAt, query.startingBefore))
  if (query.teamMemberId) conditions.push(eq(appointments.teamMemberId, query.teamMemberId))
  if (query.customerId) conditions.push(eq(appointments.customerId, query.customerId))
  if (query.statuses) conditions.push(inArray(appointments.status, [...query.statuses]))
  const rows = await select(db)
    .where(and(...conditions))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(query.limit)
  // The payments of the whole list in one more query, never one per appointment.
  const summaries = await loadPaymentSummaries(
    db,
    tenantId,
    rows.map(({ row }) => row.id),
  )
  return rows.map((row) => toAppointment(row, summaries.get(row.row.id)))
}

/** The contract's view of a joined row; `payment` is the summary of its payments, if any. */
export function toAppointment(
  { row, ...joined }: AppointmentJoinedRow,
  payment: AppointmentPaymentSummary | undefined,
): Appointment {
  return {
    id: row.id,
    service_id: row.serviceId,
    service_name: joined.serviceName,
    service_color: joined.serviceColor,
    team_member_id: row.teamMemberId,
    team_member_name: joined.teamMemberName,
    customer_id: row.customerId,
    customer_name: joined.customerName,
    customer_email: joined.customerEmail,
    customer_phone: joined.customerPhone,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
    checked_out_at: joined.checkedOutAt,
    buffer_before_minutes: row.bufferBeforeMinutes,
    buffer_after_minutes: row.bufferAfterMinutes,
    status: row.status,
    hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
    payment: payment
      ? {
          state: payment.state,
          paid_minor: payment.paidMinor,
          refunded_minor: payment.refundedMinor,
          currency: payment.currency,
        }
      : null,
    notes: row.notes,
    price: { amount_minor: row.priceMinor, currency: row.currency },
    source: row.source,
    created_by: row.createdBy,
    cancel_reason: row.cancelReason,
    outside_working_hours: row.outsideWorkingHours,
    capacity: isSeatGroupKey(row.seatGroup) ? joined.serviceCapacity : 1,
    seats_booked: Number(joined.seatsBooked),
    submitted_details: submittedDifferences(
      { name: row.submittedName, phone: row.submittedPhone, timeZone: row.customerTimeZone },
      {
        name: joined.customerName,
        phone: joined.customerPhone,
        timeZone: joined.customerTimeZone,
      },
    ),
    booking_answers: row.bookingAnswers ?? [],
    calendar_change: joined.calendarChange,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
