import type Stripe from 'stripe'
import type { TestCard } from '../cards.ts'
import { newId, nowSeconds } from '../ids.ts'

export function buildCardPaymentMethod(
  card: TestCard,
  customer: string | null,
): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: {
      address: null,
      email: null,
      name: card.name,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint,
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  }
}
