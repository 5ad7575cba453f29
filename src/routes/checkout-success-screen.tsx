import { NotBuiltYet } from '../components/not-built-yet'

export function CheckoutSuccessScreen() {
  return (
    <NotBuiltYet arrivesWith="billing and subscriptions">
      <p className="p-muted">The confirmation after a successful payment.</p>
    </NotBuiltYet>
  )
}
