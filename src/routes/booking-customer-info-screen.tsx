import { NotBuiltYet } from '../components/not-built-yet'

export function BookingCustomerInfoScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">Your name and how to reach you.</p>
    </NotBuiltYet>
  )
}
