/**
 * What a business's plan allows. Pure and shared: the server refuses with it (402
 * `/problems/plan-limit`), the staff app explains a limit with it before anyone hits it. Plans
 * are data (GET /billing/plans), so the rule reads the plan it is given and names no plan.
 *
 * A smaller plan never takes anything away: a business over its limit after a downgrade keeps
 * every bookable team member; it only cannot add another until it is back under the limit.
 */

/** The part of a plan the rules read (the contract's `Plan` has these fields). */
export interface PlanRules {
  name: string
  /** Bookable team members allowed; null for no limit. */
  team_member_limit: number | null
  features: Record<PlanFeature, boolean>
}

/** What the business uses now (the contract's `UsageFigures`). */
export interface PlanUsage {
  bookable_team_members: number
}

export type PlanFeature = 'paid_bookings' | 'webhooks' | 'remove_branding'

export type LimitedAction = 'team_member.add_bookable'
export type FeatureAction = `feature.${PlanFeature}`
export type PlanAction = LimitedAction | FeatureAction

/** The counted limits, named as in the contract's `PlanLimit.name`. */
export type LimitName = 'bookable_team_members'

export type LimitDecision =
  | { allowed: true }
  | {
      allowed: false
      limit: { name: LimitName; allowed: number; used: number }
      /** A sentence for the person who asked, naming the plan and what to do. */
      message: string
    }

export type FeatureDecision =
  | { allowed: true }
  | { allowed: false; feature: PlanFeature; message: string }

export type PlanDecision<Action extends PlanAction = PlanAction> = Action extends LimitedAction
  ? LimitDecision
  : FeatureDecision

/** What each feature is called in a sentence ("does not include payments at booking"). */
export const PLAN_FEATURE_WORDS: Record<PlanFeature, string> = {
  paid_bookings: 'payments at booking',
  webhooks: 'webhooks',
  remove_branding: 'removing the Slotwise branding',
}

/** "1 bookable team member", "5 bookable team members", "no bookable team members". */
export function bookableMembersText(count: number): string {
  if (count === 0) return 'no bookable team members'
  return `${count} bookable team ${count === 1 ? 'member' : 'members'}`
}

/**
 * Whether the plan lets the business do `action` with what it uses now. Adding a bookable team
 * member is allowed while the count is below the plan's limit (none: always); a feature is
 * allowed when the plan includes it.
 */
export function planAllows<Action extends PlanAction>(
  plan: PlanRules,
  usage: PlanUsage,
  action: Action,
): PlanDecision<Action>
export function planAllows(plan: PlanRules, usage: PlanUsage, action: PlanAction): PlanDecision {
  if (action === 'team_member.add_bookable') {
    const allowed = plan.team_member_limit
    const used = usage.bookable_team_members
    if (allowed === null || used < allowed) return { allowed: true }
    return {
      allowed: false,
      limit: { name: 'bookable_team_members', allowed, used },
      message: `Your ${plan.name} plan allows ${bookableMembersText(allowed)}; you have ${used}. Choose a bigger plan to add more.`,
    }
  }
  const feature = action.slice('feature.'.length) as PlanFeature
  if (plan.features[feature]) return { allowed: true }
  return {
    allowed: false,
    feature,
    message: `Your ${plan.name} plan does not include ${PLAN_FEATURE_WORDS[feature]}. Choose a bigger plan to use it.`,
  }
}
