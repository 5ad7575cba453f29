import { NotBuiltYet } from '../components/not-built-yet'

export function BookingServiceTeamScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">Choose who performs the service you picked.</p>
    </NotBuiltYet>
  )
}
