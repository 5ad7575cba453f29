import { NotBuiltYet } from '../components/not-built-yet'

export function SettingsScreen() {
  return (
    <NotBuiltYet arrivesWith="business settings">
      <p className="p-muted">Your business details, booking rules and notifications.</p>
    </NotBuiltYet>
  )
}
