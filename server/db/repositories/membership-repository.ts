import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { memberships, type Permission, teamMembers, tenants, users } from '../schema.ts'

/** How stale users.last_seen_at may get before a call refreshes it. */
const LAST_SEEN_GRANULARITY = sql`interval '1 minute'`

/**
 * Team members whose invitation a user with this verified e-mail takes up: not accepted, not
 * withdrawn, and in a business where the user is not already someone else on the team (one
 * user is one team member per business).
 */
function acceptableInvitation(email: string, uid: string): SQL {
  // Inside the subquery the alias hides the table's own name, so "team_members" there is the
  // outer row.
  return sql`(lower(${teamMembers.email}) = lower(${email})
    and ${teamMembers.userUid} is null
    and ${teamMembers.invitationWithdrawnAt} is null
    and not exists (select 1 from ${teamMembers} as linked where linked.tenant_id = ${teamMembers.tenantId} and linked.user_uid = ${uid}))`
}

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
     * The business a user works in. A user in several businesses gets the one
     * they joined first until the app lets them switch. Removed access does not count.
     */
    async findCurrentForUser(userUid: string) {
      const [row] = await db
        .select({ permission: memberships.permission, tenant: tenants })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
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

    /**
     * What a returning user's call needs to know in one read: their current membership (the
     * same "current business" rule as findCurrentForUser), their own team-member record there,
     * what we stored from their last token, whether last_seen_at is fresh, and whether an
     * invitation waits for `verifiedEmail`. Undefined when they have no access.
     */
    async findSignedInState(uid: string, verifiedEmail: string | null) {
      const invitationPending = verifiedEmail
        ? sql<boolean>`exists (select 1 from ${teamMembers} where ${acceptableInvitation(verifiedEmail, uid)})`
        : sql<boolean>`false`
      const [row] = await db
        .select({
          email: users.email,
          displayName: users.displayName,
          lastAuthTime: users.lastAuthTime,
          seenRecently: sql<boolean>`${users.lastSeenAt} > now() - ${LAST_SEEN_GRANULARITY}`,
          invitationPending,
          tenantId: memberships.tenantId,
          permission: memberships.permission,
          teamMemberId: teamMembers.id,
        })
        .from(users)
        .innerJoin(
          memberships,
          and(eq(memberships.userUid, users.uid), isNull(memberships.revokedAt)),
        )
        .leftJoin(
          teamMembers,
          and(eq(teamMembers.tenantId, memberships.tenantId), eq(teamMembers.userUid, users.uid)),
        )
        .where(eq(users.uid, uid))
        .orderBy(asc(memberships.createdAt), asc(memberships.tenantId))
        .limit(1)
      return row
    },

    /**
     * Links every team member whose invitation this user's verified e-mail takes up to the
     * user, and returns those records; the caller grants their access.
     */
    async acceptInvitations(email: string, uid: string) {
      return db
        .update(teamMembers)
        .set({ userUid: uid, updatedAt: sql`now()` })
        .where(acceptableInvitation(email, uid))
        .returning()
    },

    /** The user's permission in the business while their access lasts; undefined otherwise. */
    async activePermission(tenantId: string, userUid: string): Promise<Permission | undefined> {
      const [row] = await db
        .select({ permission: memberships.permission })
        .from(memberships)
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.userUid, userUid),
            isNull(memberships.revokedAt),
          ),
        )
      return row?.permission
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
