import { trialKeptAtCheckout } from '../../../shared/checkout-trial.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database } from '../../db/database.ts'
import {
  type BillingAccountRow,
  createBillingRepository,
  type PlanRow,
} from '../../db/repositories/billing-repository.ts'
import { createBusinessRepository } from '../../db/repositories/business-repository.ts'
import type { Member } from '../../domain/member.ts'
import { hasLiveSubscription, planInForce, trialDaysLeft } from '../../domain/plan-in-force.ts'
import { conflict, invalidField, notFound, Refusal, unavailable } from '../../domain/refusal.ts'
import type {
  BillingInterval,
  PlanPrice,
  StripeGateway,
  SubscriptionSnapshot,
} from '../../payments/stripe-gateway.ts'
import { WebhookPayloadError, WebhookSignatureError } from '../../payments/stripe-sdk.ts'
import { refuseStripeOutage } from '../payments/stripe-refusals.ts'
import { billedInterval, loadCurrentPlan, planView, subscriptionView } from './current-plan.ts'
import { createSubscriptionSync } from './subscription-sync.ts'

type BillingOverview = components['schemas']['BillingOverview']
type BillingRedirect = components['schemas']['BillingRedirect']
type CheckoutOutcome = components['schemas']['CheckoutOutcome']
type PlanUsage = components['schemas']['PlanUsage']
type WebhookReceipt = components['schemas']['WebhookReceipt']

/** Invoices the billing page lists. */
const INVOICES_SHOWN = 24

export interface BillingServiceOptions {
  database: Database
  /** Absent when Stripe is not configured: plans, trial and limits still work. */
  gateway: StripeGateway | undefined
  /** The staff app's address, for Stripe's return links. */
  appUrl: string
}

export type BillingService = ReturnType<typeof createBillingService>

/**
 * Subscription billing: plans, the owner's billing page, Checkout and the Customer Portal, and
 * the one sync that brings a business's account in line with its subscription in Stripe —
 * used alike by webhooks, the checkout return page and the billing page, so it may run in any
 * order, any number of times.
 */
