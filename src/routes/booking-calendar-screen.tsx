import { NotBuiltYet } from '../components/not-built-yet'

export function BookingCalendarScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">The free time slots to choose from.</p>
    </NotBuiltYet>
  )
}
