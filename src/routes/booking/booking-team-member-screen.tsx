import { NotBuiltYet } from '../../components/not-built-yet'

export function BookingTeamMemberScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">A team member’s public page, with what they offer.</p>
    </NotBuiltYet>
  )
}
