import { can } from '../../../shared/permissions.ts'
import type { Db } from '../../db/database.ts'
import { type FeedHolder, findFeedHolder } from '../../db/read-models/calendar-feed-holders.ts'
import { createMembershipRepository } from '../../db/repositories/membership-repository.ts'
import { createTeamMemberRepository } from '../../db/repositories/team-member-repository.ts'
import type { Member } from '../../domain/member.ts'
import { forbidden } from '../../domain/refusal.ts'
import type { OAuthStateClaims } from '../../security/oauth-state.ts'
import { teamMemberNotFound } from '../team-member-views.ts'

/*
 * Whose calendars a member may manage: their own, or anyone's for whoever may edit the team
 * (owners, admins). A calendar holds a person's private life, so staff never see another's.
 */

/** The team member whose calendars are asked for, in the caller's business; 404, then 403. */
export async function calendarsHolder(
  db: Db,
  member: Member,
  teamMemberId: string,
): Promise<FeedHolder> {
  const holder = await findFeedHolder(db, { teamMemberId, tenantId: member.tenantId })
  if (!holder) throw teamMemberNotFound()
  if (member.teamMemberId !== holder.id && !can(member.permission, 'team.write')) {
    throw forbidden("You don't have permission to manage other team members' calendars.")
  }
  return holder
}

/**
 * The member a consent's signed state names, as they are now: the callback has no token, so
 * the user's access is looked up again (removed access, or a lower permission, no longer
 * connects anything). Undefined when they may no longer manage that member's calendars.
 */
export async function memberOfState(db: Db, claims: OAuthStateClaims): Promise<Member | undefined> {
  const permission = await createMembershipRepository(db).activePermission(
    claims.tenantId,
    claims.uid,
  )
  if (!permission) return undefined
  const member: Member = {
    tenantId: claims.tenantId,
    uid: claims.uid,
    permission,
    teamMemberId:
      (await createTeamMemberRepository(db).findIdOfUser(claims.tenantId, claims.uid)) ?? null,
    actor: { uid: claims.uid, name: null, email: null },
  }
  return calendarsHolder(db, member, claims.teamMemberId).then(
    () => member,
    () => undefined,
  )
}
