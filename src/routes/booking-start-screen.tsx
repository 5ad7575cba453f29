import { NotBuiltYet } from '../components/not-built-yet'

export function BookingStartScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">Choose a service or a team member to book with.</p>
    </NotBuiltYet>
  )
}
