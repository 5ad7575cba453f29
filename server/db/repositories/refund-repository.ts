import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { refundPayment } from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import { paymentRefunds, payments } from '../schema.ts'
import type { RefundCause } from './payment-repository.ts'

export type RefundRow = typeof paymentRefunds.$inferSelect

/*
 * Refunds owed: a `payment_refunds` row without a Stripe refund id is money the business has
 * decided to give back (a cancellation) that Stripe has not refunded yet. It is written in the
 * cancellation's own transaction, so the decision can never be lost to an outage; Stripe is
 * asked afterwards, and again by the payment job until it answers. Only a settled row (with
 * its Stripe id) counts in the payment's `refunded_amount_minor`.
 *
 * Money taken at the till (`in_person`) is given back at the till (cash back, the terminal):
 * its refunds are made when recorded, never owed, and Stripe is never asked of them.
 *
 * A staff refund is written owed too, under the payment's lock, before Stripe is asked: the
 * reservation keeps its amount out of what a cancellation racing it can owe.
 */

/** Whether a refund is still owed (decided, not yet made by Stripe). */
export function isOwed(refund: Pick<RefundRow, 'stripeRefundId'>, payment: { kind: string }) {
  return refund.stripeRefundId === null && payment.kind !== 'in_person'
}

/**
 * How long a staff refund's reservation belongs to the request that wrote it (Stripe's
 * timeout and the SDK's retries fit well within it). Older, its request died: the payment job
 * finishes it under the same Stripe idempotency key.
 */
export const STAFF_RESERVATION_MS = 5 * 60_000

export function createRefundRepository(db: Db) {
  return {
    /**
     * A refund of money taken at the till, made as it is recorded: the row and the payment's
     * new refunded total in one go (the caller holds the payment's lock).
     */
    async insertMadeAtTill(refund: {
      tenantId: string
      paymentId: string
      amountMinor: number
      reason: string
      actorUid: string
      actorName: string
    }): Promise<RefundRow> {
      const [row] = await db
        .insert(paymentRefunds)
        .values({ ...refund, cause: 'staff' })
        .returning()
      if (!row) throw new Error('A refund insert returned nothing.')
      await db
        .update(payments)
        .set({
          refundedAmountMinor: sql`${payments.refundedAmountMinor} + ${row.amountMinor}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(payments.tenantId, refund.tenantId), eq(payments.id, refund.paymentId)))
      return row
    },

    /**
     * Writes an owed refund. With an `id` (a staff refund's, derived from its request) a row
     * already there is kept and returned as it is: the same request's earlier attempt.
     */
    async insertOwed(refund: {
      id?: string
      tenantId: string
      paymentId: string
      amountMinor: number
      cause: RefundCause
      reason: string
      actorUid: string | null
      actorName: string | null
    }): Promise<RefundRow> {
      const [row] = await db
        .insert(paymentRefunds)
        .values(refund)
        .onConflictDoNothing({ target: paymentRefunds.id })
        .returning()
      if (row) return row
      const [existing] = refund.id
        ? await db
            .select()
            .from(paymentRefunds)
            .where(
              and(eq(paymentRefunds.tenantId, refund.tenantId), eq(paymentRefunds.id, refund.id)),
            )
        : []
      if (!existing) throw new Error('A refund insert returned nothing.')
      return existing
    },

    /** One refund of the business, made or owed. */
    async find(tenantId: string, refundId: string): Promise<RefundRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.id, refundId)))
      return row
    },

    /** What is owed back of a payment and not yet refunded by Stripe. */
    async owedMinor(tenantId: string, paymentId: string): Promise<number> {
      const [row] = await db
        .select({ owed: sql<number>`coalesce(sum(${paymentRefunds.amountMinor}), 0)` })
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.tenantId, tenantId),
            eq(paymentRefunds.paymentId, paymentId),
            isNull(paymentRefunds.stripeRefundId),
          ),
        )
      return Number(row?.owed ?? 0)
    },

    /**
     * Marks an owed refund as made by Stripe and adds it to the payment's refunded total,
     * once: a refund already settled changes nothing and answers false.
     */
    async settle(tenantId: string, refundId: string, stripeRefundId: string): Promise<boolean> {
      const [settled] = await db
        .update(paymentRefunds)
        .set({ stripeRefundId })
        .where(
          and(
            eq(paymentRefunds.tenantId, tenantId),
            eq(paymentRefunds.id, refundId),
            isNull(paymentRefunds.stripeRefundId),
          ),
        )
        .returning()
      if (!settled) return false
      await db
        .update(payments)
        .set({
          refundedAmountMinor: sql`${payments.refundedAmountMinor} + ${settled.amountMinor}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(payments.tenantId, tenantId), eq(payments.id, settled.paymentId)))
      return true
    },

    /** Drops an owed refund Stripe refused for good (staff are told in the activity log). */
    async dropOwed(tenantId: string, refundId: string): Promise<boolean> {
      const dropped = await db
        .delete(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.tenantId, tenantId),
            eq(paymentRefunds.id, refundId),
            isNull(paymentRefunds.stripeRefundId),
          ),
        )
        .returning({ id: paymentRefunds.id })
      return dropped.length === 1
    },

    /**
     * Owed refunds, oldest first: of one appointment's payments, or of every business (the
     * job). Not claimed with a lock: asking Stripe twice for one is harmless (its idempotency
     * key is the row's id) and `settle` records it once. A staff refund's reservation is left
     * to its own request until `STAFF_RESERVATION_MS` has passed.
     */
    async owed(options: { tenantId?: string; paymentIds?: string[]; limit: number }) {
      const conditions = [
        isNull(paymentRefunds.stripeRefundId),
        ne(payments.kind, 'in_person'),
        or(
          ne(paymentRefunds.cause, 'staff'),
          lt(
            paymentRefunds.createdAt,
            sql`now() - make_interval(secs => ${STAFF_RESERVATION_MS / 1000})`,
          ),
        ),
      ]
      if (options.tenantId) conditions.push(eq(paymentRefunds.tenantId, options.tenantId))
      if (options.paymentIds) {
        if (options.paymentIds.length === 0) return []
        conditions.push(inArray(paymentRefunds.paymentId, options.paymentIds))
      }
      return db
        .select({ refund: paymentRefunds, payment: payments })
        .from(paymentRefunds)
        .innerJoin(payments, refundPayment())
        .where(and(...conditions))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
        .limit(options.limit)
    },

    /** The appointment's payments, oldest first, with their refunds (settled and owed). */
    async ofAppointment(tenantId: string, appointmentId: string) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.appointmentId, appointmentId)))
        .orderBy(asc(payments.createdAt), asc(payments.id))
      const refunds =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(paymentRefunds)
              .where(
                and(
                  eq(paymentRefunds.tenantId, tenantId),
                  inArray(
                    paymentRefunds.paymentId,
                    rows.map((row) => row.id),
                  ),
                ),
              )
              .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
      return rows.map((payment) => ({
        payment,
        refunds: refunds.filter((refund) => refund.paymentId === payment.id),
      }))
    },
  }
}
