import { NotBuiltYet } from '../../components/not-built-yet'

export function BookingMyAppointmentsScreen() {
  return (
    <NotBuiltYet arrivesWith="customer sign-in by e-mail link">
      <p className="p-muted">
        You will see your upcoming and past appointments here. Until then, the link in your
        confirmation e-mail lets you see, move or cancel each booking.
      </p>
    </NotBuiltYet>
  )
}
