import { NotBuiltYet } from '../../components/not-built-yet'

export function BookingProfileCreationScreen() {
  return (
    <NotBuiltYet arrivesWith="the public booking wizard">
      <p className="p-muted">An optional profile, so you can book faster next time.</p>
    </NotBuiltYet>
  )
}
