import { asc, eq } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { memberships, type Permission, plans, tenants } from '../schema.ts'

export function createMembershipRepository(db: Db) {
  return {
    async create(membership: { tenantId: string; userUid: string; permission: Permission }) {
      await db.insert(memberships).values(membership)
    },

    /**
     * The business a user works in, with its plan. A user in several businesses gets the one
     * they joined first until the app lets them switch.
     */
    async findCurrentForUser(userUid: string) {
      const [row] = await db
        .select({ permission: memberships.permission, tenant: tenants, planName: plans.name })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .innerJoin(plans, eq(plans.id, tenants.planId))
        .where(eq(memberships.userUid, userUid))
        .orderBy(asc(memberships.createdAt), asc(memberships.tenantId))
        .limit(1)
      return row
    },
  }
}
