import { NotBuiltYet } from '../components/not-built-yet'

export function BillingScreen() {
  return (
    <NotBuiltYet arrivesWith="billing and subscriptions">
      <p className="p-muted">Your plan, invoices and payment method.</p>
    </NotBuiltYet>
  )
}
