import { NotBuiltYet } from '../components/not-built-yet'

export function ServiceEditScreen() {
  return (
    <NotBuiltYet arrivesWith="service management">
      <p className="p-muted">The form to change a service.</p>
    </NotBuiltYet>
  )
}
