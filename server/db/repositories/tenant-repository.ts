import { eq } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { tenantSettings, tenants } from '../schema.ts'

export type Tenant = typeof tenants.$inferSelect
export type NewTenant = typeof tenants.$inferInsert

export function createTenantRepository(db: Db) {
  return {
    async findBySlug(slug: string): Promise<Tenant | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
      return row
    },

    /**
     * Creates the tenant, with its default settings, unless its slug is taken, in which case it
     * returns undefined. Run it inside a transaction so the two rows come together.
     */
    async createIfSlugFree(tenant: NewTenant): Promise<Tenant | undefined> {
      const [row] = await db
        .insert(tenants)
        .values(tenant)
        .onConflictDoNothing({ target: tenants.slug })
        .returning()
      if (row) await db.insert(tenantSettings).values({ tenantId: row.id })
      return row
    },
  }
}
