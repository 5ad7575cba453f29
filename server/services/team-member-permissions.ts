/**
 * Who may change which team member, beyond the capability the route checked: ownership is
 * an owner's to give or take, and staff edit only part of their own record.
 */
import { can, selfEditableTeamMemberFields } from '../../shared/permissions.ts'
import type { TeamMemberRecord } from '../db/repositories/team-member-repository.ts'
import type { Member } from '../domain/member.ts'
import { forbidden, Refusal } from '../domain/refusal.ts'

/** Only an owner touches ownership; the 403 reads like every other missing capability. */
export function requireOwnership(member: Member, what: string): void {
  if (!can(member.permission, 'ownership.manage')) {
    throw forbidden(`You don't have permission to ${what}.`)
  }
}

/**
 * Owners and admins change anyone; only an owner touches ownership (who is an owner, and an
 * owner's e-mail, which is where a pending owner invitation would go). Staff change only
 * their own name, bio, time zone and working hours: other fields sent unchanged are fine,
 * so a form that posts everything still works.
 */
export function authorizeUpdate(
  member: Member,
  target: TeamMemberRecord,
  proposed: TeamMemberRecord,
  changed: string[],
): void {
  if (!can(member.permission, 'team.write')) {
    const isSelf = member.teamMemberId === target.id && can(member.permission, 'team.writeSelf')
    if (!isSelf) throw forbidden('You can change only your own team-member profile.')
    const selfEditable: readonly string[] = selfEditableTeamMemberFields
    const refused = changed.filter((field) => !selfEditable.includes(field))
    if (refused.length > 0) {
      throw new Refusal(
        'forbidden',
        `You can change only your own name, bio, time zone and working hours, not ${refused.join(', ')}.`,
        {
          errors: refused.map((field) => ({
            path: `body.${field}`,
            message: 'cannot be changed by staff',
          })),
        },
      )
    }
    return
  }
  const ownershipChanges =
    changed.includes('permission') &&
    (target.permission === 'owner' || proposed.permission === 'owner')
  if (ownershipChanges) {
    requireOwnership(member, 'change who owns the business')
  }
  if (target.permission === 'owner' && changed.includes('email')) {
    requireOwnership(member, "change an owner's e-mail")
  }
}
