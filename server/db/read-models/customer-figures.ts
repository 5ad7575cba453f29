import { and, asc, count, desc, eq, inArray, ne, not, type SQL, sql } from 'drizzle-orm'
import {
  appointmentService,
  appointmentTeamMember,
  paymentAppointment,
} from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import { appointments, payments, services, teamMembers } from '../schema.ts'

/*
 * A customer as the client profile sums them up: money received, visits, no-shows, late
 * cancellations, and their visits split into upcoming and past. Query-only.
 */

/**
 * Money actually received from ONE payment row: what was charged less what was given back.
 * Only succeeded payments took money (a kept card is a payment of nothing); any kind of
 * payment a business records later (at the till as well as online) counts by this rule alone.
 */
const receivedMinor = sql<number>`case when ${payments.status} = 'succeeded' then ${payments.amountMinor} - ${payments.refundedAmountMinor} else 0 end`

/** The customer's appointments, and only theirs, within the business. */
const ofCustomer = (tenantId: string, customerId: string) =>
  and(eq(appointments.tenantId, tenantId), eq(appointments.customerId, customerId))

/**
 * Bookings that have not ended yet (payment holds included): the profile's "upcoming". Every
 * other appointment (ended, cancelled, unpaid in time, closed) is a past visit.
 */
const notEndedBooking = (now: Date) =>
  and(
    sql`${appointments.endsAt} > ${now.toISOString()}::timestamptz`,
    inArray(appointments.status, ['confirmed', 'pending_payment']),
  ) as SQL

/**
 * What the customer has paid the business, in minor units of `currency`: every succeeded
 * payment of their appointments less its refunds. Payments in another currency cannot be added
 * to it and are left out. The one definition of a client's "total spent".
 */
export async function loadMoneyReceived(
  db: Db,
  tenantId: string,
  customerId: string,
  currency: string,
): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${receivedMinor}), 0)` })
    .from(payments)
    .innerJoin(appointments, paymentAppointment())
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.currency, currency),
        ofCustomer(tenantId, customerId),
      ),
    )
  return Number(row?.sum ?? 0)
}

/**
 * Money received per appointment by the same rule, in the appointment's own currency (only
 * appointments with payments are in the map).
 */
export async function loadMoneyReceivedByAppointment(
  db: Db,
  tenantId: string,
  appointmentIds: readonly string[],
): Promise<Map<string, { amountMinor: number; currency: string }>> {
  const received = new Map<string, { amountMinor: number; currency: string }>()
  if (appointmentIds.length === 0) return received
  const rows = await db
    .select({
      appointmentId: payments.appointmentId,
      currency: appointments.currency,
      sum: sql<string>`sum(${receivedMinor})`,
    })
    .from(payments)
    .innerJoin(
      appointments,
      and(paymentAppointment(), eq(appointments.currency, payments.currency)),
    )
    .where(
      and(
        eq(payments.tenantId, tenantId),
        inArray(payments.appointmentId, [...appointmentIds]),
        // A saved card alone is no payment: the visit shows nothing paid rather than 0.
        ne(payments.kind, 'card_on_file'),
      ),
    )
    .groupBy(payments.appointmentId, appointments.currency)
  for (const row of rows) {
    received.set(row.appointmentId, { amountMinor: Number(row.sum), currency: row.currency })
  }
  return received
}

/**
 * A cancellation made inside the cut-off: less than `cutoffMinutes` before the start, or after
 * it. One without a recorded time (none since migration 0019) counts as on time. The client
 * profile and Insights count late cancellations by this one rule.
 */
export const isLateCancellation = (cutoffMinutes: number): SQL =>
  sql`${appointments.status} = 'cancelled' and ${appointments.cancelledAt} > ${appointments.startsAt} - make_interval(mins => ${cutoffMinutes})`

export interface CustomerVisitCounts {
  completed: number
  noShows: number
  cancellations: number
  /** Cancelled after `cutoffMinutes` before the start (or after the start). */
  lateCancellations: number
  /** The start of the latest completed visit. */
  lastVisitAt: Date | null
}

/**
 * The customer's visits counted in one query. A cancellation is late by `isLateCancellation`,
 * measured by the cut-off passed in (the one set now).
 */
export async function loadVisitCounts(
  db: Db,
  tenantId: string,
  customerId: string,
  cutoffMinutes: number,
): Promise<CustomerVisitCounts> {
  const late = isLateCancellation(cutoffMinutes)
  const [row] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${appointments.status} = 'completed')::int`,
      noShows: sql<number>`count(*) filter (where ${appointments.status} = 'no_show')::int`,
      cancellations: sql<number>`count(*) filter (where ${appointments.status} = 'cancelled')::int`,
      lateCancellations: sql<number>`count(*) filter (where ${late})::int`,
      lastVisitAt: sql<
        string | null
      >`max(${appointments.startsAt}) filter (where ${appointments.status} = 'completed')`,
    })
    .from(appointments)
    .where(ofCustomer(tenantId, customerId))
  return {
    completed: row?.completed ?? 0,
    noShows: row?.noShows ?? 0,
    cancellations: row?.cancellations ?? 0,
    lateCancellations: row?.lateCancellations ?? 0,
    lastVisitAt: row?.lastVisitAt ? new Date(row.lastVisitAt) : null,
  }
}

