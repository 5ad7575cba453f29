import { NotBuiltYet } from '../components/not-built-yet'

export function CustomersScreen() {
  return (
    <NotBuiltYet arrivesWith="customer management">
      <p className="p-muted">Your customers and their booking history.</p>
    </NotBuiltYet>
  )
}
