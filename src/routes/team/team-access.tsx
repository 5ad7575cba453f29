import { Link } from 'wouter'
import { can } from '../../../server/domain/permissions'
import type { Profile } from '../../machines/auth.machine'
import type { TeamFormAccess } from './team-member-form'
import type { TeamMember } from './team-member-values'

export function teamFormAccess(profile: Profile): TeamFormAccess {
  return {
    canWriteTeam: can(profile.permission, 'team.write'),
    canManageOwnership: can(profile.permission, 'ownership.manage'),
  }
}

/**
 * Whether this record is the signed-in user's own: linked (invitation accepted) to their
 * e-mail. Staff may open only that one; the server decides by the linked account.
 */
export function isOwnRecord(
  member: Pick<TeamMember, 'email' | 'invitation'>,
  profile: Profile,
): boolean {
  const mine = profile.user.email?.toLowerCase()
  return Boolean(mine) && member.invitation === 'accepted' && member.email?.toLowerCase() === mine
}

/** Whether the user may open this member's edit page at all. */
export function canOpenTeamMember(
  member: Pick<TeamMember, 'email' | 'invitation'>,
  profile: Profile,
): boolean {
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
