import type Stripe from 'stripe'
import type { CardDecline } from '../cards.ts'
import { newId, nowSeconds } from '../ids.ts'

export interface ChargeInput {
  paymentIntent: Stripe.PaymentIntent
  paymentMethod: Stripe.PaymentMethod
  /** Null for a charge that succeeds. */
  decline: CardDecline | null
  statementDescriptor: string | null
}

/** The charge one payment attempt makes: captured at once, or failed with the bank's decline. */
export function buildCharge(input: ChargeInput): Stripe.Charge {
  const { paymentIntent, paymentMethod, decline } = input
  const card = paymentMethod.card
  const paid = decline === null
  return {
    id: newId('ch'),
    object: 'charge',
    amount: paymentIntent.amount,
    amount_captured: paid ? paymentIntent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: paid ? newId('txn') : null,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: input.statementDescriptor,
    captured: paid,
    created: nowSeconds(),
    currency: paymentIntent.currency,
    customer: paymentIntent.customer,
    description: paymentIntent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: paymentIntent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: decline ? 'try_again_later' : null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: decline ? 'declined_by_network' : 'approved_by_network',
      reason: decline?.declineCode ?? null,
      risk_level: 'normal',
      seller_message: decline
        ? 'The bank did not return any further details with this decline.'
        : 'Payment complete.',
      type: decline ? 'issuer_declined' : 'authorized',
    },
    paid,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      card: {
        amount_authorized: paid ? paymentIntent.amount : null,
        authorization_code: paid ? '123456' : null,
        brand: card?.brand ?? null,
        checks: card?.checks ?? null,
        country: card?.country ?? null,
        electronic_commerce_indicator: null,
        exp_month: card?.exp_month ?? 12,
        exp_year: card?.exp_year ?? 2034,
        fingerprint: card?.fingerprint ?? null,
        funding: card?.funding ?? null,
        installments: null,
        last4: card?.last4 ?? null,
        mandate: null,
        network: card?.brand ?? null,
        network_token: { used: false },
        network_transaction_id: paid ? newId('ntx', 15).slice(4) : null,
        regulated_status: card?.regulated_status ?? null,
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
      type: 'card',
    },
    radar_options: {},
    receipt_email: paymentIntent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paid ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  }
}
