import { NotBuiltYet } from '../components/not-built-yet'

export function TeamMemberEditScreen() {
  return (
    <NotBuiltYet arrivesWith="team management">
      <p className="p-muted">The form to change a team member’s details and hours.</p>
    </NotBuiltYet>
  )
}
