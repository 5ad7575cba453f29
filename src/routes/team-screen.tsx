import { NotBuiltYet } from '../components/not-built-yet'

export function TeamScreen() {
  return (
    <NotBuiltYet arrivesWith="team management">
      <p className="p-muted">Your team members, their services and working hours.</p>
    </NotBuiltYet>
  )
}
