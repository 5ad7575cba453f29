import { and, eq } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { teamMembers, tenants } from '../schema.ts'

/** The team member a private calendar feed belongs to, with what its token and title need. */
export interface FeedHolder {
  id: string
  tenantId: string
  name: string
  feedVersion: number
  businessName: string
}

/**
 * The holder of the feed of `teamMemberId`; limited to `tenantId` when the caller is a
 * signed-in member, across businesses for the public, token-checked feed itself.
 */
export async function findFeedHolder(
  db: Db,
  where: { teamMemberId: string; tenantId?: string },
): Promise<FeedHolder | null> {
  const [row] = await db
    .select({
      id: teamMembers.id,
      tenantId: teamMembers.tenantId,
      name: teamMembers.name,
      feedVersion: teamMembers.calendarFeedVersion,
      businessName: tenants.name,
    })
    .from(teamMembers)
    .innerJoin(tenants, eq(tenants.id, teamMembers.tenantId))
    .where(
      and(
        eq(teamMembers.id, where.teamMemberId),
        where.tenantId ? eq(teamMembers.tenantId, where.tenantId) : undefined,
      ),
    )
  return row ?? null
}
