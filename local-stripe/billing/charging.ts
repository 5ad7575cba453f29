import type Stripe from 'stripe'
import { nowSeconds } from '../ids.ts'
import { buildSubscriptionInvoice } from '../objects/invoice.ts'
import { onlyItem } from '../objects/subscription.ts'
import { mustFind, type Scope } from '../scope.ts'

/** Stripe retries a failed renewal; the first retry of its default schedule is 3 days later. */
const firstRetryDelaySeconds = 3 * 24 * 60 * 60

/** Stripe's test card 4000 0000 0000 0341 attaches to a customer but every charge fails. */
export function chargeFails(paymentMethod: Stripe.PaymentMethod | undefined): boolean {
  return !paymentMethod || paymentMethod.card?.last4 === '0341'
}

/** The invoice number Stripe gives: the customer's prefix and their next sequence number. */
function nextInvoiceNumber(customer: Stripe.Customer): string {
  const sequence = customer.next_invoice_sequence ?? 1
  customer.next_invoice_sequence = sequence + 1
  return `${customer.invoice_prefix ?? 'LOCAL'}-${String(sequence).padStart(4, '0')}`
}

/**
 * Invoices the subscription's current period and charges its default card. Emits
 * `invoice.paid` + `invoice.payment_succeeded`, or `invoice.payment_failed`.
 */
export function invoiceCurrentPeriod(
  scope: Scope,
  subscription: Stripe.Subscription,
  billingReason: Stripe.Invoice.BillingReason,
): Stripe.Invoice {
  const customerId = subscription.customer as string
  const customer = mustFind(scope.state, 'customers', customerId, 'customer')
  const invoice = buildSubscriptionInvoice({
    number: nextInvoiceNumber(customer),
    customer,
    subscription,
    item: onlyItem(subscription),
    billingReason,
    accountName: scope.accountName,
    publicUrl: scope.publicUrl,
  })
  const paymentMethodId = subscription.default_payment_method as string | null
  invoice.default_payment_method = paymentMethodId
  invoice.attempted = true
  invoice.attempt_count = 1
  const now = nowSeconds()
  if (chargeFails(paymentMethodId ? scope.state.paymentMethods[paymentMethodId] : undefined)) {
    invoice.next_payment_attempt = now + firstRetryDelaySeconds
    scope.state.invoices[invoice.id] = invoice
    subscription.latest_invoice = invoice.id
    scope.emit('invoice.payment_failed', invoice)
    return invoice
  }
  invoice.status = 'paid'
  invoice.amount_paid = invoice.amount_due
  invoice.amount_remaining = 0
  invoice.status_transitions.paid_at = now
  scope.state.invoices[invoice.id] = invoice
  subscription.latest_invoice = invoice.id
  scope.emit('invoice.paid', invoice)
  scope.emit('invoice.payment_succeeded', invoice)
  return invoice
}
