import { NotBuiltYet } from '../components/not-built-yet'

export function ServiceCreateScreen() {
  return (
    <NotBuiltYet arrivesWith="service management">
      <p className="p-muted">The form to add a service.</p>
    </NotBuiltYet>
  )
}
