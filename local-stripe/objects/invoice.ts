import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface InvoiceInput {
  id?: string
  number: string | null
  customer: Stripe.Customer
  subscription: Stripe.Subscription
  item: Stripe.SubscriptionItem
  billingReason: Stripe.Invoice.BillingReason
  accountName: string
  /** Base of the hosted pages; null for a preview, which has no page. */
  publicUrl: string | null
}

/**
 * A draft-free invoice for one subscription period, left `open` and unpaid: `markPaid` or
 * `markPaymentFailed` settle it. In this API version an invoice reaches its subscription only
 * through `parent.subscription_details.subscription`.
 */
export function buildSubscriptionInvoice(input: InvoiceInput): Stripe.Invoice {
  const id = input.id ?? newId('in')
  const { item, subscription, customer } = input
  const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1)
  const created = nowSeconds()
  const product =
    typeof item.price.product === 'string' ? item.price.product : item.price.product.id
  const line: Stripe.InvoiceLineItem = {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${item.quantity ?? 1} × ${item.price.nickname ?? product}`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product },
      type: 'price_details',
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity ?? 1,
    quantity_decimal: null,
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  }
  const hostedUrl = input.publicUrl ? `${input.publicUrl}/invoices/${id}` : null
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: input.accountName,
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: item.price.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: hostedUrl,
    invoice_pdf: hostedUrl ? `${hostedUrl}?pdf` : null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  }
}
