/**
 * A service's payment rule through the API: set, read and changed by staff, checked against
 * the price with the field at fault named, allowed only on a plan with payments at booking
 * and with an active connected Stripe account, and shown to the booking page as what booking
 * charges and the refund rule.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { billingAccounts, paymentAccounts, tenants } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { publicCall } from '../support/api/public-booking.ts'
import { expectInvalid, expectProblem, setUpTwoBusinesses } from '../support/api/team-business.ts'

type Service = components['schemas']['Service']
type PublicService = components['schemas']['PublicService']

const world = setUpTwoBusinesses('Paid Salon', 'Unpaid Elsewhere')

const haircut = { name: 'Haircut', duration_minutes: 45, price_minor: 5000 }
const none = {
  kind: 'none',
  deposit_amount_minor: null,
  deposit_percent: null,
  no_show_fee_minor: null,
}

async function connect(tenantId: string, status: 'pending' | 'active' | 'restricted') {
  await world.testApp.database.db
    .insert(paymentAccounts)
    .values({ tenantId, stripeAccountId: `acct_${tenantId.slice(0, 8)}`, status })
    .onConflictDoUpdate({ target: paymentAccounts.tenantId, set: { status } })
}

function create(body: object, as = world.business.owner) {
  return world.call(as, 'POST', '/api/v1/services', {
    team_member_ids: [world.business.ownerMemberId],
    ...haircut,
    ...body,
  })
}

async function created(body: object): Promise<Service> {
  const response = await create(body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Service>()
}

beforeAll(async () => {
  await connect(world.business.tenantId, 'active')
})

describe('setting a rule', () => {
  it('keeps each rule with its own amount, and none by default', async () => {
    expect((await created({})).payment_rule).toEqual(none)
    const rules = [
      { kind: 'full' },
      { kind: 'deposit_fixed', deposit_amount_minor: 1500 },
      { kind: 'deposit_percent', deposit_percent: 20 },
      { kind: 'card_on_file', no_show_fee_minor: 2500 },
    ]
    for (const rule of rules) {
      const service = await created({ name: `Haircut ${rule.kind}`, payment_rule: rule })
      expect(service.payment_rule).toEqual({ ...none, ...rule })
      const read = await world.call(world.business.owner, 'GET', `/api/v1/services/${service.id}`)
      expect(read.json<Service>().payment_rule).toEqual({ ...none, ...rule })
    }
  })

  it('names the field at fault', async () => {
    expectInvalid(
      await create({ payment_rule: { kind: 'deposit_fixed', deposit_amount_minor: 5001 } }),
      'body.payment_rule.deposit_amount_minor',
    )
    expectInvalid(
      await create({ payment_rule: { kind: 'deposit_fixed' } }),
      'body.payment_rule.deposit_amount_minor',
    )
    for (const percent of [0, 101]) {
      expectInvalid(
        await create({ payment_rule: { kind: 'deposit_percent', deposit_percent: percent } }),
        'body.payment_rule.deposit_percent',
      )
    }
    expectInvalid(
      await create({ payment_rule: { kind: 'full', no_show_fee_minor: 1000 } }),
      'body.payment_rule.no_show_fee_minor',
    )
    expectInvalid(
      await create({ payment_rule: { kind: 'card_on_file' } }),
      'body.payment_rule.no_show_fee_minor',
    )
    expectInvalid(
      await create({ price_minor: 0, payment_rule: { kind: 'full' } }),
      'body.price_minor',
    )
    expectInvalid(await create({ payment_rule: { kind: 'half' } }), 'body.payment_rule.kind')
  })

  it("refuses an amount below Stripe's smallest charge at the form's field, with the minimum in the business's currency", async () => {
    const deposit = await create({
      name: 'Tiny deposit',
      payment_rule: { kind: 'deposit_fixed', deposit_amount_minor: 30 },
    })
    const problem = expectInvalid(deposit, 'body.payment_rule.deposit_amount_minor')
    expect(JSON.stringify(problem)).toContain('$0.50')
    // A percentage is judged by what it takes of the price: 1 % of 50.00 is 0.50, enough.
    const percent = await create({
      name: 'Tiny percent',
      price_minor: 4000,
      payment_rule: { kind: 'deposit_percent', deposit_percent: 1 },
    })
    expectInvalid(percent, 'body.payment_rule.deposit_percent')
    const enough = await create({
      name: 'Enough percent',
      payment_rule: { kind: 'deposit_percent', deposit_percent: 1 },
    })
    expect(enough.statusCode, enough.body).toBe(201)
  })

  it('refuses a lower price that a fixed deposit would exceed, naming the price', async () => {
    const service = await created({
      name: 'Colour',
      payment_rule: { kind: 'deposit_fixed', deposit_amount_minor: 2000 },
    })
    const url = `/api/v1/services/${service.id}`
    expectInvalid(
      await world.call(world.business.owner, 'PATCH', url, { price_minor: 1999 }),
      'body.price_minor',
    )
    const both = await world.call(world.business.owner, 'PATCH', url, {
      price_minor: 1000,
      payment_rule: { kind: 'deposit_fixed', deposit_amount_minor: 1000 },
    })
    expect(both.statusCode, both.body).toBe(200)
    expect(both.json<Service>()).toMatchObject({
      price_minor: 1000,
      payment_rule: { kind: 'deposit_fixed', deposit_amount_minor: 1000 },
    })
  })

  it("refuses a lower price that would take what booking charges below Stripe's smallest charge, naming the price", async () => {
    const deposit = await created({
      name: 'Half down',
      price_minor: 5000,
      payment_rule: { kind: 'deposit_percent', deposit_percent: 50 },
    })
    const url = `/api/v1/services/${deposit.id}`
    const lowered = await world.call(world.business.owner, 'PATCH', url, { price_minor: 60 })
    const problem = expectInvalid(lowered, 'body.price_minor')
    expect(problem.errors?.[0]?.message).toBe(
      "would make the 50 % deposit $0.30, below $0.50, Stripe's smallest charge: the price must be at least $0.99",
    )
    // The lowest price whose half, rounded half up, is $0.50, and one cent less.
    expectInvalid(
      await world.call(world.business.owner, 'PATCH', url, { price_minor: 98 }),
      'body.price_minor',
    )
    const lowest = await world.call(world.business.owner, 'PATCH', url, { price_minor: 99 })
    expect(lowest.statusCode, lowest.body).toBe(200)

    const prepaid = await created({ name: 'Paid up front', payment_rule: { kind: 'full' } })
    const cheap = await world.call(
      world.business.owner,
      'PATCH',
      `/api/v1/services/${prepaid.id}`,
      { price_minor: 49 },
    )
    expect(expectInvalid(cheap, 'body.price_minor').errors?.[0]?.message).toContain('$0.50')
    const read = await world.call(world.business.owner, 'GET', `/api/v1/services/${prepaid.id}`)
    expect(read.json<Service>().price_minor).toBe(haircut.price_minor)
  })

  it('refuses a new currency in which a service would charge less than Stripe takes, naming the currency', async () => {
    const { business } = world
    await created({
      name: 'Dollar deposit',
      payment_rule: { kind: 'deposit_fixed', deposit_amount_minor: 100 },
    })
    const current = (
      await world.call(business.owner, 'GET', '/api/v1/business-configuration')
    ).json<{ currency: string }>()
    // Amounts stay as they are in a new currency: 100 öre is below Stripe's kr 3.00.
    const refused = await world.call(business.owner, 'PUT', '/api/v1/business-configuration', {
      ...current,
      currency: 'SEK',
    })
    const problem = expectInvalid(refused, 'body.currency')
    expect(problem.errors?.[0]?.message).toContain('Dollar deposit (the deposit of SEK')
    const after = await world.call(business.owner, 'GET', '/api/v1/business-configuration')
    expect(after.json<{ currency: string }>().currency).toBe(current.currency)
    // A currency with the same minimum is fine.
    const euro = await world.call(business.owner, 'PUT', '/api/v1/business-configuration', {
      ...current,
      currency: 'EUR',
    })
    expect(euro.statusCode, euro.body).toBe(200)
    const back = await world.call(business.owner, 'PUT', '/api/v1/business-configuration', {
      ...current,
    })
    expect(back.statusCode, back.body).toBe(200)
  })

  it('is only for owners and admins, and another business’s service is not found', async () => {
    const service = await created({ name: 'Staffless' })
    const url = `/api/v1/services/${service.id}`
    const body = { payment_rule: { kind: 'full' } }
    expectProblem(await world.call(world.business.staff, 'PATCH', url, body), 403)
    expectProblem(await world.call(world.other.owner, 'PATCH', url, body), 404)
    const admin = await world.call(world.business.admin, 'PATCH', url, body)
    expect(admin.statusCode, admin.body).toBe(200)
  })
})

describe('what a rule that charges needs', () => {
  it('an active Stripe account: none, pending and restricted are refused', async () => {
    const other = world.other
    const body = {
      ...haircut,
      team_member_ids: [other.ownerMemberId],
      payment_rule: { kind: 'deposit_percent', deposit_percent: 20 },
    }
    const refusal = expectProblem(
      await world.call(other.owner, 'POST', '/api/v1/services', body),
      409,
    )
    expect(refusal.type).toBe('/problems/payments-not-connected')
    expect(refusal.detail).toContain('Connect a Stripe account')
    for (const status of ['pending', 'restricted'] as const) {
      await connect(other.tenantId, status)
      const again = expectProblem(
        await world.call(other.owner, 'POST', '/api/v1/services', body),
        409,
      )
      expect(again.detail).toContain(status)
    }
    // Nothing that charges was made; a rule of none needs nothing.
    const plain = await world.call(other.owner, 'POST', '/api/v1/services', {
      ...body,
      payment_rule: { kind: 'none' },
    })
    expect(plain.statusCode, plain.body).toBe(201)
  })

  it('a plan with payments at booking; a business keeps its rule and may turn it off', async () => {
    const kept = await created({ name: 'Kept', payment_rule: { kind: 'full' } })
    // The trial ends: the business is on Free, which has no payments at booking.
    await world.testApp.database.db
      .update(billingAccounts)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(billingAccounts.tenantId, world.business.tenantId))
    try {
      const refusal = expectProblem(
        await create({ name: 'New', payment_rule: { kind: 'full' } }),
        402,
      )
      expect(refusal.type).toBe('/problems/plan-limit')
      const url = `/api/v1/services/${kept.id}`
      const renamed = await world.call(world.business.owner, 'PATCH', url, {
        name: 'Kept still',
        payment_rule: { kind: 'full' },
      })
      expect(renamed.statusCode, renamed.body).toBe(200)
      expectProblem(
        await world.call(world.business.owner, 'PATCH', url, {
          payment_rule: { kind: 'deposit_percent', deposit_percent: 50 },
        }),
        402,
      )
      const off = await world.call(world.business.owner, 'PATCH', url, {
        payment_rule: { kind: 'none' },
      })
      expect(off.json<Service>().payment_rule).toEqual(none)
    } finally {
      await world.testApp.database.db
        .update(billingAccounts)
        .set({ trialEndsAt: new Date(Date.now() + 14 * 86_400_000) })
        .where(eq(billingAccounts.tenantId, world.business.tenantId))
    }
  })
})

describe('the booking page', () => {
  it('shows what booking charges now and the refund rule', async () => {
    const [tenant] = await world.testApp.database.db
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(eq(tenants.id, world.business.tenantId))
    const cases = [
      { name: 'Pay full', rule: { kind: 'full' }, kind: 'prepayment', amount: 5000, fee: null },
      {
        name: 'Pay deposit',
        rule: { kind: 'deposit_fixed', deposit_amount_minor: 1200 },
        kind: 'deposit',
        amount: 1200,
        fee: null,
      },
      {
        name: 'Pay percent',
        rule: { kind: 'deposit_percent', deposit_percent: 15 },
        kind: 'deposit',
        amount: 750,
        fee: null,
      },
      {
        name: 'Pay no-show',
        rule: { kind: 'card_on_file', no_show_fee_minor: 3000 },
        kind: 'card_on_file',
        amount: 0,
        fee: 3000,
      },
      { name: 'Pay nothing', rule: { kind: 'none' }, kind: null, amount: 0, fee: null },
    ]
    const ids = new Map<string, string>()
    for (const { name, rule } of cases)
      ids.set(name, (await created({ name, payment_rule: rule })).id)
    const catalog = await publicCall(world.testApp, 'GET', '/api/v1/public/services', {
      business: tenant?.slug,
    })
    expect(catalog.statusCode, catalog.body).toBe(200)
    const items = catalog.json<{ items: PublicService[] }>().items
    for (const { name, kind, amount, fee } of cases) {
      const service = items.find((item) => item.id === ids.get(name))
      if (kind === null) {
        expect(service?.payment, name).toBeNull()
        continue
      }
      expect(service?.payment, name).toEqual({
        kind,
        amount_minor: amount,
        currency: service?.currency,
        no_show_fee_minor: fee,
        refund: { full_refund_until_minutes: 1440, kept_after_cutoff_minor: amount },
      })
    }
  })
  it('shows no charge while the business cannot take payments, as booking then charges none', async () => {
    const [tenant] = await world.testApp.database.db
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(eq(tenants.id, world.business.tenantId))
    const { id } = await created({ name: 'Pay when able', payment_rule: { kind: 'full' } })
    const paymentShown = async () => {
      const catalog = await publicCall(world.testApp, 'GET', '/api/v1/public/services', {
        business: tenant?.slug,
      })
      expect(catalog.statusCode, catalog.body).toBe(200)
      const items = catalog.json<{ items: PublicService[] }>().items
      return items.find((item) => item.id === id)?.payment ?? null
    }
    expect(await paymentShown()).not.toBeNull()
    try {
      await connect(world.business.tenantId, 'restricted')
      expect(await paymentShown()).toBeNull()
      await connect(world.business.tenantId, 'active')
      await world.testApp.database.db
        .update(billingAccounts)
        .set({ trialEndsAt: new Date(Date.now() - 60_000) })
        .where(eq(billingAccounts.tenantId, world.business.tenantId))
      expect(await paymentShown()).toBeNull()
    } finally {
      await connect(world.business.tenantId, 'active')
      await world.testApp.database.db
        .update(billingAccounts)
        .set({ trialEndsAt: new Date(Date.now() + 14 * 86_400_000) })
        .where(eq(billingAccounts.tenantId, world.business.tenantId))
    }
    expect(await paymentShown()).toMatchObject({ kind: 'prepayment', amount_minor: 5000 })
  })
})
