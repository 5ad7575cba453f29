import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface PortalSessionInput {
  customer: string
  returnUrl: string | null
  flow: Stripe.BillingPortal.Session.Flow | null
  publicUrl: string
}

export function buildPortalSession(input: PortalSessionInput): Stripe.BillingPortal.Session {
  const id = newId('bps')
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: nowSeconds(),
    customer: input.customer,
    customer_account: null,
    flow: input.flow,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: `${input.publicUrl}/portal/${id}`,
  }
}
