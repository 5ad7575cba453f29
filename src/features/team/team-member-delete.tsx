import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { DangerZone } from '../../components/form/danger-zone'
import { useConfirmedAction } from '../../components/form/use-confirmed-action'
import { deleteTeamMember } from './api'
import type { TeamMember } from './team-member-values'

/**
 * "Remove from team" with its confirmation. The server refuses (409) for the last owner and for
 * someone with appointments; the dialog shows its sentence, which says what to do instead.
 */
export function TeamMemberDeleteSection({
  member,
}: {
  member: Pick<TeamMember, 'id' | 'name' | 'email' | 'invitation'>
}) {
  const removal = useConfirmedAction()
  return (
    <DangerZone
      id="member-delete"
      title="Remove from team"
      intro={
        <p className="p-form-section__intro">
          {member.invitation === 'accepted'
            ? `${member.name} loses access to this business.`
            : 'Their invitation is withdrawn.'}{' '}
          Someone with appointments cannot be removed; make them not bookable and remove their
          access instead.
        </p>
      }
      actionLabel={`Remove ${member.name}`}
      onAction={removal.open}
    >
      <ConfirmDialog
        {...removal.dialog}
        title={`Remove ${member.name} from the team?`}
        confirmLabel="Remove"
        onConfirm={() =>
          removal.run(
            async () => {
              await deleteTeamMember(member.id)
              return {
                message: `${member.name} was removed from your team.`,
                title: 'Team member removed',
                to: '/team',
              }
            },
            { failure: 'The team member could not be removed.' },
          )
        }
      >
        <p>
          This cannot be undone.
          {member.email ? ` ${member.email} will no longer open this business.` : ''}
        </p>
      </ConfirmDialog>
    </DangerZone>
  )
}
