import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface CheckoutSessionInput {
  customer: Stripe.Customer | null
  clientReferenceId: string | null
  price: Stripe.Price
  quantity: number
  successUrl: string | null
  cancelUrl: string | null
  metadata: Record<string, string>
  allowPromotionCodes: boolean | null
  publicUrl: string
}

/** Stripe keeps an unpaid Checkout Session open for 24 hours. */
export const checkoutLifetimeSeconds = 24 * 60 * 60

export function buildCheckoutSession(input: CheckoutSessionInput): Stripe.Checkout.Session {
  const id = newId('cs_test', 58)
  const created = nowSeconds()
  const amount = (input.price.unit_amount ?? 0) * input.quantity
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: input.price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: input.customer?.id ?? null,
    customer_account: null,
    customer_creation: input.customer ? null : 'always',
    customer_details: input.customer
      ? {
          address: null,
          business_name: null,
          email: input.customer.email,
          individual_name: null,
          name: input.customer.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: null,
    discounts: [],
    expires_at: created + checkoutLifetimeSeconds,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${input.publicUrl}/checkout/${id}`,
    wallet_options: null,
  }
}
