import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CheckoutExtra, TillFigures } from '../../../shared/till-checkout.ts'
import type { Db } from '../database.ts'
import { appointmentCheckouts, payments, type tillMethods } from '../schema.ts'

export type TillMethod = (typeof tillMethods)[number]
export type CheckoutRow = typeof appointmentCheckouts.$inferSelect

/*
 * Visits checked out at the till: the checkout (what the visit came to) and the money taken
 * now, an `in_person` payment, so every sum of payments (revenue, the payments list and its
 * CSV, an appointment's payment state) counts it with the rest.
 */
export function createCheckoutRepository(db: Db) {
  return {
    async ofAppointment(tenantId: string, appointmentId: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(appointmentCheckouts)
        .where(
          and(
            eq(appointmentCheckouts.tenantId, tenantId),
            eq(appointmentCheckouts.appointmentId, appointmentId),
          ),
        )
      return row
    },

    /** What was paid online for the appointment (at booking), less what was refunded of it. */
    async paidOnlineMinor(tenantId: string, appointmentId: string): Promise<number> {
      const [row] = await db
        .select({
          net: sql<string>`coalesce(sum(${payments.amountMinor} - ${payments.refundedAmountMinor}), 0)`,
        })
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.appointmentId, appointmentId),
            eq(payments.status, 'succeeded'),
            inArray(payments.kind, ['prepayment', 'deposit']),
          ),
        )
      return Number(row?.net ?? 0)
    },

    /** Records the checkout, and the money taken now as a paid `in_person` payment if any. */
    async insert(checkout: {
      tenantId: string
      appointmentId: string
      figures: TillFigures
      extras: CheckoutExtra[]
      method: TillMethod | null
      currency: string
      actorUid: string
      actorName: string
    }): Promise<CheckoutRow> {
      const { figures } = checkout
      let paymentId: string | null = null
      if (figures.paidNowMinor > 0) {
        if (!checkout.method) throw new Error('Money taken at the till needs its method.')
        const [payment] = await db
          .insert(payments)
          .values({
            tenantId: checkout.tenantId,
            appointmentId: checkout.appointmentId,
            kind: 'in_person',
            status: 'succeeded',
            method: checkout.method,
            amountMinor: figures.paidNowMinor,
            currency: checkout.currency,
            paidAt: sql`now()`,
          })
          .returning({ id: payments.id })
        paymentId = payment?.id ?? null
      }
      const [row] = await db
        .insert(appointmentCheckouts)
        .values({
          tenantId: checkout.tenantId,
          appointmentId: checkout.appointmentId,
          paymentId,
          serviceMinor: figures.serviceMinor,
          extras: checkout.extras,
          extrasMinor: figures.extrasMinor,
          discountMinor: figures.discountMinor,
          paidBeforeMinor: figures.paidBeforeMinor,
          tipMinor: figures.tipMinor,
          paidNowMinor: figures.paidNowMinor,
          currency: checkout.currency,
          actorUid: checkout.actorUid,
          actorName: checkout.actorName,
        })
        .returning()
      if (!row) throw new Error('A checkout insert returned nothing.')
      return row
    },
  }
}
