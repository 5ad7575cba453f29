import { useState } from 'react'
import { Button } from 'react-aria-components'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { deleteTeamMember } from './team-api'
import type { TeamMember } from './team-member-values'

/**
 * "Remove from team" with its confirmation. The server refuses (409) for the last owner and for
 * someone with appointments; the dialog shows its sentence, which says what to do instead.
 */
export function TeamMemberDeleteSection({
  member,
  onDeleted,
}: {
  member: Pick<TeamMember, 'id' | 'name' | 'email' | 'invitation'>
  onDeleted: () => void
}) {
  const [isOpen, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteTeamMember(member.id)
      setOpen(false)
      onDeleted()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The team member could not be removed.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="p-form-section p-danger-zone" aria-labelledby="member-delete">
      <h2 id="member-delete" className="p-form-section__title">
        Remove from team
      </h2>
      <p className="p-form-section__intro">
        {member.invitation === 'accepted'
          ? `${member.name} loses access to this business.`
          : 'Their invitation is withdrawn.'}{' '}
        Someone with appointments cannot be removed; make them not bookable and remove their access
        instead.
      </p>
      <div>
        <Button
          className="p-button p-button--danger"
          onPress={() => {
            setError(null)
            setOpen(true)
          }}
        >
          Remove {member.name}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!busy) setOpen(open)
        }}
        title={`Remove ${member.name} from the team?`}
        confirmLabel="Remove"
        onConfirm={remove}
        busy={busy}
        error={error}
      >
        <p>
          This cannot be undone.
          {member.email ? ` ${member.email} will no longer open this business.` : ''}
        </p>
      </ConfirmDialog>
    </section>
  )
}
