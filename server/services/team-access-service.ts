import type { components } from '../../shared/contract/schema.d.ts'
import { type AccessStatus, accessChangeRefusal, accessOf } from '../../shared/team-access.ts'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createMembershipRepository } from '../db/repositories/membership-repository.ts'
import {
  createTeamMemberRepository,
  type TeamMemberRecord,
} from '../db/repositories/team-member-repository.ts'
import { createUserRepository } from '../db/repositories/user-repository.ts'
import type { Actor, Member } from '../domain/member.ts'
import { conflict, forbidden, type Refusal } from '../domain/refusal.ts'
import { notifyProfileChange } from '../realtime/live-events.ts'
import { teamMemberNotFound, teamMemberViews } from './team-member-views.ts'

type TeamMember = components['schemas']['TeamMember']

export interface AccessChange {
  before: AccessStatus
  after: AccessStatus
}

/**
 * What a team-member record gives — a user's access, or an invitation — changed inside the
 * caller's transaction, each change in the activity log. Ending a user's access revokes their
 * membership (kept, so their next call is told why it is refused), replaces the member's
 * calendar feed address, and NOTIFYs the business's live sockets, whose processes close that
 * user's at once. The caller has checked who may do it and row-locked the record.
 */
export function createTeamAccess(tx: Db, tenantId: string, actor: Actor) {
  const memberships = createMembershipRepository(tx)
  const team = createTeamMemberRepository(tx)

  async function statusOf(record: TeamMemberRecord): Promise<AccessStatus> {
    const grants = record.userUid ? await memberships.grantsOf(tenantId, [record.userUid]) : null
    return accessOf(record, record.userUid ? grants?.get(record.userUid) : undefined).status
  }

  async function endAccountAccess(record: TeamMemberRecord, userUid: string): Promise<void> {
    await memberships.revoke(tenantId, userUid)
    await team.replaceCalendarFeed(tenantId, record.id)
    await notifyProfileChange(tx, tenantId)
  }

  async function log(record: TeamMemberRecord, change: AccessChange, summary: string) {
    await createActivityRepository(tx).record({
      tenantId,
      actor,
      entityType: 'team_member',
      entityId: record.id,
      action: 'updated',
      summary,
      changes: [{ field: 'access', before: change.before, after: change.after }],
    })
  }

  return {
    statusOf,

    /**
     * Removes the linked user's access, or withdraws the pending invitation; null when there
     * was nothing open. Refuses (409) the business's last owner and a record without an e-mail.
     */
    async remove(record: TeamMemberRecord): Promise<AccessChange | null> {
      const before = await statusOf(record)
      if (before === 'none') throw nothingToChange(record)
      if (before === 'active' && record.userUid) {
        await refuseEndingLastOwner(tx, tenantId, record, 'remove their access')
        await endAccountAccess(record, record.userUid)
        const change: AccessChange = { before, after: 'removed' }
        await log(record, change, `Removed ${record.name}'s access to the business`)
        return change
      }
      if (before === 'invited') {
        await team.withdrawInvitation(tenantId, record.id)
        const change: AccessChange = { before, after: 'invitation_withdrawn' }
        await log(record, change, `Withdrew the invitation of ${record.name} (${record.email})`)
        return change
      }
      return null
    },

    /**
     * Gives removed access back to the same account, with the record's permission, or opens a
     * withdrawn invitation again; null when access or the invitation is already open.
     */
    async restore(record: TeamMemberRecord): Promise<AccessChange | null> {
      const before = await statusOf(record)
      if (before === 'none') throw nothingToChange(record)
      if (before === 'removed' && record.userUid) {
        await memberships.grant({
          tenantId,
          userUid: record.userUid,
          permission: record.permission,
        })
        await notifyProfileChange(tx, tenantId)
        const change: AccessChange = { before, after: 'active' }
        await log(record, change, `Restored ${record.name}'s access as ${record.permission}`)
        return change
      }
      if (before === 'invitation_withdrawn') {
        await team.reopenInvitation(tenantId, record.id)
        const change: AccessChange = { before, after: 'invited' }
        await log(record, change, `Invited ${record.name} again (${record.email})`)
        return change
      }
      return null
    },

    /**
     * Access follows the e-mail. Call with the record as it was, before its new e-mail is
     * saved: the account that accepted the old address loses its access (unless it now signs in
     * with the new one), and the new address is invited — or stays closed when access had been
     * removed or withdrawn. Refuses (409) ending the requester's own access or the last owner's.
     */
    async followEmailChange(
      existing: TeamMemberRecord,
      newEmail: string | null,
      requesterTeamMemberId: string | null,
    ): Promise<void> {
      const before = await statusOf(existing)
      if (existing.userUid && newEmail) {
        const account = await createUserRepository(tx).find(existing.userUid)
        // The person changed their sign-in address and the team follows: same account.
        if (account?.email && account.email.toLowerCase() === newEmail.toLowerCase()) return
      }
      const closed = before === 'removed' || before === 'invitation_withdrawn'
      const after: AccessStatus = newEmail ? (closed ? 'invitation_withdrawn' : 'invited') : 'none'
      if (before === 'active' && existing.userUid) {
        if (requesterTeamMemberId === existing.id) {
          throw conflict(
            'Changing your own e-mail here would end your access: the new address would have to accept an invitation. Ask another owner or admin to change it.',
            { errors: [{ path: 'body.email', message: 'would end your own access' }] },
          )
        }
        await refuseEndingLastOwner(tx, tenantId, existing, 'change their e-mail')
        await endAccountAccess(existing, existing.userUid)
      }
      await team.inviteNewEmail(tenantId, existing.id, { closed })
      // Only an account losing its link is news beyond the e-mail change itself.
      if (!existing.userUid) return
      await log(existing, { before, after }, emailChangeSummary(existing, newEmail, before, after))
    },

    /** A team member who is deleted leaves their account without access, told why. */
    async endOnDelete(record: TeamMemberRecord): Promise<void> {
      if (!record.userUid) return
      if (await memberships.revoke(tenantId, record.userUid)) {
        await notifyProfileChange(tx, tenantId)
      }
    },
  }
}

