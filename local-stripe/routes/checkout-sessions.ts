import type Stripe from 'stripe'
import { expireCheckoutSession } from '../billing/checkout-expiry.ts'
import { invalidRequest, parameterInvalid, parameterMissing } from '../errors.ts'
import { nowSeconds } from '../ids.ts'
import { buildCheckoutSession } from '../objects/checkout-session.ts'
import { buildPrice } from '../objects/price.ts'
import { buildProduct } from '../objects/product.ts'
import type { Params } from '../params.ts'
import { minimumCharge } from '../payments/amounts.ts'
import { assertCanCharge } from '../payments/charging.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind, type Scope } from '../scope.ts'

/** Stripe's bounds for `expires_at`: 30 minutes to 24 hours after the session is made. */
const shortestLifetimeSeconds = 30 * 60
const longestLifetimeSeconds = 24 * 60 * 60

const modes = ['payment', 'setup', 'subscription'] as const

/** Each `*_data` hash belongs to one mode; Stripe refuses it in the others. */
const dataForMode = {
  subscription_data: 'subscription',
  payment_intent_data: 'payment',
  setup_intent_data: 'setup',
} as const

/** Stripe's least lead for a trial set at Checkout. */
const trialEndLeadSeconds = 48 * 60 * 60

/**
 * `subscription_data[trial_end]`: a Unix time at least 48 hours ahead, as Stripe requires
 * (the subscription trials until then and is first invoiced at its end).
 */
function trialEndOf(params: Params): number | null {
  const trialEnd = params.object('subscription_data')?.integer('trial_end')
  if (trialEnd === undefined) return null
  if (trialEnd < nowSeconds() + trialEndLeadSeconds) {
    throw invalidRequest(
      'The `trial_end` date has to be at least 2 days in the future.',
      'parameter_invalid',
      'subscription_data[trial_end]',
    )
  }
  return trialEnd
}

function refuseInMode(param: string, mode: string): never {
  throw invalidRequest(
    `You can not pass \`${param}\` in \`${mode}\` mode.`,
    'parameter_invalid',
    param,
  )
}

interface LinePrice {
  price: Stripe.Price
  /** Made from `price_data`: stored only once the whole request is found valid. */
  product?: Stripe.Product
}

/**
 * The one line item: an existing price, or `price_data` (Stripe makes an inactive price and
 * product for it, as it does, so line items and the page can name it).
 */
function linePrice(scope: Scope, lineItem: Params, mode: string): LinePrice {
  const { state } = scope
  const priceId = lineItem.string('price')
  const priceData = lineItem.object('price_data')
  if (priceId !== undefined && priceData) {
    throw invalidRequest(
      'You may only specify one of these parameters: price, price_data.',
      'parameter_invalid',
      'line_items[0][price_data]',
    )
  }
  if (priceId !== undefined) {
    const price = mustFind(state, 'prices', priceId, 'line_items[0][price]')
    if (mode === 'subscription' && !price.recurring) {
      throw invalidRequest(
        'You must specify at least one recurring price in `subscription` mode when using prices.',
        'parameter_invalid',
        'line_items[0][price]',
      )
    }
    if (mode === 'payment' && price.recurring) {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'parameter_invalid',
        'line_items[0][price]',
      )
    }
    return { price }
  }
  if (!priceData) throw parameterMissing('line_items[0][price]')
  if (mode !== 'payment') {
    throw invalidRequest(
      'This local Stripe takes line_items[0][price_data] only in `payment` mode.',
      'parameter_invalid',
      'line_items[0][price_data]',
    )
  }
  const currency = priceData.requiredString('currency').toLowerCase()
  const unitAmount = priceData.integer('unit_amount')
  if (unitAmount === undefined) throw parameterMissing('line_items[0][price_data][unit_amount]')
  if (unitAmount < 0) {
    throw parameterInvalid('line_items[0][price_data][unit_amount]', 'Invalid non-negative integer')
  }
  const productData = priceData.object('product_data')
  if (!productData) throw parameterMissing('line_items[0][price_data][product_data]')
  const product = buildProduct({
    name: productData.requiredString('name'),
    description: productData.string('description') ?? null,
    metadata: productData.metadata() ?? {},
  })
  product.active = false
  const price = buildPrice({
    product: product.id,
    unitAmount,
    currency,
    interval: null,
    lookupKey: null,
    nickname: null,
    metadata: {},
  })
  price.active = false
  return { price, product }
}

function expiresAt(params: Params): number | null {
  const value = params.integer('expires_at')
  if (value === undefined) return null
  const now = nowSeconds()
  if (value < now + shortestLifetimeSeconds) {
    throw parameterInvalid(
      'expires_at',
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    )
  }
  if (value > now + longestLifetimeSeconds) {
    throw parameterInvalid(
      'expires_at',
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    )
  }
  return value
}