export function createBillingService({ database, gateway, appUrl }: BillingServiceOptions) {
  const billing = createBillingRepository(database.db)
  const sync = createSubscriptionSync({ database, appUrl })

  function requireGateway(): StripeGateway {
    if (!gateway) throw unavailable('Billing is not set up on this server.')
    return gateway
  }

  async function resyncSubscription(subscriptionId: string): Promise<string | undefined> {
    const snapshot = await requireGateway().retrieveSubscription(subscriptionId)
    return snapshot ? sync.apply(snapshot) : undefined
  }

  async function ensureCustomer(member: Member, account: BillingAccountRow): Promise<string> {
    if (account.stripeCustomerId) return account.stripeCustomerId
    const business = await createBusinessRepository(database.db).get(member.tenantId)
    const customerId = await requireGateway().createCustomer({
      id: member.tenantId,
      name: business?.name ?? member.tenantId,
      email: member.actor.email ?? business?.email ?? null,
    })
    return billing.setCustomer(member.tenantId, customerId)
  }

  async function purchasablePrice(planId: string, interval: BillingInterval) {
    const plan = await billing.findPlan(planId)
    if (!plan) {
      throw invalidField('body.plan_id', `is not a plan: choose one of the plans offered`)
    }
    const lookupKey =
      interval === 'month' ? plan.stripeMonthlyLookupKey : plan.stripeYearlyLookupKey
    if (!lookupKey) {
      throw invalidField(
        'body.plan_id',
        `is ${plan.name}, which is not bought: cancel your subscription in "Manage billing" to return to it`,
      )
    }
    const priceId = await requireGateway().priceIdFor(lookupKey)
    if (!priceId) {
      throw unavailable(
        `Stripe has no price with the lookup key ${lookupKey}; billing is not fully set up on this server.`,
      )
    }
    return { plan, priceId }
  }

  return outagesAsProblems({
    /** Creates any plan price Stripe lacks (the local service starts empty). */
    async ensureStripePrices(): Promise<string[]> {
      return requireGateway().ensurePrices(planPrices(await billing.listPlans()))
    },

    async listPlans() {
      return { data: (await billing.listPlans()).map(planView) }
    },

    async planUsage(member: Member): Promise<PlanUsage> {
      const current = await loadCurrentPlan(database.db, member.tenantId, new Date())
      return {
        plan: planView(current.plan),
        subscription: subscriptionView(current),
        usage: {
          bookable_team_members: await billing.countBookableTeamMembers(member.tenantId),
        },
      }
    },

    /**
     * The owner's billing page. Re-reads the subscription first, so the page is right even
     * when a webhook is late; invoices, the next invoice and the card are read from Stripe.
     */
    async overview(member: Member): Promise<BillingOverview> {
      let account = await billing.findAccount(member.tenantId)
      let card: SubscriptionSnapshot['card'] = null
      if (gateway && account?.stripeSubscriptionId) {
        const snapshot = await gateway.retrieveSubscription(account.stripeSubscriptionId)
        if (snapshot) {
          await sync.apply(snapshot)
          card = snapshot.card
        }
      }
      const now = new Date()
      const current = await loadCurrentPlan(database.db, member.tenantId, now)
      account = current.account
      const customerId = account.stripeCustomerId
      const live = hasLiveSubscription(account)
      const [invoices, upcoming] = await Promise.all([
        gateway && customerId ? gateway.listInvoices(customerId, INVOICES_SHOWN) : [],
        gateway && customerId && live && account.stripeSubscriptionId && !account.cancelAtPeriodEnd
          ? gateway.upcomingInvoice(customerId, account.stripeSubscriptionId)
          : undefined,
      ])
      return {
        plan: planView(current.plan),
        subscription: subscriptionView(current),
        interval: billedInterval(account, current.plan.id),
        trial_days_left: trialDaysLeft(account, now),
        usage: {
          bookable_team_members: await billing.countBookableTeamMembers(member.tenantId),
        },
        next_invoice: upcoming
          ? {
              date: upcoming.date.toISOString(),
              amount: { amount_minor: upcoming.amountMinor, currency: upcoming.currency },
            }
          : null,
        invoices: invoices.map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          created: invoice.created.toISOString(),
          amount: { amount_minor: invoice.amountMinor, currency: invoice.currency },
          status: invoice.status,
          hosted_invoice_url: invoice.hostedInvoiceUrl,
          invoice_pdf: invoice.invoicePdf,
        })),
        payment_method: card
          ? {
              brand: card.brand,
              last4: card.last4,
              exp_month: card.expMonth,
              exp_year: card.expYear,
            }
          : null,
        portal_available: Boolean(gateway && customerId),
        billing_available: Boolean(gateway),
      }
    },

    /**
     * Where the owner pays for a plan: Stripe Checkout without a live subscription; with one,
     * the portal's confirmation of the change (one subscription per business).
     */
    async startCheckout(
      member: Member,
      request: { plan_id: string; interval: BillingInterval },
    ): Promise<BillingRedirect> {
      const stripe = requireGateway()
      const { plan, priceId } = await purchasablePrice(request.plan_id, request.interval)
      const account = await billing.findAccount(member.tenantId)
      if (!account) throw new Error(`Business ${member.tenantId} has no billing account.`)

      if (hasLiveSubscription(account) && account.stripeSubscriptionId) {
        const inForce = planInForce(account, new Date())
        if (inForce.planId === plan.id && account.billingInterval === request.interval) {
          throw conflict(
            `You are already on ${plan.name}, billed ${request.interval === 'month' ? 'monthly' : 'yearly'}.`,
          )
        }
        const subscription = await stripe.retrieveSubscription(account.stripeSubscriptionId)
        if (subscription?.itemId && account.stripeCustomerId) {
          const url = await stripe.createPortalSession({
            customerId: account.stripeCustomerId,
            returnUrl: `${appUrl}/settings/billing`,
            planChange: { subscriptionId: subscription.id, itemId: subscription.itemId, priceId },
          })
          return { url, destination: 'portal' }
        }
      }

      const customerId = await ensureCustomer(member, account)
      const now = new Date()
      const url = await stripe.createCheckoutSession({
        customerId,
        businessId: member.tenantId,
        priceId,
        // Subscribing during the card-less trial keeps its days; the card is charged at its end.
        trialEnd:
          planInForce(account, now).status === 'trialing' && !hasLiveSubscription(account)
            ? trialKeptAtCheckout(account.trialEndsAt, now)
            : null,
        successUrl: `${appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${appUrl}/checkout?plan=${encodeURIComponent(plan.id)}&interval=${request.interval}`,
      })
      return { url, destination: 'checkout' }
    },

    /** The return page's sync: never waits for the webhook. */
    async syncCheckoutSession(member: Member, sessionId: string): Promise<CheckoutOutcome> {
      const session = await requireGateway().retrieveCheckoutSession(sessionId)
      const account = await billing.findAccount(member.tenantId)
      const ours =
        session &&
        account &&
        (session.clientReferenceId === member.tenantId ||
          (session.customerId !== null && session.customerId === account.stripeCustomerId))
      if (!session || !ours) {
        throw notFound('There is no checkout of your business with this id.')
      }
      if (session.subscription) await sync.apply(session.subscription)
      const current = await loadCurrentPlan(database.db, member.tenantId, new Date())
      return {
        session_status: session.status,
        subscription: subscriptionView(current),
        interval: billedInterval(current.account, current.plan.id),
      }
    },

    async openPortal(member: Member): Promise<BillingRedirect> {
      const stripe = requireGateway()
      const account = await billing.findAccount(member.tenantId)
      if (!account?.stripeCustomerId) {
        throw conflict('There is nothing to manage yet: choose a plan first, then manage it here.')
      }
      const url = await stripe.createPortalSession({
        customerId: account.stripeCustomerId,
        returnUrl: `${appUrl}/settings/billing`,
      })
      return { url, destination: 'portal' }
    },

    /**
     * A webhook: believed only with a valid signature on the raw body; processed once per
     * event id; the event only says which subscription to re-read.
     */
    async receiveWebhook(rawBody: Buffer, signature: string): Promise<WebhookReceipt> {
      const stripe = requireGateway()
      let event: ReturnType<StripeGateway['verifyWebhook']>
      try {
        event = stripe.verifyWebhook(rawBody, signature)
      } catch (error) {
        if (error instanceof WebhookPayloadError) throw new Refusal('invalid', error.message)
        if (!(error instanceof WebhookSignatureError)) throw error
        throw new Refusal('invalid', 'The Stripe-Signature header does not match the body.', {
          errors: [{ path: 'header.stripe-signature', message: 'does not match the body' }],
        })
      }
      if (await billing.isEventRecorded(event.id)) return { received: true, duplicate: true }
      const tenantId = event.subscriptionId
        ? await resyncSubscription(event.subscriptionId)
        : undefined
      // Recorded after it took effect: an event whose sync failed is processed when Stripe
      // delivers it again.
      const first = await billing.recordEvent({
        id: event.id,
        type: event.type,
        tenantId: tenantId ?? null,
      })
      return { received: true, duplicate: !first }
    },
  })
}

/**
 * Stripe being down is not our 500: every use case answers 503 with a sentence to act on, and
 * a webhook refused that way is delivered again by Stripe.
 */
export function outagesAsProblems<T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  service: T,
): T {
  const guarded = Object.entries(service).map(([name, work]) => [
    name,
    (...args: never[]) => refuseStripeOutage(() => work(...args)),
  ])
  return Object.fromEntries(guarded) as T
}

/** The Stripe prices the plans table asks for: one per plan and interval that can be bought. */
function planPrices(plans: PlanRow[]): PlanPrice[] {
  return plans.flatMap((plan) => {
    const price = (interval: BillingInterval, lookupKey: string | null): PlanPrice[] =>
      lookupKey
        ? [
            {
              lookupKey,
              productId: `slotwise_${plan.id}`,
              productName: plan.name,
              amountMinor: interval === 'month' ? plan.monthlyPriceMinor : plan.yearlyPriceMinor,
              currency: plan.currency,
              interval,
            },
          ]
        : []
    return [
      ...price('month', plan.stripeMonthlyLookupKey),
      ...price('year', plan.stripeYearlyLookupKey),
    ]
  })
}
