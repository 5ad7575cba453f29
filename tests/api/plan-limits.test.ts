import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingAccounts, teamMembers } from '../../server/db/schema.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { createSchedulingBusiness } from '../support/api/scheduling-business.ts'
import { type Business, call, createBusiness, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

/**
 * The plan limit on bookable team members, enforced by the server with the shared planAllows
 * rule. Each business here is put in a billing state by writing its billing account as the
 * sync would (trial ended, a Starter subscription, a failed payment); how Stripe gets it there
 * is billing.test.ts's subject.
 */

type PlanUsage = components['schemas']['PlanUsage']
type TeamMember = components['schemas']['TeamMember']

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp?.close())

async function setBilling(
  tenantId: string,
  state: Partial<typeof billingAccounts.$inferInsert>,
): Promise<void> {
  await testApp.database.db
    .update(billingAccounts)
    .set(state)
    .where(eq(billingAccounts.tenantId, tenantId))
}

const trialEnded = { trialEndsAt: new Date(Date.now() - 60_000) }
/** A Starter subscription in good standing, as the sync writes it (ids are unique per business). */
const starter = () => ({
  ...trialEnded,
  planId: 'starter',
  stripeSubscriptionId: `sub_test_${randomUUID()}`,
  stripeStatus: 'active' as const,
  billingInterval: 'month' as const,
})

function addMember(business: Business, name: string, extra: object = {}) {
  return call(testApp, business.owner, 'POST', '/api/v1/team-members', { name, ...extra })
}

async function usageOf(business: Business): Promise<PlanUsage> {
  const response = await call(testApp, business.owner, 'GET', '/api/v1/billing/plan-usage')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PlanUsage>()
}

async function teamSize(tenantId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(eq(teamMembers.tenantId, tenantId))
  return row?.count ?? 0
}

