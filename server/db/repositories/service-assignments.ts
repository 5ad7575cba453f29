import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { serviceTeamMembers } from '../schema.ts'

/**
 * Who performs what, read from one side of `service_team_members`: for each given service id
 * the ids of its team members (`from: 'service'`), or for each given team-member id the ids
 * of their services (`from: 'teamMember'`). Ids come back sorted, so two reads compare equal.
 */
export async function readAssignments(
  db: Db,
  tenantId: string,
  from: 'service' | 'teamMember',
  ids: string[],
): Promise<Map<string, string[]>> {
  const assigned = new Map<string, string[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return assigned
  const [key, other] =
    from === 'service'
      ? [serviceTeamMembers.serviceId, serviceTeamMembers.teamMemberId]
      : [serviceTeamMembers.teamMemberId, serviceTeamMembers.serviceId]
  const links = await db
    .select({ key, other })
    .from(serviceTeamMembers)
    .where(and(eq(serviceTeamMembers.tenantId, tenantId), inArray(key, ids)))
  for (const link of links) assigned.get(link.key)?.push(link.other)
  for (const list of assigned.values()) list.sort()
  return assigned
}
