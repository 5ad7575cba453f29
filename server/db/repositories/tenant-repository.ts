import { eq } from 'drizzle-orm'
import { TRIAL_PLAN_ID, trialEndFrom } from '../../domain/plan-in-force.ts'
import type { Db } from '../database.ts'
import { billingAccounts, tenantSettings, tenantSlugRedirects, tenants } from '../schema.ts'

export type Tenant = typeof tenants.$inferSelect
export type NewTenant = typeof tenants.$inferInsert

export function createTenantRepository(db: Db) {
  return {
    async findBySlug(slug: string): Promise<Tenant | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
      return row
    },

    /**
     * The business with this public slug, or the one that had it before a change (an old
     * booking link keeps working); the current holder of a slug always wins.
     */
    async findBySlugOrFormer(slug: string): Promise<Tenant | undefined> {
      const current = await this.findBySlug(slug)
      if (current) return current
      const [row] = await db
        .select({ tenant: tenants })
        .from(tenantSlugRedirects)
        .innerJoin(tenants, eq(tenants.id, tenantSlugRedirects.tenantId))
        .where(eq(tenantSlugRedirects.oldSlug, slug))
        .limit(1)
      return row?.tenant
    },

    /**
     * Creates the tenant, with its default settings and its billing account on the card-less
     * trial, unless its slug is taken, in which case it returns undefined. Run it inside a
     * transaction so the rows come together.
     */
    async createIfSlugFree(tenant: NewTenant): Promise<Tenant | undefined> {
      const [row] = await db
        .insert(tenants)
        .values(tenant)
        .onConflictDoNothing({ target: tenants.slug })
        .returning()
      if (row) {
        await db.insert(tenantSettings).values({ tenantId: row.id })
        await db.insert(billingAccounts).values({
          tenantId: row.id,
          planId: TRIAL_PLAN_ID,
          trialEndsAt: trialEndFrom(new Date()),
        })
      }
      return row
    },
  }
}
