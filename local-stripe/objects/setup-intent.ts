import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface SetupIntentInput {
  customer: string | null
  description: string | null
  metadata: Record<string, string>
}

/** A card-only SetupIntent for off-session use, waiting for a payment method. */
export function buildSetupIntent(input: SetupIntentInput): Stripe.SetupIntent {
  const id = newId('seti')
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('s', 24).slice(2)}`,
    created: nowSeconds(),
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  }
}
