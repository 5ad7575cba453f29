import { NotBuiltYet } from '../../components/not-built-yet'

export function BookingMyAppointmentsScreen() {
  return (
    <NotBuiltYet arrivesWith="appointment self-service">
      <p className="p-muted">The appointments you have booked.</p>
    </NotBuiltYet>
  )
}
