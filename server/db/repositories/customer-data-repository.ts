import { and, asc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { ActivityChange } from '../../domain/activity-changes.ts'
import { ERASED_CUSTOMER_NAME } from '../../domain/customer-erasure.ts'
import { appointmentService, appointmentTeamMember } from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import {
  activityLog,
  appointments,
  customers,
  idempotencyKeys,
  notificationOutbox,
  paymentRefunds,
  payments,
  services,
  teamMembers,
  tenants,
} from '../schema.ts'

export type CustomerDataAppointment = typeof appointments.$inferSelect & {
  serviceName: string
  teamMemberName: string
}
export type CustomerDataPayment = typeof payments.$inferSelect
export type CustomerDataRefund = typeof paymentRefunds.$inferSelect
export type CustomerDataOutboxRow = Pick<
  typeof notificationOutbox.$inferSelect,
  | 'id'
  | 'appointmentId'
  | 'kind'
  | 'recipient'
  | 'toAddress'
  | 'subject'
  | 'bodyText'
  | 'status'
  | 'createdAt'
  | 'sentAt'
>
export type CustomerDataActivityRow = typeof activityLog.$inferSelect

/** Appointments that still lie ahead and hold their time (bookings and payment holds). */
const stillAhead = and(
  sql`${appointments.endsAt} > now()`,
  notInArray(appointments.status, ['cancelled', 'payment_expired']),
)

/**
 * Everything stored about one customer, for their export and their erasure. Every query is
 * scoped to the tenant; an appointment id list is always the customer's own (read first).
 */
export function createCustomerDataRepository(db: Db) {
  /** The customer's and their appointments' messages: by appointment, or sent to their address. */
  function outboxWhere(tenantId: string, appointmentIds: string[], addresses: string[]): SQL {
    const conditions: SQL[] = []
    if (appointmentIds.length > 0) {
      conditions.push(inArray(notificationOutbox.appointmentId, appointmentIds))
    }
    if (addresses.length > 0) {
      conditions.push(
        sql`${notificationOutbox.recipient} = 'customer' and lower(${notificationOutbox.toAddress}) in (${sql.join(
          addresses.map((address) => sql`${address.toLowerCase()}`),
          sql`, `,
        )})`,
      )
    }
    const any = conditions.length > 0 ? or(...conditions) : sql`false`
    return and(eq(notificationOutbox.tenantId, tenantId), any) as SQL
  }

  /**
   * Log entries about the customer, about their appointments, and about other appointments
   * whose logged customer name was one of theirs (a booking moved to someone else).
   */
  function activityWhere(
    tenantId: string,
    customerId: string,
    actorUid: string,
    appointmentIds: string[],
    names: string[],
  ): SQL {
    const conditions: SQL[] = [
      and(eq(activityLog.entityType, 'customer'), eq(activityLog.entityId, customerId)) as SQL,
      eq(activityLog.actorUid, actorUid),
    ]
    if (appointmentIds.length > 0) {
      conditions.push(
        and(
          eq(activityLog.entityType, 'appointment'),
          inArray(activityLog.entityId, appointmentIds),
        ) as SQL,
      )
    }
    for (const name of names) {
      for (const side of ['before', 'after'] as const) {
        conditions.push(
          sql`${activityLog.entityType} = 'appointment' and ${activityLog.changes} @> ${JSON.stringify([{ field: 'customer_name', [side]: name }])}::jsonb`,
        )
      }
    }
    return and(eq(activityLog.tenantId, tenantId), or(...conditions)) as SQL
  }

  return {
    async business(tenantId: string): Promise<{ name: string; timeZone: string }> {
      const [row] = await db
        .select({ name: tenants.name, timeZone: tenants.timeZone })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
      if (!row) throw new Error(`Business ${tenantId} vanished.`)
      return row
    },

    async findCustomer(tenantId: string, id: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
      return row
    },

    /** Every appointment of the customer, oldest first, with its service's and member's names. */
    async appointments(tenantId: string, customerId: string): Promise<CustomerDataAppointment[]> {
      const rows = await db
        .select({
          appointment: appointments,
          serviceName: services.name,
          teamMemberName: teamMembers.name,
        })
        .from(appointments)
        .innerJoin(services, appointmentService())
        .innerJoin(teamMembers, appointmentTeamMember())
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.customerId, customerId)))
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
      return rows.map((row) => ({
        ...row.appointment,
        serviceName: row.serviceName,
        teamMemberName: row.teamMemberName,
      }))
    },

    /** The customer's appointments still ahead (the erase waits for them), soonest first. */
    async appointmentsAhead(tenantId: string, customerId: string) {
      return db
        .select({
          id: appointments.id,
          startsAt: appointments.startsAt,
          status: appointments.status,
          serviceName: services.name,
        })
        .from(appointments)
        .innerJoin(services, appointmentService())
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.customerId, customerId),
            stillAhead,
          ),
        )
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
    },

    async payments(tenantId: string, appointmentIds: string[]): Promise<CustomerDataPayment[]> {
      if (appointmentIds.length === 0) return []
      return db
        .select()
        .from(payments)
        .where(
          and(eq(payments.tenantId, tenantId), inArray(payments.appointmentId, appointmentIds)),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
    },

    async refunds(tenantId: string, paymentIds: string[]): Promise<CustomerDataRefund[]> {
      if (paymentIds.length === 0) return []
      return db
        .select()
        .from(paymentRefunds)
        .where(
          and(eq(paymentRefunds.tenantId, tenantId), inArray(paymentRefunds.paymentId, paymentIds)),
        )
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    },

    async outbox(
      tenantId: string,
      appointmentIds: string[],
      addresses: string[],
    ): Promise<CustomerDataOutboxRow[]> {
      return db
        .select({
          id: notificationOutbox.id,
          appointmentId: notificationOutbox.appointmentId,
          kind: notificationOutbox.kind,
          recipient: notificationOutbox.recipient,
          toAddress: notificationOutbox.toAddress,
          subject: notificationOutbox.subject,
          bodyText: notificationOutbox.bodyText,
          status: notificationOutbox.status,
          createdAt: notificationOutbox.createdAt,
          sentAt: notificationOutbox.sentAt,
        })
        .from(notificationOutbox)
        .where(outboxWhere(tenantId, appointmentIds, addresses))
        .orderBy(asc(notificationOutbox.createdAt), asc(notificationOutbox.id))
    },

    /** `actorUid`: the id entries the customer made themselves online carry as their actor. */
    async activity(
      tenantId: string,
      customerId: string,
      actorUid: string,
      appointmentIds: string[],
      names: string[],
    ): Promise<CustomerDataActivityRow[]> {
      return db
        .select()
        .from(activityLog)
        .where(activityWhere(tenantId, customerId, actorUid, appointmentIds, names))
        .orderBy(asc(activityLog.occurredAt), asc(activityLog.id))
    },

    /** The record keeps its id and dates; everything that names or describes the person goes. */
    async anonymiseCustomer(tenantId: string, id: string, at: Date): Promise<void> {
      await db
        .update(customers)
        .set({
          name: ERASED_CUSTOMER_NAME,
          email: null,
          phone: null,
          notes: '',
          tags: [],
          timeZone: null,
          marketingConsent: false,
          erasedAt: at,
          updatedAt: sql`now()`,
        })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    },

    /**
     * Appointments keep what the figures count (service, member, time, status, price) and lose
     * what the customer typed or said: details, notes, answers, reasons, language, time zone.
     */
    async anonymiseAppointments(tenantId: string, customerId: string): Promise<void> {
      await db
        .update(appointments)
        .set({
          notes: '',
          cancelReason: sql`case when ${appointments.cancelReason} is null then null else '' end`,
          customerTimeZone: null,
          submittedName: null,
          submittedEmail: null,
          submittedPhone: null,
          submittedNotes: null,
          bookingAnswers: null,
          customerLanguage: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.customerId, customerId)))
    },

    /** Amounts, states and Stripe's accounting ids stay; the person's Stripe customer and card go. */
    async anonymisePayments(tenantId: string, appointmentIds: string[]): Promise<void> {
      if (appointmentIds.length === 0) return
      await db
        .update(payments)
        .set({
          stripeCustomerId: null,
          stripePaymentMethodId: null,
          failureMessage: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(payments.tenantId, tenantId), inArray(payments.appointmentId, appointmentIds)),
        )
    },

    async setRefundReason(tenantId: string, id: string, reason: string): Promise<void> {
      await db
        .update(paymentRefunds)
        .set({ reason })
        .where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.id, id)))
    },

    /** Sent, failed and pending alike: a pending one would write to an address now erased. */
    async deleteOutbox(
      tenantId: string,
      appointmentIds: string[],
      addresses: string[],
    ): Promise<number> {
      const deleted = await db
        .delete(notificationOutbox)
        .where(outboxWhere(tenantId, appointmentIds, addresses))
        .returning({ id: notificationOutbox.id })
      return deleted.length
    },

    /** Stored answers of public writes about their appointments repeat what they typed. */
    async deleteIdempotencyAnswers(tenantId: string, appointmentIds: string[]): Promise<void> {
      if (appointmentIds.length === 0) return
      await db.delete(idempotencyKeys).where(
        and(
          eq(idempotencyKeys.tenantId, tenantId),
          or(
            sql`${idempotencyKeys.scope} like any (array[${sql.join(
              appointmentIds.map((id) => sql`${`%${id}`}`),
              sql`, `,
            )}])`,
            sql`${idempotencyKeys.response}::text like any (array[${sql.join(
              appointmentIds.map((id) => sql`${`%${id}%`}`),
              sql`, `,
            )}])`,
          ),
        ),
      )
    },

    /**
     * Lets this transaction rewrite the summary, changes and actor's name and address of log
     * entries (never who, what, when or which record);
     * the log's trigger refuses every other update (migration 0014).
     */
    async allowActivityScrub(): Promise<void> {
      await db.execute(sql`select set_config('slotwise.erasing_customer', 'on', true)`)
    },

    async rewriteActivity(
      tenantId: string,
      id: string,
      entry: {
        summary: string
        changes: ActivityChange[]
        actorName: string | null
        actorEmail: string | null
      },
    ): Promise<void> {
      await db
        .update(activityLog)
        .set({
          summary: entry.summary,
          changes: entry.changes,
          actorName: entry.actorName,
          actorEmail: entry.actorEmail,
        })
        .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.id, id)))
    },
  }
}