export const checkoutSessionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    shape: {
      mode: 'string',
      customer: 'string',
      customer_email: 'string',
      customer_creation: 'string',
      client_reference_id: 'string',
      currency: 'string',
      line_items: [
        {
          price: 'string',
          quantity: 'string',
          price_data: {
            currency: 'string',
            unit_amount: 'string',
            product_data: { name: 'string', description: 'string', metadata: 'metadata' },
          },
        },
      ],
      payment_method_types: 'strings',
      success_url: 'string',
      cancel_url: 'string',
      expires_at: 'string',
      metadata: 'metadata',
      subscription_data: { metadata: 'metadata', trial_end: 'string' },
      payment_intent_data: {
        metadata: 'metadata',
        description: 'string',
        setup_future_usage: 'string',
      },
      setup_intent_data: { metadata: 'metadata', description: 'string' },
      allow_promotion_codes: 'string',
    },
    handle({ scope, params }) {
      const { state } = scope
      if (params.string('mode') === undefined) throw parameterMissing('mode')
      const mode = params.oneOf('mode', modes) as (typeof modes)[number]
      for (const [param, allowed] of Object.entries(dataForMode)) {
        if (params.has(param) && mode !== allowed) refuseInMode(param, mode)
      }
      const types = params.strings('payment_method_types')
      if (types.some((type) => type !== 'card')) {
        throw invalidRequest(
          'This local Stripe takes only card payments: payment_method_types must be ["card"].',
          'parameter_invalid',
          'payment_method_types',
        )
      }
      const customerId = params.string('customer')
      const customer = customerId ? mustFind(state, 'customers', customerId, 'customer') : null
      for (const other of ['customer_email', 'customer_creation']) {
        if (customer && params.has(other)) {
          throw invalidRequest(
            `You may only specify one of these parameters: customer, ${other}.`,
            'parameter_invalid',
            other,
          )
        }
      }
      const customerCreation = params.oneOf('customer_creation', ['always', 'if_required'] as const)
      if (customerCreation && mode === 'subscription') refuseInMode('customer_creation', mode)

      const lineItems = params.list('line_items')
      const lineItem = lineItems[0]
      let price: Stripe.Price | null = null
      let quantity = 1
      let currency: string | null = null
      let made: Stripe.Product | undefined
      if (mode === 'setup') {
        if (lineItem) refuseInMode('line_items', mode)
        currency = params.string('currency')?.toLowerCase() ?? null
        if (!currency && types.length === 0) throw parameterMissing('currency')
      } else {
        if (params.has('currency')) {
          throw invalidRequest(
            'This local Stripe takes `currency` only in `setup` mode; line items carry it otherwise.',
            'parameter_invalid',
            'currency',
          )
        }
        if (!lineItem) throw parameterMissing('line_items')
        if (lineItems.length > 1) {
          throw invalidRequest(
            'This service sells one line item per session.',
            'parameter_invalid',
            'line_items',
          )
        }
        const line = linePrice(scope, lineItem, mode)
        price = line.price
        made = line.product
        quantity = lineItem.integer('quantity') ?? 1
        if (quantity < 1) {
          throw parameterInvalid('line_items[0][quantity]', 'Invalid positive integer')
        }
        currency = price.currency
        const total = (price.unit_amount ?? 0) * quantity
        const minimum = minimumCharge(currency)
        if (mode === 'payment' && total < minimum.amount) {
          throw invalidRequest(
            `The Checkout Session's total amount due must add up to at least ${minimum.label}`,
            'amount_too_small',
            'line_items',
          )
        }
      }
      if (mode === 'payment') assertCanCharge(scope)
      const intentData = params.object('payment_intent_data')
      const setupData = params.object('setup_intent_data')
      const session = buildCheckoutSession({
        mode,
        customer,
        customerEmail: params.string('customer_email') ?? null,
        customerCreation: customerCreation ?? null,
        clientReferenceId: params.string('client_reference_id') ?? null,
        price,
        quantity,
        currency,
        expiresAt: expiresAt(params),
        successUrl: params.requiredString('success_url'),
        cancelUrl: params.string('cancel_url') ?? null,
        metadata: params.metadata() ?? {},
        allowPromotionCodes: params.boolean('allow_promotion_codes') ?? null,
        publicUrl: scope.publicUrl,
      })
      if (made && price) {
        state.products[made.id] = made
        state.prices[price.id] = price
      }
      state.checkoutSessions[session.id] = session
      state.checkoutPurchases[session.id] = {
        price: price?.id ?? null,
        quantity,
        subscriptionMetadata: params.object('subscription_data')?.metadata() ?? {},
        subscriptionTrialEnd: trialEndOf(params),
        ...(mode === 'payment'
          ? {
              paymentIntentData: {
                metadata: intentData?.metadata() ?? {},
                description: intentData?.string('description') ?? null,
                setupFutureUsage:
                  intentData?.oneOf('setup_future_usage', ['off_session', 'on_session'] as const) ??
                  null,
              },
            }
          : {}),
        ...(mode === 'setup'
          ? {
              setupIntentData: {
                metadata: setupData?.metadata() ?? {},
                description: setupData?.string('description') ?? null,
              },
            }
          : {}),
      }
      return session
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    shape: {},
    handle: (request) =>
      mustFind(request.scope.state, 'checkoutSessions', pathParam(request, 'id'), 'session'),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    shape: {},
    handle(request) {
      const session = mustFind(
        request.scope.state,
        'checkoutSessions',
        pathParam(request, 'id'),
        'session',
      )
      expireCheckoutSession(request.scope, session)
      return session
    },
  },
]
