import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { billingAccounts, plans, stripeEvents, teamMembers } from '../schema.ts'

export type PlanRow = typeof plans.$inferSelect
export type BillingAccountRow = typeof billingAccounts.$inferSelect
/** What a sync writes: Stripe's view of the subscription. */
export type SubscriptionMirror = Pick<
  BillingAccountRow,
  | 'planId'
  | 'stripeSubscriptionId'
  | 'stripeStatus'
  | 'billingInterval'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'trialEndsAt'
  | 'trialEndNotedAt'
>

/** Plans, each business's billing account, and the Stripe events already processed. */
export function createBillingRepository(db: Db) {
  return {
    listPlans(): Promise<PlanRow[]> {
      return db.select().from(plans).orderBy(asc(plans.position), asc(plans.id))
    },

    async findPlan(id: string): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1)
      return row
    },

    /** The plan and interval a Stripe price's lookup key stands for. */
    async findPlanByLookupKey(
      lookupKey: string,
    ): Promise<{ plan: PlanRow; interval: 'month' | 'year' } | undefined> {
      const [row] = await db
        .select()
        .from(plans)
        .where(
          or(
            eq(plans.stripeMonthlyLookupKey, lookupKey),
            eq(plans.stripeYearlyLookupKey, lookupKey),
          ),
        )
        .limit(1)
      if (!row) return undefined
      return { plan: row, interval: row.stripeMonthlyLookupKey === lookupKey ? 'month' : 'year' }
    },

    /**
     * The business's billing account. `lock` holds it until the transaction ends: every
     * change that depends on the plan (adding a bookable team member, a sync) takes it first,
     * so two of them cannot both pass a limit that only one fits in.
     */
    async findAccount(
      tenantId: string,
      options: { lock?: boolean } = {},
    ): Promise<BillingAccountRow | undefined> {
      const query = db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.tenantId, tenantId))
        .limit(1)
      const [row] = options.lock ? await query.for('update') : await query
      return row
    },

    async findAccountByCustomer(stripeCustomerId: string): Promise<BillingAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.stripeCustomerId, stripeCustomerId))
        .limit(1)
      return row
    },

    /** Sets the Stripe customer once; returns the one now stored (another request's, if it won). */
    async setCustomer(tenantId: string, stripeCustomerId: string): Promise<string> {
      const [row] = await db
        .update(billingAccounts)
        .set({ stripeCustomerId, updatedAt: sql`now()` })
        .where(
          and(
            eq(billingAccounts.tenantId, tenantId),
            sql`${billingAccounts.stripeCustomerId} is null`,
          ),
        )
        .returning({ id: billingAccounts.stripeCustomerId })
      if (row?.id) return row.id
      const existing = await this.findAccount(tenantId)
      if (!existing?.stripeCustomerId) throw new Error(`Billing account ${tenantId} vanished.`)
      return existing.stripeCustomerId
    },

    async mirrorSubscription(tenantId: string, mirror: SubscriptionMirror, at: Date) {
      await db
        .update(billingAccounts)
        .set({ ...mirror, syncedAt: at, updatedAt: sql`now()` })
        .where(eq(billingAccounts.tenantId, tenantId))
    },

    async isEventRecorded(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, id))
        .limit(1)
      return rows.length === 1
    },

    /**
     * Trials that ended and were not yet told, locked with `FOR UPDATE SKIP LOCKED` so any number
     * of processes can tell them, each once.
     */
    lockUnnotedEndedTrials(now: Date, limit: number): Promise<BillingAccountRow[]> {
      return db
        .select()
        .from(billingAccounts)
        .where(and(lte(billingAccounts.trialEndsAt, now), isNull(billingAccounts.trialEndNotedAt)))
        .orderBy(asc(billingAccounts.trialEndsAt))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    async noteTrialEnd(tenantId: string, at: Date): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ trialEndNotedAt: at, updatedAt: sql`now()` })
        .where(eq(billingAccounts.tenantId, tenantId))
    },

    /** Remembers an event; false when it was processed before. */
    async recordEvent(event: { id: string; type: string; tenantId: string | null }) {
      const rows = await db
        .insert(stripeEvents)
        .values(event)
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id })
      return rows.length === 1
    },

    async countBookableTeamMembers(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.bookable, true)))
      return row?.count ?? 0
    },

    /** Where billing e-mails go: every owner of the business with an e-mail. */
    async ownerAddresses(tenantId: string): Promise<{ name: string; email: string }[]> {
      const rows = await db
        .select({ name: teamMembers.name, email: teamMembers.email })
        .from(teamMembers)
        .where(
          and(
            eq(teamMembers.tenantId, tenantId),
            eq(teamMembers.permission, 'owner'),
            isNotNull(teamMembers.email),
          ),
        )
      return rows.flatMap((row) => (row.email ? [{ name: row.name, email: row.email }] : []))
    },
  }
}
