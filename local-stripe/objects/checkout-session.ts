import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface CheckoutSessionInput {
  mode: Stripe.Checkout.Session.Mode
  customer: Stripe.Customer | null
  /** `customer_email`: prefilled on the page when there is no customer. */
  customerEmail: string | null
  /** `customer_creation`; Stripe's default for payment and setup mode is `if_required`. */
  customerCreation: Stripe.Checkout.Session.CustomerCreation | null
  clientReferenceId: string | null
  /** Null in setup mode, which sells nothing. */
  price: Stripe.Price | null
  quantity: number
  /** The price's currency, or `currency` in setup mode. */
  currency: string | null
  /** `expires_at`; 24 hours after creation when not given. */
  expiresAt: number | null
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
  const amount = input.price ? (input.price.unit_amount ?? 0) * input.quantity : null
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
    currency: input.currency,
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
    customer_creation: input.customer
      ? null
      : (input.customerCreation ?? (input.mode === 'subscription' ? 'always' : 'if_required')),
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
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt ?? created + checkoutLifetimeSeconds,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: input.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: input.mode === 'payment' ? null : 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    // A setup session takes no money: Stripe reports it as such from the start.
    payment_status: input.mode === 'setup' ? 'no_payment_required' : 'unpaid',
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
    total_details:
      amount === null ? null : { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${input.publicUrl}/checkout/${id}`,
    wallet_options: null,
  }
}
