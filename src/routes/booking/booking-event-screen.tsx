import { NotBuiltYet } from '../../components/not-built-yet'

export function BookingEventScreen() {
  return (
    <NotBuiltYet arrivesWith="appointment self-service">
      <p className="p-muted">Rescheduling or cancelling your appointment.</p>
    </NotBuiltYet>
  )
}
