import { NotBuiltYet } from '../components/not-built-yet'

export function ActivityLogScreen() {
  return (
    <NotBuiltYet arrivesWith="the activity log">
      <p className="p-muted">Who changed what in your business, and when.</p>
    </NotBuiltYet>
  )
}