export type VisitsWhen = 'all' | 'upcoming' | 'past'

export interface VisitRow {
  id: string
  startsAt: Date
  endsAt: Date
  status: (typeof appointments.$inferSelect)['status']
  serviceId: string
  serviceName: string
  teamMemberId: string
  teamMemberName: string
  priceMinor: number
  currency: string
}

/**
 * One page of the customer's appointments with service and member: upcoming ones soonest
 * first, past ones (and `all`) newest first, and how many there are in all.
 */
export async function loadVisits(
  db: Db,
  tenantId: string,
  customerId: string,
  when: VisitsWhen,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ items: VisitRow[]; total: number }> {
  const upcoming = notEndedBooking(now)
  const where = and(
    ofCustomer(tenantId, customerId),
    when === 'upcoming' ? upcoming : when === 'past' ? not(upcoming) : undefined,
  )
  const order =
    when === 'upcoming'
      ? [asc(appointments.startsAt), asc(appointments.id)]
      : [desc(appointments.startsAt), desc(appointments.id)]
  const items = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      serviceId: appointments.serviceId,
      serviceName: services.name,
      teamMemberId: appointments.teamMemberId,
      teamMemberName: teamMembers.name,
      priceMinor: appointments.priceMinor,
      currency: appointments.currency,
    })
    .from(appointments)
    .innerJoin(services, appointmentService())
    .innerJoin(teamMembers, appointmentTeamMember())
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const [counted] = await db.select({ total: count() }).from(appointments).where(where)
  return { items, total: counted?.total ?? 0 }
}

/**
 * The service and member of the customer's latest visit that was kept or at least booked
 * (not cancelled, not a hold), started by `now`; else their next booking; null without any.
 * What "Book again" prefills.
 */
export async function loadLastBooked(
  db: Db,
  tenantId: string,
  customerId: string,
  now: Date,
): Promise<{ serviceId: string; teamMemberId: string } | null> {
  const booked = inArray(appointments.status, ['confirmed', 'completed', 'no_show'])
  const started = sql`(${appointments.startsAt} <= ${now.toISOString()}::timestamptz)`
  const [row] = await db
    .select({ serviceId: appointments.serviceId, teamMemberId: appointments.teamMemberId })
    .from(appointments)
    .where(and(ofCustomer(tenantId, customerId), booked))
    // Started ones first (latest first), then the soonest of those still ahead.
    .orderBy(
      sql`${started} desc`,
      sql`case when ${started} then -extract(epoch from ${appointments.startsAt}) else extract(epoch from ${appointments.startsAt}) end`,
      desc(appointments.id),
    )
    .limit(1)
  return row ?? null
}
