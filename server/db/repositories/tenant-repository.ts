import { eq } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { tenants } from '../schema.ts'

export type Tenant = typeof tenants.$inferSelect
export type NewTenant = typeof tenants.$inferInsert

export function createTenantRepository(db: Db) {
  return {
    async findBySlug(slug: string): Promise<Tenant | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
      return row
    },

    /** Creates the tenant unless its slug is taken, in which case it returns undefined. */
    async createIfSlugFree(tenant: NewTenant): Promise<Tenant | undefined> {
      const [row] = await db
        .insert(tenants)
        .values(tenant)
        .onConflictDoNothing({ target: tenants.slug })
        .returning()
      return row
    },
  }
}
