import type { components } from '../../../shared/contract/schema.d.ts'
import { planAllows } from '../../../shared/plan-limits.ts'
import type { Database } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createBillingRepository } from '../../db/repositories/billing-repository.ts'
import { createBusinessRepository } from '../../db/repositories/business-repository.ts'
import {
  createPaymentAccountRepository,
  type PaymentAccountRow,
} from '../../db/repositories/payment-account-repository.ts'
import type { Member } from '../../domain/member.ts'
import { missingItems } from '../../domain/payment-account.ts'
import { Refusal, unavailable } from '../../domain/refusal.ts'
import type { ConnectGateway, ConnectWebhookEvent } from '../../payments/connect-gateway.ts'
import { WebhookPayloadError, WebhookSignatureError } from '../../payments/stripe-sdk.ts'
import { outagesAsProblems } from '../billing/billing-service.ts'
import { loadCurrentPlan, planView, refuseBeyondPlan } from '../billing/current-plan.ts'
import { createPaymentAccountSync, mirrorOf } from './payment-account-sync.ts'

type PaymentAccount = components['schemas']['PaymentAccount']
type PaymentOnboardingLink = components['schemas']['PaymentOnboardingLink']
type WebhookReceipt = components['schemas']['WebhookReceipt']

/** Where Stripe's onboarding sends the owner back, and where an expired link leads. */
export const PAYMENTS_SETTINGS_PATH = '/settings/payments'

export interface PaymentAccountServiceOptions {
  database: Database
  /** Absent when Stripe is not configured: the status still reads, nobody can connect. */
  gateway: ConnectGateway | undefined
  /** Whether Connect webhooks can be verified (STRIPE_CONNECT_WEBHOOK_SECRET is set). */
  connectWebhooks: boolean
  /** The staff app's address, for Stripe's return and refresh links. */
  appUrl: string
  /** Checkout and payment events of paid bookings (booking-payment-service); the business, if any. */
  checkoutEvents?: ((event: ConnectWebhookEvent) => Promise<string | undefined>) | undefined
}

export type PaymentAccountService = ReturnType<typeof createPaymentAccountService>

/**
 * The business's own Stripe account, on which it takes payments at booking: its status for
 * Settings → Payments, connecting it (Stripe's hosted onboarding), and the one sync that the
 * return from onboarding and the `account.updated` webhook share.
 */
