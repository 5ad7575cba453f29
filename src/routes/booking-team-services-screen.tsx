import { NotBuiltYet } from '../components/not-built-yet'

export function BookingTeamServicesScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">The services this team member offers.</p>
    </NotBuiltYet>
  )
}
