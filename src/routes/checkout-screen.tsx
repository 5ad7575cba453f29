import { NotBuiltYet } from '../components/not-built-yet'

export function CheckoutScreen() {
  return (
    <NotBuiltYet arrivesWith="billing and subscriptions">
      <p className="p-muted">Choosing a plan and paying for it.</p>
    </NotBuiltYet>
  )
}
