import { Link } from 'wouter'
import { can } from '../../../shared/permissions'
import type { Profile } from '../../machines/auth.machine'
import type { TeamFormAccess } from './team-member-form'
import type { TeamMember } from './team-member-values'

export function teamFormAccess(profile: Profile): TeamFormAccess {
  return {
    canWriteTeam: can(profile.permission, 'team.write'),
    canManageOwnership: can(profile.permission, 'ownership.manage'),
  }
}

/** Whether this record is the signed-in user's own (the one linked to their account). */
export function isOwnRecord(member: Pick<TeamMember, 'id'>, profile: Profile): boolean {
  return profile.team_member_id !== null && member.id === profile.team_member_id
}

/** Whether the user may open this member's edit page at all. */
export function canOpenTeamMember(member: Pick<TeamMember, 'id'>, profile: Profile): boolean {
  return can(profile.permission, 'team.write') || isOwnRecord(member, profile)
}

export function TeamReadOnlyNotice({ children }: { children: string }) {
  return (
    <div className="p-card p-stack-sm" role="status">
      <p>{children}</p>
      <p>
        <Link href="/team">Back to the team</Link>
      </p>
    </div>
  )
}
