import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { paymentAccounts } from '../schema.ts'

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect
/** What a sync writes: Stripe's view of the connected account. */
export type PaymentAccountMirror = Pick<
  PaymentAccountRow,
  'status' | 'chargesEnabled' | 'payoutsEnabled' | 'detailsSubmitted' | 'requirementsDue'
>

/** Each business's connected Stripe account (one at most), as last read from Stripe. */
export function createPaymentAccountRepository(db: Db) {
  return {
    async find(
      tenantId: string,
      options: { lock?: boolean } = {},
    ): Promise<PaymentAccountRow | undefined> {
      const query = db.select().from(paymentAccounts).where(eq(paymentAccounts.tenantId, tenantId))
      const [row] = await (options.lock ? query.for('update') : query)
      return row
    },

    async findByStripeAccount(stripeAccountId: string): Promise<PaymentAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.stripeAccountId, stripeAccountId))
      return row
    },

    /**
     * Keeps the business's account unless it already has one: of two requests racing to connect,
     * the first row stays. Answers whether this call's row was the one kept.
     */
    async insertIfAbsent(
      tenantId: string,
      stripeAccountId: string,
      mirror: PaymentAccountMirror,
    ): Promise<boolean> {
      const rows = await db
        .insert(paymentAccounts)
        .values({ tenantId, stripeAccountId, ...mirror })
        .onConflictDoNothing()
        .returning({ tenantId: paymentAccounts.tenantId })
      return rows.length === 1
    },

    /**
     * Puts a new Stripe account in place of a disconnected one. Only the request that still
     * finds the old account replaces it: of two racing reconnections the first one's row stays.
     */
    async replaceDisconnected(
      tenantId: string,
      previousStripeAccountId: string,
      stripeAccountId: string,
      mirror: PaymentAccountMirror,
    ): Promise<boolean> {
      const rows = await db
        .update(paymentAccounts)
        .set({ stripeAccountId, ...mirror, updatedAt: sql`now()` })
        .where(
          and(
            eq(paymentAccounts.tenantId, tenantId),
            eq(paymentAccounts.stripeAccountId, previousStripeAccountId),
            eq(paymentAccounts.status, 'disconnected'),
          ),
        )
        .returning({ tenantId: paymentAccounts.tenantId })
      return rows.length === 1
    },

    async mirror(tenantId: string, mirror: PaymentAccountMirror): Promise<void> {
      await db
        .update(paymentAccounts)
        .set({ ...mirror, updatedAt: sql`now()` })
        .where(eq(paymentAccounts.tenantId, tenantId))
    },
  }
}
