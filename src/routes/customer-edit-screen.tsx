import { NotBuiltYet } from '../components/not-built-yet'

export function CustomerEditScreen() {
  return (
    <NotBuiltYet arrivesWith="customer management">
      <p className="p-muted">The form to change a customer’s details.</p>
    </NotBuiltYet>
  )
}
