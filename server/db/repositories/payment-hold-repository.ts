import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm'
import { paymentAppointment } from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import { appointments, payments } from '../schema.ts'

/** An appointment whose payment hold ran out, and the business it is in. */
export interface ExpiredHold {
  tenantId: string
  appointmentId: string
}

/** A Checkout still open for a hold that ran out: to be expired on Stripe, so it cannot be paid. */
export interface CheckoutToExpire {
  tenantId: string
  paymentId: string
  appointmentId: string
  stripeAccountId: string
  stripeCheckoutSessionId: string
}

/*
 * Payment holds (`pending_payment` appointments) running out. A hold past its
 * `hold_expires_at` is free to book already (availability and booking read the clock); these
 * turn it into `payment_expired`, which the exclusion constraint skips, so the row stops
 * standing in the constraint's way.
 */
export function createPaymentHoldRepository(db: Db) {
  const expire = (where: ReturnType<typeof and>) =>
    db
      .update(appointments)
      .set({ status: 'payment_expired', holdExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(appointments.status, 'pending_payment'), where))
      .returning({ tenantId: appointments.tenantId, appointmentId: appointments.id })

  return {
    /**
     * Turns the member's holds that ended by `at` and whose busy range overlaps [busyFrom,
     * busyUntil) into `payment_expired`: a booking or hold of that time does this first,
     * under the member's schedule lock, so the hold that ran out never refuses it.
     */
    expireDueOverlapping(
      tenantId: string,
      teamMemberId: string,
      range: { busyFrom: Date; busyUntil: Date },
      at: Date,
    ): Promise<ExpiredHold[]> {
      return expire(
        and(
          eq(appointments.tenantId, tenantId),
          eq(appointments.teamMemberId, teamMemberId),
          lte(appointments.holdExpiresAt, at),
          lt(appointments.busyFrom, range.busyUntil),
          gt(appointments.busyUntil, range.busyFrom),
        ),
      )
    },

    /**
     * Turns up to `limit` holds that ended by `at` into `payment_expired`, earliest first,
     * claiming them with `FOR UPDATE SKIP LOCKED`: a hold another process (or a booking, or
     * a payment confirming it) has locked is left to it.
     */
    async expireDue(at: Date, limit: number): Promise<ExpiredHold[]> {
      const due = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.status, 'pending_payment'), lte(appointments.holdExpiresAt, at)))
        .orderBy(asc(appointments.holdExpiresAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      return expire(
        inArray(
          appointments.id,
          due.map((row) => row.id),
        ),
      )
    },

    /**
     * Payments left `pending` without a Checkout (Stripe was asked and never answered, or the
     * process ended before the session was kept) whose hold ran out: nobody was given a page
     * to pay them on, so they are simply expired with their hold. Answers how many.
     */
    async expireSessionless(limit: number): Promise<number> {
      const due = await db
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(appointments, paymentAppointment())
        .where(
          and(
            eq(payments.status, 'pending'),
            sql`${payments.kind} <> 'no_show_fee'`,
            sql`${payments.stripeCheckoutSessionId} is null`,
            eq(appointments.status, 'payment_expired'),
          ),
        )
        .limit(limit)
        .for('update', { of: payments, skipLocked: true })
      if (due.length === 0) return 0
      const expired = await db
        .update(payments)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            inArray(
              payments.id,
              due.map((row) => row.id),
            ),
            eq(payments.status, 'pending'),
          ),
        )
        .returning({ id: payments.id })
      return expired.length
    },

    /**
     * Checkouts still open (`pending` payments with a session) of holds that ran out, oldest
     * first: the Stripe side expires these sessions, so a customer cannot pay for a time that
     * was let go (a payment that still arrives is refunded or re-takes the time).
     */
    checkoutsToExpire(limit: number): Promise<CheckoutToExpire[]> {
      return db
        .select({
          tenantId: payments.tenantId,
          paymentId: payments.id,
          appointmentId: payments.appointmentId,
          // Only Checkout payments are pending with a session, and they have their account.
          stripeAccountId: sql<string>`${payments.stripeAccountId}`,
          stripeCheckoutSessionId: sql<string>`${payments.stripeCheckoutSessionId}`,
        })
        .from(payments)
        .innerJoin(appointments, paymentAppointment())
        .where(
          and(
            eq(payments.status, 'pending'),
            sql`${payments.stripeCheckoutSessionId} is not null`,
            eq(appointments.status, 'payment_expired'),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit)
    },
  }
}
