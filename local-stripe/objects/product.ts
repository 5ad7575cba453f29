import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface ProductInput {
  id?: string
  name: string
  description?: string | null
  metadata?: Record<string, string>
}

export function buildProduct(input: ProductInput): Stripe.Product {
  const created = nowSeconds()
  return {
    id: input.id ?? newId('prod', 14),
    object: 'product',
    active: true,
    created,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata ?? {},
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  }
}
