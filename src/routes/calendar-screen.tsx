import { NotBuiltYet } from '../components/not-built-yet'

export function CalendarScreen() {
  return (
    <NotBuiltYet arrivesWith="the appointment calendar">
      <p className="p-muted">
        Your appointments in day, week and month views, with each team member side by side.
      </p>
    </NotBuiltYet>
  )
}
