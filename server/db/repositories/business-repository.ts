import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { services, teamMembers, tenantSlugRedirects, tenants } from '../schema.ts'

export type BusinessRow = typeof tenants.$inferSelect
export type BusinessValues = Pick<
  typeof tenants.$inferInsert,
  'name' | 'slug' | 'timeZone' | 'currency' | 'locale' | 'address' | 'phone' | 'email'
>

export function createBusinessRepository(db: Db) {
  return {
    async get(tenantId: string): Promise<BusinessRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId))
      return row
    },

    /** The current row, locked until the transaction ends so a before/after diff is exact. */
    async lock(tenantId: string): Promise<BusinessRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).for('update')
      return row
    },

    /** Whether another business already has this public slug. */
    /** Keeps a slug the business gave up, so its old booking links still find it. */
    async recordFormerSlug(tenantId: string, oldSlug: string): Promise<void> {
      await db
        .insert(tenantSlugRedirects)
        .values({ oldSlug, tenantId })
        .onConflictDoUpdate({ target: tenantSlugRedirects.oldSlug, set: { tenantId } })
    },

    async isSlugTaken(slug: string, exceptTenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.slug, slug), ne(tenants.id, exceptTenantId)))
        .limit(1)
      return row !== undefined
    },

    async update(tenantId: string, values: BusinessValues): Promise<BusinessRow> {
      const [row] = await db
        .update(tenants)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tenants.id, tenantId))
        .returning()
      if (!row) throw new Error('Updating the business returned no row.')
      return row
    },

    /**
     * Prices are kept in the business currency: when it changes, the services' prices keep
     * their amounts and take the new currency. Returns how many services changed.
     */
    /** The business's services whose payment rule charges customers, with what it needs. */
    async servicesThatCharge(tenantId: string) {
      return db
        .select({
          name: services.name,
          priceMinor: services.priceMinor,
          kind: services.paymentRule,
          depositAmountMinor: services.depositAmountMinor,
          depositPercent: services.depositPercent,
          noShowFeeMinor: services.noShowFeeMinor,
        })
        .from(services)
        .where(and(eq(services.tenantId, tenantId), ne(services.paymentRule, 'none')))
        .orderBy(services.name)
    },

    async moveServicePricesTo(tenantId: string, currency: string): Promise<number> {
      const moved = await db
        .update(services)
        .set({ currency, updatedAt: sql`now()` })
        .where(and(eq(services.tenantId, tenantId), ne(services.currency, currency)))
        .returning({ id: services.id })
      return moved.length
    },

    /** Hides the dashboard's set-up checklist for good (the first dismissal's time is kept). */
    async dismissSetupChecklist(tenantId: string): Promise<void> {
      await db
        .update(tenants)
        .set({
          setupChecklistDismissedAt: sql`coalesce(${tenants.setupChecklistDismissedAt}, now())`,
        })
        .where(eq(tenants.id, tenantId))
    },

    /**
     * Moves every team member still on the zone `from` to `to`. Their working hours are
     * wall-clock times, so they keep reading 09:00–17:00, now in the new zone.
     */
    async moveTeamMembersZone(
      tenantId: string,
      from: string,
      to: string,
    ): Promise<{ id: string; name: string }[]> {
      return db
        .update(teamMembers)
        .set({ timeZone: to, updatedAt: sql`now()` })
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.timeZone, from)))
        .returning({ id: teamMembers.id, name: teamMembers.name })
    },
  }
}
