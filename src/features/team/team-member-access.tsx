import { useState } from 'react'
import { Button } from 'react-aria-components'
import { accessChangeRefusal } from '../../../shared/team-access.ts'
import { useToast } from '../../app/toast-context'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import type { Profile } from '../../machines/auth.machine'
import { removeTeamMemberAccess, restoreTeamMemberAccess } from './api'
import { accessBadge, accessSince } from './team-access-text'
import type { TeamMember } from './team-member-values'
import './team.css'

type AccessMember = Pick<TeamMember, 'id' | 'name' | 'email' | 'permission' | 'bookable' | 'access'>

/** The access badge and, under it, since when ("Has access since …", "Access removed on …"). */
export function TeamMemberAccessStatus({
  member,
  timeZone,
}: {
  member: AccessMember
  timeZone: string
}) {
  const badge = accessBadge(member.access)
  const since = accessSince(member.access, timeZone)
  return (
    <span className="p-access">
      <span className={`p-badge ${badge.tone}`}>{badge.label}</span>
      {since ? <span className="p-table__secondary">{since}</span> : null}
    </span>
  )
}

/** The team member page's "Access" section: the status and the actions, for owners and admins. */
export function TeamMemberAccessSection({
  member,
  profile,
  onChanged,
}: {
  member: AccessMember
  profile: Profile
  onChanged: (member: TeamMember) => void
}) {
  return (
    <section className="p-form-section" aria-labelledby="member-access">
      <h2 id="member-access" className="p-form-section__title">
        Access
      </h2>
      <p className="p-form-section__intro">
        Who signs in as {member.name}. Removing access keeps them in the team and in the history of
        their appointments; it can be restored later.
      </p>
      <div className="p-access-cell">
        <TeamMemberAccessStatus member={member} timeZone={profile.tenant.time_zone} />
        <TeamMemberAccessActions member={member} profile={profile} onChanged={onChanged} />
      </div>
    </section>
  )
}

/**
 * What the signed-in user may do about someone's access, as buttons: remove it (after a
 * confirmation that says what happens), withdraw a pending invitation, restore removed access or
 * invite again. The same rules as the server's (shared/team-access.ts) decide which show;
 * nothing shows for staff, for an admin looking at an owner, or on one's own record.
 */
export function TeamMemberAccessActions({
  member,
  profile,
  onChanged,
}: {
  member: AccessMember
  profile: Profile
  onChanged: (member: TeamMember) => void
}) {
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const actor = { permission: profile.permission, teamMemberId: profile.team_member_id }
  const mayRemove = accessChangeRefusal(actor, member, 'remove') === null
  const mayRestore = accessChangeRefusal(actor, member, 'restore') === null

  async function run(
    change: (id: string) => Promise<TeamMember>,
    done: (saved: TeamMember) => string,
  ): Promise<boolean> {
    setBusy(true)
    setError(null)
    try {
      const saved = await change(member.id)
      toast.success(done(saved), 'Team access changed')
      onChanged(saved)
      return true
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'The change was not saved.'
      setError(message)
      if (!confirming) toast.error(message)
      return false
    } finally {
      setBusy(false)
    }
  }

  const removeAccess = async () => {
    const removed = await run(
      removeTeamMemberAccess,
      () => `${member.name} no longer has access. You can restore it at any time.`,
    )
    if (removed) setConfirming(false)
  }

  switch (member.access.status) {
    case 'active':
      if (!mayRemove) return null
      return (
        <>
          <Button
            className="p-button p-button--small p-button--danger"
            aria-label={`Remove ${member.name}'s access`}
            onPress={() => {
              setError(null)
              setConfirming(true)
            }}
          >
            Remove access
          </Button>
          <ConfirmDialog
            isOpen={confirming}
            onOpenChange={(open) => {
              if (!busy) setConfirming(open)
            }}
            title={`Remove ${member.name}'s access?`}
            confirmLabel="Remove access"
            onConfirm={removeAccess}
            busy={busy}
            error={error}
          >
            <p>
              {member.name}
              {member.email ? ` (${member.email})` : ''} can no longer open {profile.tenant.name}:
              their next action is refused, and an app they have open stops at once.
            </p>
            <p>
              They stay in the team list and in the history: their appointments keep their name.
              {member.bookable
                ? ' They can still be booked; make them not bookable if customers should stop booking them.'
                : ''}
            </p>
            <p>Their private calendar feed address stops working. You can restore access later.</p>
          </ConfirmDialog>
        </>
      )
    case 'invited':
      if (!mayRemove) return null
      return (
        <OneClickAction
          label="Withdraw invitation"
          ariaLabel={`Withdraw ${member.name}'s invitation`}
          busy={busy}
          onPress={() =>
            run(
              removeTeamMemberAccess,
              () => `The invitation to ${member.email ?? member.name} is withdrawn.`,
            )
          }
        />
      )
    case 'removed':
      if (!mayRestore) return null
      return (
        <OneClickAction
          label="Restore access"
          ariaLabel={`Restore ${member.name}'s access`}
          busy={busy}
          onPress={() =>
            run(
              restoreTeamMemberAccess,
              (saved) => `${saved.name} has access again, as ${saved.permission}.`,
            )
          }
        />
      )
    case 'invitation_withdrawn':
      if (!mayRestore) return null
      return (
        <OneClickAction
          label="Invite again"
          ariaLabel={`Invite ${member.name} again`}
          busy={busy}
          onPress={() =>
            run(
              restoreTeamMemberAccess,
              (saved) =>
                `${saved.name} is invited again: signing in with ${saved.email} joins the team.`,
            )
          }
        />
      )
    default:
      return null
  }
}

/** A change that can be undone, so it needs no confirmation: one small button. */
function OneClickAction({
  label,
  ariaLabel,
  busy,
  onPress,
}: {
  label: string
  ariaLabel: string
  busy: boolean
  onPress: () => void
}) {
  return (
    <Button
      className="p-button p-button--small"
      aria-label={ariaLabel}
      isPending={busy}
      onPress={onPress}
    >
      {label}
    </Button>
  )
}
