import type Stripe from 'stripe'
import { invalidRequest, parameterMissing, resourceMissing } from '../errors.ts'
import { buildPaymentIntent } from '../objects/payment-intent.ts'
import { paginate } from '../pagination.ts'
import { mergeMetadata } from '../params.ts'
import { minimumCharge } from '../payments/amounts.ts'
import { attemptCharge, cardError, offSessionDecline } from '../payments/charging.ts'
import { refundCharge } from '../payments/refunds.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    shape: {
      amount: 'string',
      currency: 'string',
      customer: 'string',
      payment_method: 'string',
      payment_method_types: 'strings',
      off_session: 'string',
      confirm: 'string',
      description: 'string',
      receipt_email: 'string',
      metadata: 'metadata',
    },
    handle({ scope, params }) {
      const { state } = scope
      const amount = params.integer('amount')
      if (amount === undefined) throw parameterMissing('amount')
      const currency = params.requiredString('currency').toLowerCase()
      const minimum = minimumCharge(currency)
      if (amount < minimum.amount) {
        throw invalidRequest(
          `Amount must be at least ${minimum.label}`,
          'amount_too_small',
          'amount',
        )
      }
      if (params.strings('payment_method_types').some((type) => type !== 'card')) {
        throw invalidRequest(
          'This local Stripe takes only card payments: payment_method_types must be ["card"].',
          'parameter_invalid',
          'payment_method_types',
        )
      }
      const confirm = params.boolean('confirm') ?? false
      const offSession = params.boolean('off_session')
      if (offSession !== undefined && !confirm) {
        throw invalidRequest(
          'You may only specify `off_session` when `confirm` is true.',
          'parameter_invalid',
          'off_session',
        )
      }
      const customerId = params.string('customer')
      const customer = customerId ? mustFind(state, 'customers', customerId, 'customer') : null
      const paymentMethodId = params.string('payment_method')
      const paymentMethod = paymentMethodId
        ? mustFind(state, 'paymentMethods', paymentMethodId, 'payment_method')
        : null
      if (paymentMethod?.customer && paymentMethod.customer !== customer?.id) {
        throw invalidRequest(
          `The provided PaymentMethod ${paymentMethod.id} is attached to another customer, or you did not pass that customer.`,
          'payment_method_invalid_parameter',
          'payment_method',
        )
      }
      if (confirm && !paymentMethod) {
        throw invalidRequest(
          'You cannot confirm this PaymentIntent because it\u2019s missing a payment method.',
          'payment_intent_unexpected_state',
          'payment_method',
        )
      }
      const paymentIntent = buildPaymentIntent({
        amount,
        currency,
        customer: customer?.id ?? null,
        paymentMethod: paymentMethod?.id ?? null,
        description: params.string('description') ?? null,
        metadata: mergeMetadata({}, params.metadata()),
        setupFutureUsage: null,
        receiptEmail: params.string('receipt_email') ?? null,
        statementDescriptor: null,
      })
      state.paymentIntents[paymentIntent.id] = paymentIntent
      scope.emit('payment_intent.created', paymentIntent)
      if (!confirm || !paymentMethod) return paymentIntent
      attemptCharge(scope, paymentIntent, paymentMethod, offSessionDecline(paymentMethod))
      if (paymentIntent.status !== 'succeeded') throw cardError(paymentIntent, paymentMethod)
      return paymentIntent
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    shape: {},
    handle: (request) =>
      mustFind(request.scope.state, 'paymentIntents', pathParam(request, 'id'), 'intent'),
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    shape: {
      customer: 'string',
      limit: 'string',
      starting_after: 'string',
      ending_before: 'string',
    },
    handle({ scope, params }) {
      const customer = params.string('customer')
      const intents = Object.values(scope.state.paymentIntents)
        .reverse()
        .filter((intent) => customer === undefined || intent.customer === customer)
      return paginate(intents, params, '/v1/payment_intents', 'payment_intent')
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    shape: {},
    handle: (request) =>
      mustFind(request.scope.state, 'setupIntents', pathParam(request, 'id'), 'intent'),
  },
  {
    method: 'GET',
    path: '/v1/charges/:id',
    shape: {},
    handle: (request) =>
      mustFind(request.scope.state, 'charges', pathParam(request, 'id'), 'charge'),
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    shape: {
      payment_intent: 'string',
      charge: 'string',
      amount: 'string',
      reason: 'string',
      metadata: 'metadata',
    },
    handle({ scope, params }) {
      const { state } = scope
      const intentId = params.string('payment_intent')
      const chargeId = params.string('charge')
      if (intentId === undefined && chargeId === undefined) {
        throw parameterMissing('payment_intent')
      }
      if (intentId !== undefined && chargeId !== undefined) {
        throw invalidRequest(
          'You may only specify one of these parameters: charge, payment_intent.',
          'parameter_invalid',
          'charge',
        )
      }
      let charge: Stripe.Charge
      if (intentId !== undefined) {
        const paymentIntent = mustFind(state, 'paymentIntents', intentId, 'payment_intent')
        const latest =
          typeof paymentIntent.latest_charge === 'string' ? paymentIntent.latest_charge : null
        if (paymentIntent.status !== 'succeeded' || !latest) {
          throw invalidRequest(
            `This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`,
            'charge_not_refundable',
            'payment_intent',
          )
        }
        charge = mustFind(state, 'charges', latest, 'payment_intent')
      } else {
        charge = mustFind(state, 'charges', chargeId as string, 'charge')
      }
      return refundCharge(scope, charge, params)
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    shape: {
      payment_intent: 'string',
      charge: 'string',
      limit: 'string',
      starting_after: 'string',
      ending_before: 'string',
    },
    handle({ scope, params }) {
      const intent = params.string('payment_intent')
      const charge = params.string('charge')
      if (intent !== undefined && !scope.state.paymentIntents[intent]) {
        throw resourceMissing('payment_intent', intent, 'payment_intent')
      }
      const refunds = Object.values(scope.state.refunds)
        .reverse()
        .filter((refund) => intent === undefined || refund.payment_intent === intent)
        .filter((refund) => charge === undefined || refund.charge === charge)
      return paginate(refunds, params, '/v1/refunds', 'refund')
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    shape: {},
    handle: (request) =>
      mustFind(request.scope.state, 'refunds', pathParam(request, 'id'), 'refund'),
  },
]
