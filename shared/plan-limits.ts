/**
 * What a plan allows, as one pure rule both sides apply: the server refuses with it (402
 * problem+json naming the limit), the staff app explains with it before anyone hits the limit.
 *
 * A smaller plan never takes anything away: the rule only answers whether something may be
 * added now, never asks for anything to be removed.
 */

export interface PlanRules {
  name: string
  /** How many bookable team members; null for no limit. */
  team_member_limit: number | null
  features: { paid_bookings: boolean; webhooks: boolean; remove_branding: boolean }
}

export interface PlanUsageCounts {
  bookable_team_members: number
}

export type PlanAction =
  | 'team_member.add_bookable'
  | 'feature.paid_bookings'
  | 'feature.webhooks'
  | 'feature.remove_branding'

export type LimitName = 'bookable_team_members'

export type PlanDecision =
  | { allowed: true }
  | {
      allowed: false
      /** The limit in the way (null for a feature the plan does not have). */
      limit: { name: LimitName; allowed: number; used: number } | null
      message: string
    }

const featureWords = {
  'feature.paid_bookings': 'paid bookings',
  'feature.webhooks': 'webhooks',
  'feature.remove_branding': 'removing the "Powered by Slotwise" line',
} as const

export function planAllows(
  plan: PlanRules,
  usage: PlanUsageCounts,
  action: PlanAction,
): PlanDecision {
  if (action === 'team_member.add_bookable') {
    const allowed = plan.team_member_limit
    const used = usage.bookable_team_members
    if (allowed === null || used < allowed) return { allowed: true }
    return {
      allowed: false,
      limit: { name: 'bookable_team_members', allowed, used },
      message: `Your ${plan.name} plan allows ${countOf(allowed)}; you have ${used}. Choose a bigger plan to add more.`,
    }
  }
  const feature = action.slice('feature.'.length) as keyof PlanRules['features']
  if (plan.features[feature]) return { allowed: true }
  return {
    allowed: false,
    limit: null,
    message: `Your ${plan.name} plan does not include ${featureWords[action]}. Choose a bigger plan to use it.`,
  }
}

function countOf(allowed: number): string {
  return `${allowed} bookable team ${allowed === 1 ? 'member' : 'members'}`
}
