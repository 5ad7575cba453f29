import { NotBuiltYet } from '../components/not-built-yet'

export function BookingConfirmationScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">The confirmation of your booking.</p>
    </NotBuiltYet>
  )
}
