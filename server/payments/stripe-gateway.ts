import Stripe from 'stripe'
import {
  type StripeSubscriptionStatus,
  stripeSubscriptionStatuses,
} from '../domain/plan-in-force.ts'
import {
  createStripeClient,
  idOf,
  known,
  missingAsUndefined,
  type StripeAddress,
  WebhookPayloadError,
  WebhookSignatureError,
  whenUnavailable,
} from './stripe-sdk.ts'

/**
 * Slotwise's own Stripe account, for subscription billing, through the official SDK. With real
 * keys it talks to Stripe; `npm start` without keys points it (host, port, protocol) at the
 * local Stripe service in `local-stripe/`. Callers get plain snapshots, never SDK objects, so
 * the rest of the server does not depend on Stripe's shapes.
 */

export interface StripeSettings extends StripeAddress {
  /** Signs the webhooks Stripe (or the local service) sends us: `whsec_…`. */
  webhookSecret: string
}

export type BillingInterval = 'month' | 'year'

/** A plan price as Stripe should have it, found by its lookup key. */
export interface PlanPrice {
  lookupKey: string
  productId: string
  productName: string
  amountMinor: number
  currency: string
  interval: BillingInterval
}

export interface CardSummary {
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

/** What we keep of a subscription: enough to mirror it and to change its plan. */
export interface SubscriptionSnapshot {
  id: string
  customerId: string
  status: StripeSubscriptionStatus
  itemId: string | null
  priceLookupKey: string | null
  interval: BillingInterval | null
  currentPeriodEnd: Date | null
  /** When a trialing subscription's trial ends (its first charge); null without a trial. */
  trialEnd: Date | null
  cancelAtPeriodEnd: boolean
  card: CardSummary | null
}

export interface CheckoutSessionSnapshot {
  id: string
  status: 'open' | 'complete' | 'expired'
  customerId: string | null
  clientReferenceId: string | null
  subscription: SubscriptionSnapshot | null
}

export interface InvoiceSnapshot {
  id: string
  number: string | null
  created: Date
  amountMinor: number
  currency: string
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'
  hostedInvoiceUrl: string | null
  invoicePdf: string | null
}

export interface UpcomingInvoiceSnapshot {
  date: Date
  amountMinor: number
  currency: string
}

/** The event a verified webhook carried, reduced to what tells us which subscription to re-read. */
export interface WebhookEvent {
  id: string
  type: string
  /** The subscription the event is about, when it is about one. */
  subscriptionId: string | null
  customerId: string | null
}

export type StripeGateway = ReturnType<typeof createStripeGateway>

export function createStripeGateway(settings: StripeSettings) {
  const stripe = createStripeClient(settings)
  const priceIds = new Map<string, string>()

  async function findPrices(lookupKeys: string[]): Promise<Stripe.Price[]> {
    const prices: Stripe.Price[] = []
    for await (const price of stripe.prices.list({
      lookup_keys: lookupKeys,
      active: true,
      limit: 100,
    })) {
      prices.push(price)
    }
    return prices
  }

  return whenUnavailable({
    /** Whether this gateway talks to a local service rather than Stripe itself. */
    isLocal: settings.apiUrl !== undefined,

    /**
     * Creates, in Stripe, each plan price whose lookup key is missing (and its product).
     * Idempotent; run at start against the local service and once by hand on a real account.
     */
    async ensurePrices(wanted: PlanPrice[]): Promise<string[]> {
      const existing = new Set(
        (await findPrices(wanted.map((price) => price.lookupKey))).map((price) => price.lookup_key),
      )
      const created: string[] = []
      const products = new Set<string>()
      for (const price of wanted) {
        if (existing.has(price.lookupKey)) continue
        if (!products.has(price.productId)) {
          await ensureProduct(stripe, price)
          products.add(price.productId)
        }
        await stripe.prices.create(
          {
            product: price.productId,
            unit_amount: price.amountMinor,
            currency: price.currency.toLowerCase(),
            recurring: { interval: price.interval },
            lookup_key: price.lookupKey,
            nickname: `${price.productName} (${price.interval}ly)`,
          },
          { idempotencyKey: `slotwise-price-${price.lookupKey}-${price.amountMinor}` },
        )
        created.push(price.lookupKey)
      }
      return created
    },

    /** The price id of a lookup key; undefined when Stripe has no active price for it. */
    async priceIdFor(lookupKey: string): Promise<string | undefined> {
      const known = priceIds.get(lookupKey)
      if (known) return known
      const [price] = await findPrices([lookupKey])
      if (price) priceIds.set(lookupKey, price.id)
      return price?.id
    },

    async createCustomer(business: { id: string; name: string; email: string | null }) {
      const customer = await stripe.customers.create(
        {
          name: business.name,
          ...(business.email ? { email: business.email } : {}),
          metadata: { business_id: business.id },
        },
        // Two first checkouts at once make one customer, whoever stores it first.
        { idempotencyKey: `slotwise-customer-${business.id}` },
      )
      return customer.id
    },

    async createCheckoutSession(request: {
      customerId: string
      businessId: string
      priceId: string
      successUrl: string
      cancelUrl: string
      /** The trial the subscription keeps: no charge until then (at least 48 hours ahead). */
      trialEnd: Date | null
    }): Promise<string> {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.businessId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { business_id: request.businessId },
        subscription_data: {
          metadata: { business_id: request.businessId },
          ...(request.trialEnd ? { trial_end: Math.floor(request.trialEnd.getTime() / 1000) } : {}),
        },
      })
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no address.`)
      return session.url
    },

    /** The session and its subscription as Stripe has them now; undefined when Stripe knows no such session. */
    async retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | undefined> {
      const session = await missingAsUndefined(() =>
        stripe.checkout.sessions.retrieve(id, {
          expand: ['subscription', 'subscription.default_payment_method'],
        }),
      )
      if (!session) return undefined
      const subscription = session.subscription
      return {
        id: session.id,
        status: known(session.status, ['open', 'complete', 'expired'] as const) ?? 'open',
        customerId: idOf(session.customer),
        clientReferenceId: session.client_reference_id,
        subscription:
          subscription && typeof subscription !== 'string'
            ? snapshotOf(subscription, await lookupKeysOf(stripe, subscription))
            : null,
      }
    },

    async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | undefined> {
      if (!/^sub_\w{1,250}$/.test(id)) return undefined
      const subscription = await missingAsUndefined(() =>
        stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }),
      )
      if (!subscription) return undefined
      return snapshotOf(subscription, await lookupKeysOf(stripe, subscription))
    },

    /**
     * A Customer Portal session. With `planChange`, the portal opens on the confirmation of
     * that change (one subscription per business: a new plan changes it, never adds one).
     */
    async createPortalSession(request: {
      customerId: string
      returnUrl: string
      planChange?: { subscriptionId: string; itemId: string; priceId: string } | undefined
    }): Promise<string> {
      const change = request.planChange
      const session = await stripe.billingPortal.sessions.create({
        customer: request.customerId,
        return_url: request.returnUrl,
        ...(change
          ? {
              flow_data: {
                type: 'subscription_update_confirm',
                subscription_update_confirm: {
                  subscription: change.subscriptionId,
                  items: [{ id: change.itemId, price: change.priceId }],
                },
                after_completion: { type: 'redirect', redirect: { return_url: request.returnUrl } },
              },
            }
          : {}),
      })
      return session.url
    },

    async listInvoices(customerId: string, limit: number): Promise<InvoiceSnapshot[]> {
      const page = await stripe.invoices.list({ customer: customerId, limit })
      return page.data.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        created: new Date(invoice.created * 1000),
        amountMinor: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        status: known(invoice.status, invoiceStatuses) ?? 'draft',
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        invoicePdf: invoice.invoice_pdf ?? null,
      }))
    },

    /** What the subscription will bill next; undefined when nothing is due (it ends first). */
    async upcomingInvoice(
      customerId: string,
      subscriptionId: string,
    ): Promise<UpcomingInvoiceSnapshot | undefined> {
      try {
        const preview = await stripe.invoices.createPreview({
          customer: customerId,
          subscription: subscriptionId,
        })
        const at = preview.next_payment_attempt ?? preview.period_end
        return {
          date: new Date(at * 1000),
          amountMinor: preview.amount_due,
          currency: preview.currency.toUpperCase(),
        }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined
        throw error
      }
    },

    /** Checks the signature on the raw body and reads which subscription the event concerns. */
    verifyWebhook(rawBody: Buffer, signature: string): WebhookEvent {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret)
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message)
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') {
        throw new WebhookPayloadError('The body is not a Stripe event: it has no id and type.')
      }
      return { id: event.id, type: event.type, ...subjectOf(event) }
    },
  })
}

async function ensureProduct(stripe: Stripe, price: PlanPrice): Promise<void> {
  const found = await missingAsUndefined(() => stripe.products.retrieve(price.productId))
  if (found) return
  await stripe.products.create(
    { id: price.productId, name: `Slotwise ${price.productName}` },
    { idempotencyKey: `slotwise-product-${price.productId}` },
  )
}

const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const

/** The lookup key of the subscription's price, reading the price when it came unexpanded. */
async function lookupKeysOf(stripe: Stripe, subscription: Stripe.Subscription) {
  const price = subscription.items.data[0]?.price
  if (!price) return null
  if (price.lookup_key) return price.lookup_key
  return (await stripe.prices.retrieve(price.id)).lookup_key
}

function snapshotOf(
  subscription: Stripe.Subscription,
  priceLookupKey: string | null,
): SubscriptionSnapshot {
  const item = subscription.items.data[0]
  const interval = known(item?.price.recurring?.interval, ['month', 'year'] as const)
  const card = subscription.default_payment_method
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    // A status newer than this code is treated as not paid for: no plan is given on a guess.
    status: known(subscription.status, stripeSubscriptionStatuses) ?? 'incomplete',
    itemId: item?.id ?? null,
    priceLookupKey,
    interval,
    // Since API version 2025-03-31 the period belongs to each item, not the subscription.
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    card:
      card && typeof card !== 'string' && card.card
        ? {
            brand: card.card.brand,
            last4: card.card.last4,
            expMonth: card.card.exp_month,
            expYear: card.card.exp_year,
          }
        : null,
  }
}

/** Which subscription (and customer) an event is about, for the events billing listens to. */
function subjectOf(event: Stripe.Event): Pick<WebhookEvent, 'subscriptionId' | 'customerId'> {
  const none = { subscriptionId: null, customerId: null }
  // A signed body is Stripe's, but read it as if it might not be: a shape we do not expect is
  // an event we ignore, not an error Stripe would retry forever.
  const object: unknown = (event.data as { object?: unknown } | undefined)?.object
  if (typeof object !== 'object' || object === null) return none
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      if (session.mode !== 'subscription') return none
      return { subscriptionId: idOf(session.subscription), customerId: idOf(session.customer) }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object
      return { subscriptionId: subscription.id, customerId: idOf(subscription.customer) }
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = event.data.object
      const details = invoice.parent?.subscription_details
      return {
        subscriptionId: details ? idOf(details.subscription) : null,
        customerId: idOf(invoice.customer),
      }
    }
    default:
      return none
  }
}
