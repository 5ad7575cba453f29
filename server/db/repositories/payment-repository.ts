import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../database.ts'
import { appointments, paymentRefunds, payments, type refundCauses } from '../schema.ts'

export type PaymentRow = typeof payments.$inferSelect

/**
 * The connected account a payment was taken on, for a call to Stripe about it. Money taken at
 * the venue (`in_person`) has none: Stripe never saw it, and no code path asks Stripe of it.
 */
export function stripeAccountOf(payment: Pick<PaymentRow, 'id' | 'stripeAccountId'>): string {
  if (payment.stripeAccountId === null) {
    throw new Error(`Payment ${payment.id} was taken at the venue: Stripe has nothing of it.`)
  }
  return payment.stripeAccountId
}
export type RefundCause = (typeof refundCauses)[number]

/** What a paid Checkout tells about the payment: kept for later charges and refunds. */
export interface PaymentSuccess {
  paymentIntentId: string | null
  customerId: string | null
  paymentMethodId: string | null
  paidAt: Date
}

/*
 * Payments taken at booking (and later refunds of them). Every change of a payment's state is
 * written under the row's lock (`find(…, { lock: true })`), so a webhook and the return page
 * syncing one payment at once take turns, and the second sees what the first wrote.
 */
export function createPaymentRepository(db: Db) {
  /** Changes one payment of the business, its `updated_at` with it. */
  async function change(
    tenantId: string,
    paymentId: string,
    values: PgUpdateSetSource<typeof payments>,
  ): Promise<void> {
    await db
      .update(payments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(payments.tenantId, tenantId), eq(payments.id, paymentId)))
  }

  return {
    async insertPending(payment: {
      tenantId: string
      appointmentId: string
      kind: PaymentRow['kind']
      amountMinor: number
      currency: string
      stripeAccountId: string
      /** The kept card a no-show fee is charged to. */
      stripeCustomerId?: string | null
      stripePaymentMethodId?: string | null
    }): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(payment).returning()
      if (!row) throw new Error('A payment insert returned nothing.')
      return row
    },

    async find(
      tenantId: string,
      paymentId: string,
      options: { lock?: boolean } = {},
    ): Promise<PaymentRow | undefined> {
      const query = db
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.id, paymentId)))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    /** The payment a Checkout Session belongs to, in whichever business (ids are unique). */
    async findByCheckoutSession(sessionId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.stripeCheckoutSessionId, sessionId))
      return row
    },

    /** The appointment's latest payment taken at booking (not a later no-show fee or the till). */
    async latestAtBooking(
      tenantId: string,
      appointmentId: string,
    ): Promise<(PaymentRow & { kind: 'prepayment' | 'deposit' | 'card_on_file' }) | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.appointmentId, appointmentId),
            inArray(payments.kind, ['prepayment', 'deposit', 'card_on_file']),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1)
      return row as (PaymentRow & { kind: 'prepayment' | 'deposit' | 'card_on_file' }) | undefined
    },

    /** The card kept at booking for a no-show fee (a saved `card_on_file`), if one was. */
    async keptCard(tenantId: string, appointmentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.appointmentId, appointmentId),
            eq(payments.kind, 'card_on_file'),
            eq(payments.status, 'succeeded'),
            sql`${payments.stripeCustomerId} is not null`,
            sql`${payments.stripePaymentMethodId} is not null`,
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1)
      return row
    },

    /** The appointment's no-show fee attempts, the latest first. */
    async noShowFees(tenantId: string, appointmentId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.appointmentId, appointmentId),
            eq(payments.kind, 'no_show_fee'),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
    },

    /** A declined attempt: final for this row (a new attempt is a new row). */
    async markFailed(
      tenantId: string,
      paymentId: string,
      failure: { paymentIntentId: string | null; message: string },
    ): Promise<void> {
      await change(tenantId, paymentId, {
        status: 'failed',
        stripePaymentIntentId: failure.paymentIntentId,
        failureMessage: failure.message,
      })
    },

    async attachCheckout(tenantId: string, paymentId: string, sessionId: string): Promise<void> {
      await change(tenantId, paymentId, { stripeCheckoutSessionId: sessionId })
    },

    async markSucceeded(tenantId: string, paymentId: string, success: PaymentSuccess) {
      await change(tenantId, paymentId, {
        status: 'succeeded',
        stripePaymentIntentId: success.paymentIntentId,
        stripeCustomerId: success.customerId,
        stripePaymentMethodId: success.paymentMethodId,
        paidAt: success.paidAt,
        failureMessage: null,
      })
    },

    async markExpired(tenantId: string, paymentId: string): Promise<void> {
      await change(tenantId, paymentId, { status: 'expired' })
    },

    /** Why the last attempt was declined, for staff; the payment stays open for a retry. */
    async noteFailure(tenantId: string, paymentId: string, message: string): Promise<void> {
      await change(tenantId, paymentId, { failureMessage: message })
    },

    /**
     * Records a refund Stripe made and adds it to the payment's refunded total, once per
     * Stripe refund id: a refund already recorded changes nothing and answers false.
     */
    async recordRefund(refund: {
      tenantId: string
      paymentId: string
      amountMinor: number
      cause: RefundCause
      reason: string
      stripeRefundId: string
      actorUid?: string | null
      actorName?: string | null
    }): Promise<boolean> {
      const inserted = await db
        .insert(paymentRefunds)
        .values(refund)
        .onConflictDoNothing({ target: paymentRefunds.stripeRefundId })
        .returning({ id: paymentRefunds.id })
      if (inserted.length === 0) return false
      await change(refund.tenantId, refund.paymentId, {
        refundedAmountMinor: sql`${payments.refundedAmountMinor} + ${refund.amountMinor}`,
      })
      return true
    },

    async refundsOf(tenantId: string, paymentId: string) {
      return db
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.paymentId, paymentId)))
    },

    /**
     * Deletes a hold whose Checkout never opened, with its payment (which must be `pending`,
     * without a session): the hold's appointment exists only for that payment. Answers
     * whether it was still such a hold.
     */
    async deleteUnopenedHold(
      tenantId: string,
      paymentId: string,
      appointmentId: string,
    ): Promise<boolean> {
      const gone = await db
        .delete(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.id, paymentId),
            eq(payments.status, 'pending'),
            isNull(payments.stripeCheckoutSessionId),
          ),
        )
        .returning({ id: payments.id })
      if (gone.length === 0) return false
      const deleted = await db
        .delete(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.id, appointmentId),
            // The expiry job may have let it go meanwhile: it is still only that hold.
            inArray(appointments.status, ['pending_payment', 'payment_expired']),
          ),
        )
        .returning({ id: appointments.id })
      return deleted.length === 1
    },

    /**
     * Lets the appointment's hold go at once (its Checkout expired, or could not be opened):
     * `payment_expired` frees its time. Answers whether it was still a hold.
     */
    async releaseHold(tenantId: string, appointmentId: string): Promise<boolean> {
      const released = await db
        .update(appointments)
        .set({ status: 'payment_expired', holdExpiresAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.id, appointmentId),
            eq(appointments.status, 'pending_payment'),
          ),
        )
        .returning({ id: appointments.id })
      return released.length === 1
    },
  }
}
