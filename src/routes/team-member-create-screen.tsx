import { NotBuiltYet } from '../components/not-built-yet'

export function TeamMemberCreateScreen() {
  return (
    <NotBuiltYet arrivesWith="team management">
      <p className="p-muted">The form to add a team member.</p>
    </NotBuiltYet>
  )
}
