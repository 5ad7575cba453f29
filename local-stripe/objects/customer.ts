import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface CustomerInput {
  email: string | null
  name: string | null
  metadata: Record<string, string>
}

export function buildCustomer(input: CustomerInput): Stripe.Customer {
  const id = newId('cus', 14)
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: input.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}
