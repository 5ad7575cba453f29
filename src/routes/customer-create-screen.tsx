import { NotBuiltYet } from '../components/not-built-yet'

export function CustomerCreateScreen() {
  return (
    <NotBuiltYet arrivesWith="customer management">
      <p className="p-muted">The form to add a customer.</p>
    </NotBuiltYet>
  )
}