describe('bookable team members per plan', () => {
  it('a new business is on the 14-day Pro trial, with no limit on its team', async () => {
    const business = await createBusiness(testApp, 'Trial')
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      expect((await addMember(business, name)).statusCode).toBe(201)
    }
    const usage = await usageOf(business)
    expect(usage.plan).toMatchObject({ id: 'pro', team_member_limit: null })
    expect(usage.subscription).toMatchObject({ plan_id: 'pro', status: 'trialing' })
    // Owner, admin and staff, and the five just added.
    expect(usage.usage.bookable_team_members).toBe(8)
  })

  it('when the trial ends the business is on Free: it keeps everyone, and adds no one bookable', async () => {
    const business = await createBusiness(testApp, 'Lapsed')
    await setBilling(business.tenantId, trialEnded)
    const before = await teamSize(business.tenantId)

    const profile = (await call(testApp, business.owner, 'GET', '/api/v1/me/')).json<Profile>()
    expect(profile.subscription).toMatchObject({
      plan_id: 'free',
      plan_name: 'Free',
      status: 'active',
    })
    expect((await usageOf(business)).usage.bookable_team_members).toBe(3)

    const refused = expectProblem(await addMember(business, 'Newcomer'), 402)
    expect(refused).toMatchObject({
      type: '/problems/plan-limit',
      detail:
        'Your Free plan allows 1 bookable team member; you have 3. Choose a bigger plan to add more.',
      limit: {
        name: 'bookable_team_members',
        allowed: 1,
        used: 3,
        plan_id: 'free',
        upgrade_url: '/checkout',
      },
    })
    expect(await teamSize(business.tenantId)).toBe(before)

    // Someone who takes no bookings can always be added; existing members stay bookable.
    const assistant = await addMember(business, 'Front desk', { bookable: false })
    expect(assistant.statusCode, assistant.body).toBe(201)
    const assistantId = assistant.json<TeamMember>().id
    const team = await call(testApp, business.owner, 'GET', '/api/v1/team-members?bookable=true')
    expect(team.json<{ total: number }>().total).toBe(3)

    // Making someone bookable again counts as adding them.
    const reactivate = await call(
      testApp,
      business.owner,
      'PATCH',
      `/api/v1/team-members/${assistantId}`,
      { bookable: true },
    )
    expect(expectProblem(reactivate, 402).limit).toMatchObject({ allowed: 1, used: 3 })

    // Going down is never refused, and other changes to a member over the limit still save.
    const quieter = await call(
      testApp,
      business.owner,
      'PATCH',
      `/api/v1/team-members/${business.staffMemberId}`,
      { bookable: false, bio: 'Mornings only' },
    )
    expect(quieter.statusCode, quieter.body).toBe(200)
    const renamed = await call(
      testApp,
      business.owner,
      'PATCH',
      `/api/v1/team-members/${business.adminMemberId}`,
      { name: 'Renamed Admin' },
    )
    expect(renamed.statusCode, renamed.body).toBe(200)
  })

  it('the public booking page keeps every bookable team member after a downgrade', async () => {
    const business = await createSchedulingBusiness(testApp, 'Public')
    const profile = (await call(testApp, business.owner, 'GET', '/api/v1/me/')).json<Profile>()
    const publicView = async () => {
      const members = await testApp.app.inject({
        method: 'GET',
        url: `/api/v1/public/team-members?business=${profile.tenant.slug}&service_id=${business.haircutId}`,
      })
      expect(members.statusCode, members.body).toBe(200)
      return members
        .json<{ items: { id: string }[] }>()
        .items.map((member) => member.id)
        .sort()
    }
    const before = await publicView()
    expect(before).toHaveLength(3)
    await setBilling(business.tenantId, trialEnded)
    expect(await publicView()).toEqual(before)
  })

  it('Starter allows five, whoever adds them (an admin meets the same limit)', async () => {
    const business = await createBusiness(testApp, 'Starter')
    await setBilling(business.tenantId, starter())
    expect((await addMember(business, 'Fourth')).statusCode).toBe(201)
    expect((await addMember(business, 'Fifth')).statusCode).toBe(201)
    const sixth = await call(testApp, business.admin, 'POST', '/api/v1/team-members', {
      name: 'Sixth',
    })
    expect(expectProblem(sixth, 402)).toMatchObject({
      detail:
        'Your Starter plan allows 5 bookable team members; you have 5. Choose a bigger plan to add more.',
      limit: { allowed: 5, used: 5, plan_id: 'starter' },
    })
    const usage = await usageOf(business)
    expect(usage.plan.id).toBe('starter')
    expect(usage.usage.bookable_team_members).toBe(5)
  })

  it('two additions racing for the last place: exactly one gets it', async () => {
    const business = await createBusiness(testApp, 'Race')
    await setBilling(business.tenantId, starter())
    expect((await addMember(business, 'Fourth')).statusCode).toBe(201)
    const answers = await Promise.all([
      addMember(business, 'Racer A'),
      addMember(business, 'Racer B'),
      addMember(business, 'Racer C'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 402, 402])
    expect((await usageOf(business)).usage.bookable_team_members).toBe(5)
  })

  it('a failed payment keeps the plan while Stripe retries; an unpaid subscription is Free', async () => {
    const business = await createBusiness(testApp, 'Dunning')
    await setBilling(business.tenantId, { ...starter(), stripeStatus: 'past_due' })
    let usage = await usageOf(business)
    expect(usage.subscription).toMatchObject({ plan_id: 'starter', status: 'past_due' })
    expect((await addMember(business, 'Still fits')).statusCode).toBe(201)

    await setBilling(business.tenantId, { stripeStatus: 'unpaid' })
    usage = await usageOf(business)
    expect(usage.subscription).toMatchObject({ plan_id: 'free', status: 'unpaid' })
    expect((await addMember(business, 'No room')).statusCode).toBe(402)
  })

  it('a subscription that ended leaves the business on Free', async () => {
    const business = await createBusiness(testApp, 'Ended')
    await setBilling(business.tenantId, { ...starter(), stripeStatus: 'canceled' })
    expect((await usageOf(business)).subscription).toMatchObject({
      plan_id: 'free',
      status: 'active',
    })
  })

  it('everyone who sees the team sees the plan usage; only an owner sees billing', async () => {
    const business = await createBusiness(testApp, 'Roles')
    for (const user of [business.owner, business.admin, business.staff]) {
      const usage = await call(testApp, user, 'GET', '/api/v1/billing/plan-usage')
      expect(usage.statusCode, usage.body).toBe(200)
      const plans = await call(testApp, user, 'GET', '/api/v1/billing/plans')
      expect(plans.statusCode, plans.body).toBe(200)
    }
    for (const user of [business.admin, business.staff]) {
      expectProblem(await call(testApp, user, 'GET', '/api/v1/billing'), 403)
      expectProblem(
        await call(testApp, user, 'POST', '/api/v1/billing/checkout-sessions', {
          plan_id: 'pro',
          interval: 'month',
        }),
        403,
      )
      expectProblem(await call(testApp, user, 'POST', '/api/v1/billing/portal-sessions'), 403)
    }
  })
})

describe('plans as data', () => {
  it('lists Free, Starter and Pro with their limits, features and prices (a year is ten months)', async () => {
    const business = await createBusiness(testApp, 'Plans')
    const response = await call(testApp, business.owner, 'GET', '/api/v1/billing/plans')
    const plans = response.json<{ data: components['schemas']['Plan'][] }>().data
    expect(plans.map((plan) => [plan.id, plan.team_member_limit])).toEqual([
      ['free', 1],
      ['starter', 5],
      ['pro', null],
    ])
    for (const plan of plans) {
      expect(plan.prices.year.amount_minor).toBe(plan.prices.month.amount_minor * 10)
      expect(plan.prices.month.currency).toBe('USD')
    }
    expect(plans.find((plan) => plan.id === 'pro')?.features).toEqual({
      paid_bookings: true,
      webhooks: true,
      remove_branding: true,
    })
    expect(plans.find((plan) => plan.id === 'free')?.prices.month.amount_minor).toBe(0)
  })

  it('without Stripe configured the billing page still shows plan, trial and usage', async () => {
    const business = await createBusiness(testApp, 'Unconfigured')
    const response = await call(testApp, business.owner, 'GET', '/api/v1/billing')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      plan: { id: 'pro' },
      subscription: { status: 'trialing' },
      trial_days_left: 14,
      usage: { bookable_team_members: 3 },
      invoices: [],
      next_invoice: null,
      payment_method: null,
      portal_available: false,
      billing_available: false,
    })
    const checkout = await call(
      testApp,
      business.owner,
      'POST',
      '/api/v1/billing/checkout-sessions',
      {
        plan_id: 'pro',
        interval: 'month',
      },
    )
    expect(expectProblem(checkout, 503).detail).toBe('Billing is not set up on this server.')
  })
})
