import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { memberships, type Permission, plans, tenants } from '../schema.ts'

/**
 * Users' access to businesses. A membership whose `revoked_at` is set is access that was
 * removed: it grants nothing, and only tells the user's next call why it is refused.
 */
export function createMembershipRepository(db: Db) {
  return {
    async create(membership: { tenantId: string; userUid: string; permission: Permission }) {
      await db.insert(memberships).values(membership)
    },

    /**
     * The business a user works in, with its plan. A user in several businesses gets the one
     * they joined first until the app lets them switch. Removed access does not count.
     */
    async findCurrentForUser(userUid: string) {
      const [row] = await db
        .select({ permission: memberships.permission, tenant: tenants, planName: plans.name })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .innerJoin(plans, eq(plans.id, tenants.planId))
        .where(and(eq(memberships.userUid, userUid), isNull(memberships.revokedAt)))
        .orderBy(asc(memberships.createdAt), asc(memberships.tenantId))
        .limit(1)
      return row
    },

    /** The business whose access the user lost most recently, if they ever lost any. */
    async findLatestRemovalForUser(userUid: string) {
      const [row] = await db
        .select({
          businessName: tenants.name,
          timeZone: tenants.timeZone,
          revokedAt: memberships.revokedAt,
        })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(and(eq(memberships.userUid, userUid), isNotNull(memberships.revokedAt)))
        .orderBy(desc(memberships.revokedAt))
        .limit(1)
      if (!row?.revokedAt) return undefined
      return { ...row, revokedAt: row.revokedAt }
    },

    /**
     * Gives the user access with this permission: a new membership, or removed access given
     * back (then it counts as granted now). Access that lasts is left as it is.
     */
    async grant(membership: { tenantId: string; userUid: string; permission: Permission }) {
      const lasting = sql`${memberships.revokedAt} is null`
      await db
        .insert(memberships)
        .values(membership)
        .onConflictDoUpdate({
          target: [memberships.tenantId, memberships.userUid],
          set: {
            permission: sql`case when ${lasting} then ${memberships.permission} else excluded.permission end`,
            grantedAt: sql`case when ${lasting} then ${memberships.grantedAt} else now() end`,
            revokedAt: null,
          },
        })
    },

    /** Ends the user's access to the business; false when there was none to end. */
    async revoke(tenantId: string, userUid: string): Promise<boolean> {
      const ended = await db
        .update(memberships)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.userUid, userUid),
            isNull(memberships.revokedAt),
          ),
        )
        .returning({ uid: memberships.userUid })
      return ended.length > 0
    },

    /** When each of these users' access to the business began or was removed. */
    async grantsOf(tenantId: string, userUids: readonly string[]) {
      if (userUids.length === 0) return new Map<string, AccessDates>()
      const rows = await db
        .select({
          userUid: memberships.userUid,
          grantedAt: memberships.grantedAt,
          revokedAt: memberships.revokedAt,
        })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userUid, [...userUids])))
      return new Map<string, AccessDates>(
        rows.map((row) => [row.userUid, { grantedAt: row.grantedAt, revokedAt: row.revokedAt }]),
      )
    },
  }
}

export interface AccessDates {
  grantedAt: Date
  revokedAt: Date | null
}
