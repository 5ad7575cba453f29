import Stripe from 'stripe'
import { type ConnectedAccountStatus, connectedAccountStatus } from '../domain/payment-account.ts'
import {
  AccountUnreachableError,
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
 * The payments a business takes from its customers, on the business's own Stripe account
 * (Stripe Connect, direct charges: every call carries the account as `stripeAccount`). The
 * same SDK client as subscription billing: with real keys Stripe, on `npm start` the local
 * service. Callers get plain snapshots, never SDK objects.
 */

export interface ConnectSettings extends StripeAddress {
  /** Signs the events of connected accounts (a Connect endpoint has its own secret): `whsec_…`. */
  connectWebhookSecret: string
}

export interface ConnectedAccountSnapshot {
  id: string
  status: ConnectedAccountStatus
  chargesEnabled: boolean
  payoutsEnabled: boolean
  detailsSubmitted: boolean
  /** What Stripe still needs from the business (`individual.verification.document`, …). */
  missing: string[]
  /** Why charges are off, in Stripe's words (`requirements.past_due`, …); null when they are on. */
  disabledReason: string | null
}

/** One-off Checkout on a connected account: paying now, or keeping a card for later. */
export interface PaymentCheckoutSnapshot {
  id: string
  mode: 'payment' | 'setup'
  status: 'open' | 'complete' | 'expired'
  /** Stripe's hosted page, while the session can still be paid. */
  url: string | null
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'
  amountTotalMinor: number | null
  currency: string | null
  paymentIntentId: string | null
  /** The customer and card kept for later (setup, or a payment with `keepCard`). */
  customerId: string | null
  paymentMethodId: string | null
  metadata: Record<string, string>
}

export type OffSessionCharge =
  | { outcome: 'succeeded'; paymentIntentId: string }
  | { outcome: 'failed'; paymentIntentId: string | null; reason: string }

export interface RefundSnapshot {
  id: string
  amountMinor: number
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action'
}

/** A verified Connect event, reduced to the account and the objects it is about. */
export interface ConnectWebhookEvent {
  id: string
  type: string
  /** The connected account the event happened on; null for a platform event sent here by mistake. */
  accountId: string | null
  checkoutSessionId: string | null
  paymentIntentId: string | null
  /** The object's metadata (our ids), for events about a PaymentIntent. */
  metadata: Record<string, string>
  /** Why a payment attempt failed, in Stripe's words (`payment_intent.payment_failed`). */
  failureMessage: string | null
}

/** Stripe's minimum for a Checkout Session's `expires_at`: holds shorter than this are expired by us. */
const CHECKOUT_MINIMUM_LIFETIME_SECONDS = 30 * 60
/**
 * Asked for beyond that minimum: Stripe measures it from when the request arrives, by its own
 * clock, so a request that takes a few seconds to get there (a busy process, a slow network,
 * a clock behind Stripe's) would otherwise be refused and the visitor lose the time they held.
 */
const CHECKOUT_LIFETIME_SLACK_SECONDS = 5 * 60

/**
 * When a booking's Checkout Session expires: at Stripe's minimum or when the hold ends,
 * whichever is later (a business may hold for up to an hour), plus the slack. A hold that ends
 * sooner has its session ended by us.
 */
export function checkoutExpiry(holdEndsAt: Date | null, now: number): number {
  const minimum = Math.ceil(now / 1000) + CHECKOUT_MINIMUM_LIFETIME_SECONDS
  const holdEnd = holdEndsAt ? Math.ceil(holdEndsAt.getTime() / 1000) : 0
  return Math.max(minimum, holdEnd) + CHECKOUT_LIFETIME_SLACK_SECONDS
}

export type ConnectGateway = ReturnType<typeof createConnectGateway>

/** What every Checkout on a connected account needs: whose, for whom, and where back to. */
interface CheckoutRequest {
  accountId: string
  customerEmail: string
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
  idempotencyKey: string
  /** When the hold the customer pays for ends: the session must stay open until then. */
  holdEndsAt: Date | null
}

export function createConnectGateway(settings: ConnectSettings) {
  const stripe = createStripeClient(settings)

  /**
   * A Checkout Session on the business's account for one customer, who comes back to the
   * booking page either way. Stripe's sessions live at least 30 minutes; a shorter hold is
   * ended with expireCheckout.
   */
  async function openCheckout(
    request: CheckoutRequest,
    params: Pick<
      Stripe.Checkout.SessionCreateParams,
      'mode' | 'line_items' | 'payment_intent_data' | 'currency' | 'setup_intent_data'
    >,
  ): Promise<{ id: string; url: string }> {
    const session = await stripe.checkout.sessions.create(
      {
        ...params,
        customer_email: request.customerEmail,
        customer_creation: 'always',
        metadata: request.metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: checkoutExpiry(request.holdEndsAt, Date.now()),
      },
      { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
    )
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no address.`)
    return { id: session.id, url: session.url }
  }

  return whenUnavailable({
    /**
     * An Express account for the business; one per business, however often this is called.
     * `replacing`: the account the business disconnected. Stripe would hand that one back for
     * the old key (it keeps keys 24 hours), so a reconnection keys on the account it replaces:
     * still one new account however often it is asked.
     */
    async createAccount(business: {
      id: string
      name: string
      email: string | null
      country: string
      replacing?: string | undefined
    }): Promise<ConnectedAccountSnapshot> {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: business.country,
          ...(business.email ? { email: business.email } : {}),
          business_profile: { name: business.name },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { business_id: business.id },
        },
        {
          idempotencyKey: business.replacing
            ? `slotwise-account-${business.id}-after-${business.replacing}`
            : `slotwise-account-${business.id}`,
        },
      )
      return accountSnapshotOf(account)
    },

    async retrieveAccount(accountId: string): Promise<ConnectedAccountSnapshot | undefined> {
      const account = await missingAsUndefined(() => stripe.accounts.retrieve(accountId))
      return account ? accountSnapshotOf(account) : undefined
    },

    /** Stripe's hosted onboarding for the account; single-use and short-lived, so made per visit. */
    async createOnboardingLink(request: {
      accountId: string
      refreshUrl: string
      returnUrl: string
    }): Promise<string> {
      const link = await stripe.accountLinks.create({
        account: request.accountId,
        refresh_url: request.refreshUrl,
        return_url: request.returnUrl,
        type: 'account_onboarding',
      })
      return link.url
    },

    /**
     * Checkout for paying now on the business's account. `keepCard` also keeps the card for a
     * later off-session charge.
     */
    async createPaymentCheckout(
      request: CheckoutRequest & {
        amountMinor: number
        currency: string
        description: string
        keepCard: boolean
      },
    ): Promise<{ id: string; url: string }> {
      return openCheckout(request, {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              product_data: { name: request.description },
            },
          },
        ],
        payment_intent_data: {
          metadata: request.metadata,
          ...(request.keepCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
      })
    },

    /** Checkout that only keeps a card on file, for a no-show fee charged later. */
    async createCardSetupCheckout(
      request: CheckoutRequest & { currency: string },
    ): Promise<{ id: string; url: string }> {
      return openCheckout(request, {
        mode: 'setup',
        currency: request.currency.toLowerCase(),
        setup_intent_data: { metadata: request.metadata },
      })
    },

    /** The session as Stripe has it now; undefined when the account has no such session. */
    async retrieveCheckout(
      accountId: string,
      sessionId: string,
    ): Promise<PaymentCheckoutSnapshot | undefined> {
      if (!/^cs_\w{1,250}$/.test(sessionId)) return undefined
      const session = await missingAsUndefined(() =>
        stripe.checkout.sessions.retrieve(
          sessionId,
          { expand: ['payment_intent', 'setup_intent'] },
          { stripeAccount: accountId },
        ),
      )
      return session ? checkoutSnapshotOf(session) : undefined
    },

    /**
     * Ends an open session so it can no longer be paid (a hold that ran out). A session that
     * was completed or expired meanwhile is returned as it is: the caller's sync decides.
     */
    async expireCheckout(accountId: string, sessionId: string): Promise<PaymentCheckoutSnapshot> {
      try {
        const session = await stripe.checkout.sessions.expire(
          sessionId,
          {},
          { stripeAccount: accountId },
        )
        return checkoutSnapshotOf(session)
      } catch (error) {
        if (error instanceof Stripe.errors.StripePermissionError) {
          throw new AccountUnreachableError(error.message, { cause: error })
        }
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        const session = await stripe.checkout.sessions.retrieve(
          sessionId,
          { expand: ['payment_intent', 'setup_intent'] },
          { stripeAccount: accountId },
        )
        return checkoutSnapshotOf(session)
      }
    },

    /**
     * Charges a kept card without the customer present (a no-show fee). A decline is an
     * outcome, not an error: it is shown to staff and never retried silently.
     */
    async chargeOffSession(request: {
      accountId: string
      customerId: string
      paymentMethodId: string
      amountMinor: number
      currency: string
      description: string
      metadata: Record<string, string>
      idempotencyKey: string
    }): Promise<OffSessionCharge> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
          },
          { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
        )
        if (intent.status === 'succeeded')
          return { outcome: 'succeeded', paymentIntentId: intent.id }
        return {
          outcome: 'failed',
          paymentIntentId: intent.id,
          reason: intent.last_payment_error?.message ?? `The payment is ${intent.status}.`,
        }
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error
        return {
          outcome: 'failed',
          paymentIntentId: error.payment_intent?.id ?? null,
          reason: error.message,
        }
      }
    },

    /** Gives back part or all of a payment; the key makes a repeated request one refund. */
    async refund(request: {
      accountId: string
      paymentIntentId: string
      amountMinor: number
      metadata: Record<string, string>
      idempotencyKey: string
    }): Promise<RefundSnapshot> {
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentIntentId,
          amount: request.amountMinor,
          metadata: request.metadata,
        },
        { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
      )
      return {
        id: refund.id,
        amountMinor: refund.amount,
        status:
          known(refund.status, [
            'pending',
            'succeeded',
            'failed',
            'canceled',
            'requires_action',
          ] as const) ?? 'pending',
      }
    },

    /**
     * What Stripe can still give back of a payment: its charge's captured amount less every
     * refund Stripe has made of it (ours, and any made in the business's Stripe dashboard).
     */
    async refundableMinor(accountId: string, paymentIntentId: string): Promise<number> {
      const intent = await stripe.paymentIntents.retrieve(
        paymentIntentId,
        { expand: ['latest_charge'] },
        { stripeAccount: accountId },
      )
      const charge = intent.latest_charge
      if (!charge || typeof charge === 'string' || charge.status !== 'succeeded') return 0
      return Math.max(0, charge.amount_captured - charge.amount_refunded)
    },

    /** Checks a Connect event's signature and reads which account and objects it concerns. */
    verifyConnectWebhook(rawBody: Buffer, signature: string): ConnectWebhookEvent {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.connectWebhookSecret)
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message)
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') {
        throw new WebhookPayloadError('The body is not a Stripe event: it has no id and type.')
      }
      return {
        id: event.id,
        type: event.type,
        accountId: typeof event.account === 'string' ? event.account : null,
        ...objectsOf(event),
      }
    },
  })
}

function accountSnapshotOf(account: Stripe.Account): ConnectedAccountSnapshot {
  const chargesEnabled = account.charges_enabled === true
  const detailsSubmitted = account.details_submitted === true
  const disabledReason = account.requirements?.disabled_reason ?? null
  const missing = [
    ...(account.requirements?.past_due ?? []),
    ...(account.requirements?.currently_due ?? []),
  ].filter((item, index, all) => all.indexOf(item) === index)
  return {
    id: account.id,
    status: connectedAccountStatus({ chargesEnabled, detailsSubmitted }),
    chargesEnabled,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted,
    missing,
    disabledReason: chargesEnabled ? null : disabledReason,
  }
}

function checkoutSnapshotOf(session: Stripe.Checkout.Session): PaymentCheckoutSnapshot {
  const intent = session.payment_intent
  const setup = session.setup_intent
  const paymentMethod =
    (intent && typeof intent !== 'string' ? idOf(intent.payment_method) : null) ??
    (setup && typeof setup !== 'string' ? idOf(setup.payment_method) : null)
  return {
    id: session.id,
    mode: session.mode === 'setup' ? 'setup' : 'payment',
    status: known(session.status, ['open', 'complete', 'expired'] as const) ?? 'open',
    url: session.status === 'open' ? (session.url ?? null) : null,
    paymentStatus:
      known(session.payment_status, ['paid', 'unpaid', 'no_payment_required'] as const) ?? 'unpaid',
    amountTotalMinor: session.amount_total,
    currency: session.currency ? session.currency.toUpperCase() : null,
    paymentIntentId: idOf(intent),
    customerId:
      idOf(session.customer) ??
      (setup && typeof setup !== 'string' ? idOf(setup.customer) : null) ??
      (intent && typeof intent !== 'string' ? idOf(intent.customer) : null),
    paymentMethodId: paymentMethod,
    metadata: { ...(session.metadata ?? {}) },
  }
}

/** Which session or payment an event is about, for the events paid bookings listen to. */
function objectsOf(
  event: Stripe.Event,
): Pick<
  ConnectWebhookEvent,
  'checkoutSessionId' | 'paymentIntentId' | 'metadata' | 'failureMessage'
> {
  const none = {
    checkoutSessionId: null,
    paymentIntentId: null,
    metadata: {},
    failureMessage: null,
  }
  // A signed body is Stripe's, but read it as if it might not be: a shape we do not expect is
  // an event we ignore, not an error Stripe would retry forever.
  const object: unknown = (event.data as { object?: unknown } | undefined)?.object
  if (typeof object !== 'object' || object === null) return none
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object
      return {
        ...none,
        checkoutSessionId: session.id,
        paymentIntentId: idOf(session.payment_intent),
        metadata: { ...(session.metadata ?? {}) },
      }
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object
      return {
        ...none,
        paymentIntentId: intent.id,
        metadata: { ...(intent.metadata ?? {}) },
        failureMessage: intent.last_payment_error?.message ?? null,
      }
    }
    case 'charge.refunded':
      return { ...none, paymentIntentId: idOf(event.data.object.payment_intent) }
    default:
      return none
  }
}
