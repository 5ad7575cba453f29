import { NotBuiltYet } from '../components/not-built-yet'

export function ServicesScreen() {
  return (
    <NotBuiltYet arrivesWith="service management">
      <p className="p-muted">The services your business offers, with their durations and prices.</p>
    </NotBuiltYet>
  )
}
