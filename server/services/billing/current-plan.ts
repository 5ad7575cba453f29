import type { components } from '../../../shared/contract/schema.d.ts'
import { type PlanAction, type PlanRules, planAllows } from '../../../shared/plan-limits.ts'
import type { Db } from '../../db/database.ts'
import {
  type BillingAccountRow,
  createBillingRepository,
  type PlanRow,
} from '../../db/repositories/billing-repository.ts'
import { hasLiveSubscription, type PlanInForce, planInForce } from '../../domain/plan-in-force.ts'
import { Refusal } from '../../domain/refusal.ts'

export type Plan = components['schemas']['Plan']
export type Subscription = components['schemas']['Subscription']

/** The business's billing account with the plan in force now. */
export interface CurrentPlan {
  account: BillingAccountRow
  inForce: PlanInForce
  plan: PlanRow
}

export async function loadCurrentPlan(
  db: Db,
  tenantId: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<CurrentPlan> {
  const billing = createBillingRepository(db)
  const account = await billing.findAccount(tenantId, options)
  if (!account) throw new Error(`Business ${tenantId} has no billing account.`)
  const inForce = planInForce(account, now)
  const plan = await billing.findPlan(inForce.planId)
  if (!plan) throw new Error(`Plan ${inForce.planId} is not in the plans table.`)
  return { account, inForce, plan }
}

/** The profile's `subscription`: the plan in force and how it stands. */
export function subscriptionView({ account, inForce, plan }: CurrentPlan): Subscription {
  // An ended subscription keeps its last period and cancel flag in the account; they say
  // nothing about the plan in force now (Free would read "Cancels on" a date already past).
  const live = hasLiveSubscription(account)
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    status: inForce.status,
    trial_ends_at: account.trialEndsAt?.toISOString() ?? null,
    current_period_end: live ? (account.currentPeriodEnd?.toISOString() ?? null) : null,
    cancel_at_period_end: live && account.cancelAtPeriodEnd,
  }
}

export function planView(row: PlanRow): Plan {
  const money = (amount: number) => ({ amount_minor: amount, currency: row.currency })
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    team_member_limit: row.teamMemberLimit,
    prices: { month: money(row.monthlyPriceMinor), year: money(row.yearlyPriceMinor) },
    features: {
      paid_bookings: row.paidBookings,
      webhooks: row.webhooks,
      remove_branding: row.removeBranding,
    },
  }
}

/**
 * Refuses, with 402 naming the limit, what the plan in force does not allow. Call it in the
 * transaction that makes the change: it locks the billing account, so two additions racing
 * for the last place are decided one after the other.
 */
export async function refuseBeyondPlan(tx: Db, tenantId: string, action: PlanAction) {
  const current = await loadCurrentPlan(tx, tenantId, new Date(), { lock: true })
  const usage = {
    bookable_team_members: await createBillingRepository(tx).countBookableTeamMembers(tenantId),
  }
  const rules: PlanRules = planView(current.plan)
  const decision = planAllows(rules, usage, action)
  if (decision.allowed) return
  throw new Refusal('payment-required', decision.message, {
    type: '/problems/plan-limit',
    limit:
      'limit' in decision
        ? { ...decision.limit, plan_id: current.plan.id, upgrade_url: '/checkout' }
        : undefined,
  })
}

/** How the plan in force is billed: only a live subscription's own plan has an interval. */
export function billedInterval(account: BillingAccountRow, planInForceId: string) {
  return account.planId === planInForceId && hasLiveSubscription(account)
    ? account.billingInterval
    : null
}
