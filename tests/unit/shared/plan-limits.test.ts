import { describe, expect, it } from 'vitest'
import { bookableMembersText, type PlanRules, planAllows } from '../../../shared/plan-limits'

const features = { paid_bookings: false, webhooks: false, remove_branding: false }
const plan = (name: string, limit: number | null, extra: Partial<PlanRules> = {}): PlanRules => ({
  name,
  team_member_limit: limit,
  features,
  ...extra,
})
const free = plan('Free', 1)
const starter = plan('Starter', 5)
const pro = plan('Pro', null, {
  features: { paid_bookings: true, webhooks: true, remove_branding: true },
})
const using = (bookable: number) => ({ bookable_team_members: bookable })

describe('planAllows: adding a bookable team member', () => {
  it('allows adding below the limit', () => {
    expect(planAllows(free, using(0), 'team_member.add_bookable')).toEqual({ allowed: true })
    expect(planAllows(starter, using(4), 'team_member.add_bookable')).toEqual({ allowed: true })
  })

  it('refuses at the limit, naming the plan, the limit and the use (singular)', () => {
    expect(planAllows(free, using(1), 'team_member.add_bookable')).toEqual({
      allowed: false,
      limit: { name: 'bookable_team_members', allowed: 1, used: 1 },
      message:
        'Your Free plan allows 1 bookable team member; you have 1. Choose a bigger plan to add more.',
    })
  })

  it('says members in the plural when the plan allows several', () => {
    const decision = planAllows(starter, using(5), 'team_member.add_bookable')
    expect(decision).toMatchObject({ allowed: false, limit: { allowed: 5, used: 5 } })
    expect(decision.allowed ? '' : decision.message).toBe(
      'Your Starter plan allows 5 bookable team members; you have 5. Choose a bigger plan to add more.',
    )
  })

  it('still refuses above the limit after a downgrade, and only asks for a bigger plan', () => {
    const decision = planAllows(free, using(3), 'team_member.add_bookable')
    expect(decision).toMatchObject({ allowed: false, limit: { allowed: 1, used: 3 } })
    const message = decision.allowed ? '' : decision.message
    expect(message).toContain('you have 3')
    expect(message).not.toMatch(/remove|delete|deactivate/i)
  })

  it('never refuses on a plan without a limit', () => {
    for (const used of [0, 1, 5, 1000]) {
      expect(planAllows(pro, using(used), 'team_member.add_bookable')).toEqual({ allowed: true })
    }
  })

  it('reads a limit of zero as none allowed', () => {
    const decision = planAllows(plan('Closed', 0), using(0), 'team_member.add_bookable')
    expect(decision.allowed ? '' : decision.message).toBe(
      'Your Closed plan allows no bookable team members; you have 0. Choose a bigger plan to add more.',
    )
  })
})

describe('planAllows: features', () => {
  it('allows a feature the plan includes and refuses one it does not', () => {
    expect(planAllows(pro, using(0), 'feature.webhooks')).toEqual({ allowed: true })
    expect(planAllows(free, using(0), 'feature.paid_bookings')).toEqual({
      allowed: false,
      feature: 'paid_bookings',
      message:
        'Your Free plan does not include payments at booking. Choose a bigger plan to use it.',
    })
  })
})

describe('bookableMembersText', () => {
  it('counts in words', () => {
    expect(bookableMembersText(0)).toBe('no bookable team members')
    expect(bookableMembersText(1)).toBe('1 bookable team member')
    expect(bookableMembersText(2)).toBe('2 bookable team members')
  })
})
