import { planAllows } from '../../../shared/plan-limits.ts'
import type { Db } from '../../db/database.ts'
import { createPaymentAccountRepository } from '../../db/repositories/payment-account-repository.ts'
import { loadCurrentPlan, planView } from '../billing/current-plan.ts'

/** A feature decision reads no usage figures. */
const NO_USAGE = { bookable_team_members: 0 }

/**
 * The one decision whether a business's bookings charge their service's payment rule now:
 * its Stripe account is active and its plan in force includes paid bookings. The booking page's
 * catalogue shows a charge only then, and booking charges only then, so the two never
 * disagree. Answers the connected account to charge, or null (services are booked unpaid).
 */
export async function accountChargedAtBooking(
  db: Db,
  tenantId: string,
): Promise<{ stripeAccountId: string } | null> {
  const account = await createPaymentAccountRepository(db).find(tenantId)
  if (account?.status !== 'active') return null
  const current = await loadCurrentPlan(db, tenantId, new Date())
  if (!planAllows(planView(current.plan), NO_USAGE, 'feature.paid_bookings').allowed) return null
  return { stripeAccountId: account.stripeAccountId }
}
