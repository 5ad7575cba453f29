import { NotBuiltYet } from '../../components/not-built-yet'

export function BookingProfileCreationScreen() {
  return (
    <NotBuiltYet arrivesWith="customer sign-in by e-mail link">
      <p className="p-muted">
        An optional profile (name and phone), so your next booking is prefilled. You can book
        without one now.
      </p>
    </NotBuiltYet>
  )
}