function emailChangeSummary(
  existing: TeamMemberRecord,
  newEmail: string | null,
  before: AccessStatus,
  after: AccessStatus,
): string {
  const change = newEmail
    ? `${existing.name}'s e-mail changed to ${newEmail}`
    : `${existing.name}'s e-mail was removed`
  const oldAccount = `the account of ${existing.email ?? 'the old e-mail'}`
  const lost = before === 'active' ? `${oldAccount} lost access` : `${oldAccount} is unlinked`
  const next =
    after === 'invited'
      ? `; ${newEmail} is invited`
      : after === 'invitation_withdrawn'
        ? `; ${newEmail} is not invited until access is restored`
        : ''
  return `${change}: ${lost}${next}`
}

function nothingToChange(record: TeamMemberRecord): Refusal {
  return conflict(
    `${record.name} has no e-mail, so there is no access or invitation to change; add an e-mail to invite them.`,
  )
}

type OwnerChange =
  | 'remove them'
  | 'change their permission'
  | 'remove their access'
  | 'change their e-mail'

const fieldOf: Partial<Record<OwnerChange, string>> = {
  'change their permission': 'body.permission',
  'change their e-mail': 'body.email',
}

/**
 * A business always keeps at least one owner who can sign in. Owners are counted by their
 * access (memberships not revoked), locked so that two owners demoting or removing each other
 * at once take turns.
 */
export async function refuseEndingLastOwner(
  tx: Db,
  tenantId: string,
  target: TeamMemberRecord,
  change: OwnerChange,
): Promise<void> {
  if (!target.userUid) return
  const owners = await createTeamMemberRepository(tx).lockOwners(tenantId)
  if (!owners.includes(target.userUid)) return
  if (owners.some((uid) => uid !== target.userUid)) return
  const path = fieldOf[change]
  throw conflict(
    `${target.name} is the business's last owner; make someone else an owner before you ${change}.`,
    path ? { errors: [{ path, message: 'the business needs at least one owner' }] } : {},
  )
}

/**
 * Offboarding as the team screen asks for it: removes or restores one team member's access
 * (withdrawing or reopening an invitation), after checking the requester may, and answers
 * with the record as the API shows it.
 */
export function createTeamAccessService(database: Database) {
  return {
    change(member: Member, teamMemberId: string, kind: 'remove' | 'restore'): Promise<TeamMember> {
      return database.transaction(async (tx) => {
        const team = createTeamMemberRepository(tx)
        const record = await team.find(member.tenantId, teamMemberId, { lock: true })
        if (!record) throw teamMemberNotFound()
        const refusal = accessChangeRefusal(member, record, kind)
        if (refusal) {
          throw refusal.status === 403 ? forbidden(refusal.detail) : conflict(refusal.detail)
        }
        const access = createTeamAccess(tx, member.tenantId, member.actor)
        const changed =
          kind === 'remove' ? await access.remove(record) : await access.restore(record)
        const current = changed ? await team.find(member.tenantId, record.id) : record
        if (!current) throw new Error('The team member vanished inside their own transaction.')
        return (await teamMemberViews(tx, member.tenantId, [current]))[0] as TeamMember
      })
    },
  }
}
