import { eq } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { paymentAccounts } from '../schema.ts'

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect

/** A business's connected Stripe account (one per business; none until it connects one). */
export function createPaymentAccountRepository(db: Db) {
  return {
    async find(tenantId: string): Promise<PaymentAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.tenantId, tenantId))
      return row
    },
  }
}