export function createPaymentAccountService({
  database,
  gateway,
  connectWebhooks,
  appUrl,
  checkoutEvents,
}: PaymentAccountServiceOptions) {
  const accounts = createPaymentAccountRepository(database.db)
  const sync = createPaymentAccountSync({ database })

  function requireGateway(): ConnectGateway {
    if (!gateway) throw unavailable('Payments are not set up on this server.')
    return gateway
  }

  async function view(
    tenantId: string,
    row: PaymentAccountRow | undefined,
  ): Promise<PaymentAccount> {
    const current = await loadCurrentPlan(database.db, tenantId, new Date())
    const usage = {
      bookable_team_members: await createBillingRepository(database.db).countBookableTeamMembers(
        tenantId,
      ),
    }
    return {
      status: row?.status ?? 'not_connected',
      stripe_account_id: row?.stripeAccountId ?? null,
      charges_enabled: row?.chargesEnabled ?? false,
      payouts_enabled: row?.payoutsEnabled ?? false,
      details_submitted: row?.detailsSubmitted ?? false,
      missing: missingItems(row?.requirementsDue ?? []),
      plan_allows: planAllows(planView(current.plan), usage, 'feature.paid_bookings').allowed,
      payments_available: Boolean(gateway),
    }
  }

  /**
   * The business's connected account, created the first time. Stripe is asked with an
   * idempotency key per business, so two requests racing here get the same account back, and
   * the database keeps one row per business whichever insert lands first.
   */
  async function ensureAccount(member: Member, stripe: ConnectGateway): Promise<PaymentAccountRow> {
    const existing = await accounts.find(member.tenantId)
    if (existing && existing.status !== 'disconnected') return existing
    const business = await createBusinessRepository(database.db).get(member.tenantId)
    if (!business) throw new Error(`Business ${member.tenantId} vanished.`)
    // A disconnected account cannot be used again (Stripe revoked our access): a new one.
    const snapshot = await stripe.createAccount({
      id: business.id,
      name: business.name,
      email: business.email ?? member.actor.email,
      country: countryOf(business.locale),
      replacing: existing?.stripeAccountId,
    })
    await database.transaction(async (tx) => {
      const repository = createPaymentAccountRepository(tx)
      const kept = existing
        ? await repository.replaceDisconnected(
            member.tenantId,
            existing.stripeAccountId,
            snapshot.id,
            mirrorOf(snapshot),
          )
        : await repository.insertIfAbsent(member.tenantId, snapshot.id, mirrorOf(snapshot))
      if (!kept) return
      await createActivityRepository(tx).record({
        tenantId: member.tenantId,
        actor: member.actor,
        entityType: 'payment_account',
        entityId: snapshot.id,
        action: 'created',
        summary: existing
          ? 'Started connecting Stripe again for payments at booking'
          : 'Started connecting Stripe for payments at booking',
        changes: [
          {
            field: 'payment_account_status',
            before: existing ? 'disconnected' : 'not_connected',
            after: snapshot.status,
          },
        ],
      })
    })
    const row = await accounts.find(member.tenantId)
    if (!row) throw new Error(`The payment account of ${member.tenantId} vanished.`)
    return row
  }

  return outagesAsProblems({
    /** What the owner's Settings → Payments shows, from what the last sync stored. */
    async account(member: Member): Promise<PaymentAccount> {
      return view(member.tenantId, await accounts.find(member.tenantId))
    },

    /** A fresh single-use link to Stripe's onboarding, creating the account the first time. */
    async startOnboarding(member: Member): Promise<PaymentOnboardingLink> {
      const stripe = requireGateway()
      await database.transaction((tx) =>
        refuseBeyondPlan(tx, member.tenantId, 'feature.paid_bookings'),
      )
      const account = await ensureAccount(member, stripe)
      const url = await stripe.createOnboardingLink({
        accountId: account.stripeAccountId,
        refreshUrl: `${appUrl}${PAYMENTS_SETTINGS_PATH}?onboarding=refresh`,
        returnUrl: `${appUrl}${PAYMENTS_SETTINGS_PATH}?onboarding=returned`,
      })
      return { url }
    },

    /** The return from onboarding: re-reads the account from Stripe at once. */
    async syncAccount(member: Member): Promise<PaymentAccount> {
      const row = await accounts.find(member.tenantId)
      // A disconnected account is no longer ours to read.
      if (row && row.status !== 'disconnected') {
        const snapshot = await requireGateway().retrieveAccount(row.stripeAccountId)
        if (snapshot) await sync.apply(snapshot, member.actor)
      }
      return view(member.tenantId, await accounts.find(member.tenantId))
    },

    /**
     * A Connect webhook: believed only with a valid signature on the raw body; processed once
     * per event id; an account event only says which account to re-read.
     */
    async receiveWebhook(rawBody: Buffer, signature: string): Promise<WebhookReceipt> {
      const stripe = requireGateway()
      if (!connectWebhooks) {
        throw unavailable('Connect webhooks are not set up on this server.')
      }
      let event: ReturnType<ConnectGateway['verifyConnectWebhook']>
      try {
        event = stripe.verifyConnectWebhook(rawBody, signature)
      } catch (error) {
        if (error instanceof WebhookPayloadError) throw new Refusal('invalid', error.message)
        if (!(error instanceof WebhookSignatureError)) throw error
        throw new Refusal('invalid', 'The Stripe-Signature header does not match the body.', {
          errors: [{ path: 'header.stripe-signature', message: 'does not match the body' }],
        })
      }
      const billing = createBillingRepository(database.db)
      if (await billing.isEventRecorded(event.id)) return { received: true, duplicate: true }
      let tenantId: string | undefined
      if (event.accountId && event.type === DEAUTHORIZED) {
        // Stripe no longer lets us read the account: the signed event is the whole word.
        tenantId = await sync.disconnect(event.accountId)
      } else if (event.accountId && isAccountEvent(event.type)) {
        // Only an account some business has is re-read: Stripe is never asked about others.
        const known = await accounts.findByStripeAccount(event.accountId)
        const snapshot = known ? await stripe.retrieveAccount(event.accountId) : undefined
        tenantId = snapshot ? await sync.apply(snapshot, null) : undefined
      } else if (event.accountId && checkoutEvents) {
        tenantId = await checkoutEvents(event)
      }
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

/** The business removed Slotwise from its Stripe dashboard. */
const DEAUTHORIZED = 'account.application.deauthorized'

/**
 * Events after which the account may stand differently: its details, capabilities, people. A
 * deauthorization is not among them: the account can no longer be read by us, and re-reading it
 * would fail on every delivery (it is handled on its own, `sync.disconnect`).
 */
function isAccountEvent(type: string): boolean {
  if (type === DEAUTHORIZED) return false
  return type.startsWith('account.') || type.startsWith('capability.') || type.startsWith('person.')
}

/**
 * The country Stripe opens the account in, from the business's locale ("de-DE" → DE; "en" →
 * its likeliest region, US). Stripe's onboarding shows it; it cannot be changed afterwards.
 */
export function countryOf(locale: string): string {
  try {
    return new Intl.Locale(locale).maximize().region ?? 'US'
  } catch {
    return 'US'
  }
}
