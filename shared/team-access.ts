/**
 * Who has access to a business through a team-member record, and who may change that. Pure and
 * shared: the server derives the status and enforces the rules, the staff app shows the status
 * and offers only the actions the rules allow.
 */
import { can, type Permission } from './permissions.ts'

/**
 * - `none`: no e-mail, so nobody can sign in as this team member.
 * - `invited`: nobody has signed in with the e-mail yet; the first verified sign-in joins.
 * - `invitation_withdrawn`: the invitation was withdrawn; signing in with the e-mail joins nothing.
 * - `active`: a user signed in with it and has access.
 * - `removed`: that user's access was removed; the record stays for the history.
 */
export type AccessStatus = 'none' | 'invited' | 'invitation_withdrawn' | 'active' | 'removed'

export interface AccessRecord {
  email: string | null
  userUid: string | null
  invitedAt: Date
  invitationWithdrawnAt: Date | null
}

/** The linked user's membership of the business (absent for a record nobody accepted). */
export interface AccessGrant {
  grantedAt: Date
  revokedAt: Date | null
}

/** The record's access status and when it began (null for `none`). */
export function accessOf(
  record: AccessRecord,
  grant: AccessGrant | undefined,
): { status: AccessStatus; since: Date | null } {
  if (record.userUid) {
    // A linked record without a membership lost it before revocations were kept.
    if (!grant) return { status: 'removed', since: null }
    return grant.revokedAt
      ? { status: 'removed', since: grant.revokedAt }
      : { status: 'active', since: grant.grantedAt }
  }
  if (!record.email) return { status: 'none', since: null }
  return record.invitationWithdrawnAt
    ? { status: 'invitation_withdrawn', since: record.invitationWithdrawnAt }
    : { status: 'invited', since: record.invitedAt }
}

/** Statuses in which someone can sign in to the business, or will on their first sign-in. */
export function isOpen(status: AccessStatus): boolean {
  return status === 'active' || status === 'invited'
}

export interface AccessActor {
  permission: Permission
  /** The actor's own team-member record, if they have one. */
  teamMemberId: string | null
}

export interface AccessTarget {
  id: string
  permission: Permission
}

export type AccessRefusal = { status: 403; detail: string } | { status: 409; detail: string } | null

/**
 * Whether `actor` may end (`remove`) or give back (`restore`) the access of `target`, or why
 * not. Owners and admins manage access; only an owner touches an owner's; nobody removes their
 * own (that would lock them out with nobody to let them back). The business's last owner is
 * protected separately, under a lock, by the server.
 */
export function accessChangeRefusal(
  actor: AccessActor,
  target: AccessTarget,
  change: 'remove' | 'restore',
): AccessRefusal {
  if (!can(actor.permission, 'team.write')) {
    return { status: 403, detail: "You don't have permission to change who has access." }
  }
  if (target.permission === 'owner' && !can(actor.permission, 'ownership.manage')) {
    return { status: 403, detail: "Only an owner can change an owner's access." }
  }
  if (change === 'remove' && actor.teamMemberId === target.id) {
    return {
      status: 409,
      detail: 'You cannot remove your own access; ask another owner or admin to do it.',
    }
  }
  return null
}
