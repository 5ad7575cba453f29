import type { Database, Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  type BillingAccountRow,
  createBillingRepository,
  type SubscriptionMirror,
} from '../../db/repositories/billing-repository.ts'
import { createBusinessRepository } from '../../db/repositories/business-repository.ts'
import { createOutboxRepository } from '../../db/repositories/outbox-repository.ts'
import { planChangeSummary } from '../../domain/plan-change-summary.ts'
import { hasLiveSubscription, planInForce } from '../../domain/plan-in-force.ts'
import { paymentFailedMessage } from '../../notifications/billing-messages.ts'
import type { SubscriptionSnapshot } from '../../payments/stripe-gateway.ts'
import { notifyProfileChange } from '../../realtime/live-events.ts'
import { billedInterval } from './current-plan.ts'

export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>

/**
 * The one sync of a business's account with its subscription in Stripe. Webhooks, the checkout
 * return page and the billing page all hand it what they just read from Stripe, so it may run
 * in any order and any number of times: it writes only a change, and tells of it once.
 */
export function createSubscriptionSync({
  database,
  appUrl,
}: {
  database: Database
  appUrl: string
}) {
  const billing = createBillingRepository(database.db)

  /**
   * Writes what Stripe says of the subscription into the business's account, then records a change of plan or standing in the activity log, tells open apps, and
   * e-mails the owners when a payment has just failed. The account is found by its Stripe
   * customer, which we created for it; a subscription of a customer no business has is
   * ignored (undefined).
   */
  async function apply(snapshot: SubscriptionSnapshot): Promise<string | undefined> {
    const matched = snapshot.priceLookupKey
      ? await billing.findPlanByLookupKey(snapshot.priceLookupKey)
      : undefined
    const now = new Date()
    return database.transaction(async (tx) => {
      const repository = createBillingRepository(tx)
      const found = await repository.findAccountByCustomer(snapshot.customerId)
      if (!found) return undefined
      const account = await repository.findAccount(found.tenantId, { lock: true })
      if (!account || isStale(account, snapshot)) return account?.tenantId
      const mirror: SubscriptionMirror = {
        planId: matched?.plan.id ?? account.planId,
        stripeSubscriptionId: snapshot.id,
        stripeStatus: snapshot.status,
        billingInterval: matched?.interval ?? snapshot.interval,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        ...trialAfter(account, snapshot, now),
      }
      // Re-reading an unchanged subscription (the billing page does on every visit) writes nothing.
      if (sameMirror(account, mirror)) return account.tenantId
      await repository.mirrorSubscription(account.tenantId, mirror, now)
      await recordChange(tx, account, { ...account, ...mirror }, now)
      return account.tenantId
    })
  }

  async function recordChange(
    tx: Db,
    before: BillingAccountRow,
    after: BillingAccountRow,
    now: Date,
  ): Promise<void> {
    const was = planInForce(before, now)
    const is = planInForce(after, now)
    const changed =
      was.planId !== is.planId ||
      was.status !== is.status ||
      billedInterval(before, was.planId) !== billedInterval(after, is.planId) ||
      before.cancelAtPeriodEnd !== after.cancelAtPeriodEnd
    if (!changed) return
    const repository = createBillingRepository(tx)
    const planName = async (id: string) => (await repository.findPlan(id))?.name ?? id
    const summary = planChangeSummary({
      before: {
        ...was,
        planName: await planName(was.planId),
        interval: billedInterval(before, was.planId),
      },
      after: {
        ...is,
        planName: await planName(is.planId),
        interval: billedInterval(after, is.planId),
      },
      cancelAtPeriodEnd: after.cancelAtPeriodEnd,
      periodEnd: after.currentPeriodEnd,
    })
    await createActivityRepository(tx).record({
      tenantId: after.tenantId,
      actor: null,
      entityType: 'subscription',
      entityId: after.stripeSubscriptionId,
      action: 'updated',
      summary,
      changes: [
        { field: 'plan', before: was.planId, after: is.planId },
        { field: 'status', before: was.status, after: is.status },
      ].filter((change) => change.before !== change.after),
    })
    await notifyProfileChange(tx, after.tenantId)
    if (is.status === 'past_due' && was.status !== 'past_due') {
      await queuePaymentFailedMail(tx, after.tenantId, await planName(is.planId))
    }
  }

  async function queuePaymentFailedMail(tx: Db, tenantId: string, planName: string) {
    const business = await createBusinessRepository(tx).get(tenantId)
    const owners = await createBillingRepository(tx).ownerAddresses(tenantId)
    await createOutboxRepository(tx).queue(
      owners.map((owner) => {
        const message = paymentFailedMessage({
          ownerName: owner.name,
          businessName: business?.name ?? 'your business',
          planName,
          billingUrl: `${appUrl}/settings/billing`,
        })
        return {
          tenantId,
          appointmentId: null,
          kind: 'payment_failed' as const,
          recipient: 'owner' as const,
          toAddress: owner.email,
          subject: message.subject,
          bodyText: message.text,
          ics: null,
        }
      }),
    )
  }

  return { apply }
}

/**
 * The card-less trial once a subscription exists. Paying ends it: from then on the
 * subscription decides, and the plan change it makes is the news (the trial-end notice is not
 * sent). A subscription bought during the trial that keeps its days (`trialing` until its
 * `trial_end`) ends it when Stripe's trial ends instead, and that end is no news either: the
 * first charge is.
 */
function trialAfter(
  account: BillingAccountRow,
  snapshot: SubscriptionSnapshot,
  now: Date,
): Pick<SubscriptionMirror, 'trialEndsAt' | 'trialEndNotedAt'> {
  const inTrial =
    account.trialEndsAt && account.trialEndsAt > now && snapshot.status !== 'incomplete'
  if (!inTrial) {
    return { trialEndsAt: account.trialEndsAt, trialEndNotedAt: account.trialEndNotedAt }
  }
  if (snapshot.status === 'trialing' && snapshot.trialEnd && snapshot.trialEnd > now) {
    return { trialEndsAt: snapshot.trialEnd, trialEndNotedAt: account.trialEndNotedAt ?? now }
  }
  return { trialEndsAt: now, trialEndNotedAt: now }
}

function sameMirror(account: BillingAccountRow, mirror: SubscriptionMirror): boolean {
  const time = (date: Date | null) => date?.getTime() ?? null
  return (
    account.planId === mirror.planId &&
    account.stripeSubscriptionId === mirror.stripeSubscriptionId &&
    account.stripeStatus === mirror.stripeStatus &&
    account.billingInterval === mirror.billingInterval &&
    time(account.currentPeriodEnd) === time(mirror.currentPeriodEnd) &&
    account.cancelAtPeriodEnd === mirror.cancelAtPeriodEnd &&
    time(account.trialEndsAt) === time(mirror.trialEndsAt) &&
    time(account.trialEndNotedAt) === time(mirror.trialEndNotedAt)
  )
}

/**
 * One business has one subscription. A snapshot of another subscription than the one the
 * account follows is taken only when the account's own has ended (a new checkout after a
 * cancellation); an old, ended subscription arriving late never replaces a live one.
 */
function isStale(account: BillingAccountRow, snapshot: SubscriptionSnapshot): boolean {
  if (!account.stripeSubscriptionId || account.stripeSubscriptionId === snapshot.id) return false
  const snapshotEnded = snapshot.status === 'canceled' || snapshot.status === 'incomplete_expired'
  return snapshotEnded || hasLiveSubscription(account)
}
