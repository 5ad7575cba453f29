import { randomUUID } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, paymentRefunds, payments, tenants } from '../../server/db/schema.ts'
import { DEMO_TENANT_SLUG } from '../../server/db/seed.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  at,
  createSchedulingBusiness,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Dashboard = components['schemas']['Dashboard']
type Status = components['schemas']['AppointmentStatus']

const DAY_MS = 86_400_000

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp?.close())

interface Row {
  startsAt: number
  status: Status
  priceMinor: number
  currency?: string
}

/** Writes history straight into the table (statuses and times the API would not allow). */
async function insertRows(business: SchedulingBusiness, rows: Row[]): Promise<string[]> {
  const ids: string[] = []
  for (const row of rows) {
    const id = randomUUID()
    const startsAt = new Date(row.startsAt)
    const endsAt = new Date(row.startsAt + 30 * 60_000)
    await testApp.database.db.insert(appointments).values({
      id,
      tenantId: business.tenantId,
      serviceId: business.haircutId,
      teamMemberId: business.staffMemberId,
      customerId: business.customerId,
      startsAt,
      endsAt,
      status: row.status,
      priceMinor: row.priceMinor,
      currency: row.currency ?? 'USD',
      source: 'staff',
      busyFrom: startsAt,
      busyUntil: endsAt,
      seatGroup: id,
    })
    ids.push(id)
  }
  return ids
}

async function dashboardOf(business: SchedulingBusiness, as = business.staff): Promise<Dashboard> {
  const response = await call(testApp, as, 'GET', '/api/v1/dashboard')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Dashboard>()
}

describe('today and this week', () => {
  let salon: SchedulingBusiness
  const zone = 'Pacific/Auckland'
  let today: Temporal.PlainDate
  let monday: Temporal.PlainDate
  const instant = (date: Temporal.PlainDate, time: string) =>
    Date.parse(at(date.toString(), time, zone))

  beforeAll(async () => {
    // A zone far from UTC, so "today" and "this week" are visibly the business's own.
    salon = await createSchedulingBusiness(testApp, 'Dash', zone)
    today = Temporal.Now.plainDateISO(zone)
    monday = today.subtract({ days: today.dayOfWeek - 1 })
  }, 60_000)

  it('counts, sums and lists in the business’s zone', async () => {
    const sunday = monday.add({ days: 6 })
    const fixture: Row[] = [
      // Today: three that count, one cancelled.
      { startsAt: instant(today, '00:30'), status: 'completed', priceMinor: 2000 },
      { startsAt: instant(today, '10:00'), status: 'confirmed', priceMinor: 3000 },
      { startsAt: instant(today, '11:00'), status: 'no_show', priceMinor: 4000 },
      { startsAt: instant(today, '12:00'), status: 'cancelled', priceMinor: 8000 },
      // The rest of this week, and just outside it.
      { startsAt: instant(monday, '00:00'), status: 'completed', priceMinor: 5000 },
      { startsAt: instant(sunday, '23:30'), status: 'confirmed', priceMinor: 7000 },
      { startsAt: instant(sunday, '22:00'), status: 'confirmed', priceMinor: 900, currency: 'EUR' },
      {
        startsAt: instant(monday, '00:00') - 30 * 60_000,
        status: 'confirmed',
        priceMinor: 100_000,
      },
      {
        startsAt: instant(sunday.add({ days: 1 }), '00:00'),
        status: 'confirmed',
        priceMinor: 100_000,
      },
      // After today: twelve upcoming, one cancelled.
      ...Array.from({ length: 12 }, (_, n) => ({
        startsAt: instant(today.add({ days: n + 1 }), '09:00'),
        status: 'confirmed' as const,
        priceMinor: 1000,
      })),
      { startsAt: instant(today.add({ days: 1 }), '08:00'), status: 'cancelled', priceMinor: 1000 },
    ]
    const ids = await insertRows(salon, fixture)

    const dashboard = await dashboardOf(salon)

    // The expected figures, by the rules, from the fixture itself.
    const inWeek = (row: Row) =>
      row.startsAt >= instant(monday, '00:00') &&
      row.startsAt < instant(sunday.add({ days: 1 }), '00:00')
    const weekRows = fixture.filter((row) => inWeek(row) && row.status !== 'cancelled')
    // Today's, from the fixture too: on a Monday or a Sunday the week's edge rows are today's.
    const todays = fixture
      .map((row, index) => ({ ...row, id: ids[index] }))
      .filter(
        (row) =>
          row.startsAt >= instant(today, '00:00') &&
          row.startsAt < instant(today.add({ days: 1 }), '00:00') &&
          row.status !== 'cancelled',
      )
      .sort((a, b) => a.startsAt - b.startsAt)
    // No payments here, so no money taken: a completed visit counts only what the till recorded.
    const revenue = 0
    expect(dashboard).toMatchObject({
      time_zone: zone,
      today: { date: today.toString(), count: todays.length },
      week: {
        start_date: monday.toString(),
        end_date: sunday.toString(),
        count: weekRows.length,
        revenue: { amount_minor: revenue, currency: 'USD' },
      },
    })
    expect(todays.length).toBeGreaterThanOrEqual(3)
    expect(dashboard.today_appointments.map((item) => item.id)).toEqual(todays.map((row) => row.id))
    const upcoming = fixture
      .map((row, index) => ({ ...row, id: ids[index] }))
      .filter((row) => row.startsAt >= instant(today.add({ days: 1 }), '00:00'))
      .filter((row) => row.status !== 'cancelled')
      .sort((a, b) => a.startsAt - b.startsAt)
      .slice(0, 10)
    expect(dashboard.upcoming.map((item) => item.id)).toEqual(upcoming.map((row) => row.id))
    expect(dashboard.upcoming[0]).toMatchObject({
      service_name: 'Haircut',
      team_member_name: 'Dash Staff',
      customer_name: salon.customerName,
    })
  })
})

describe('revenue: what the week actually brought in', () => {
  it('counts money paid online less refunds; a completed visit without a recorded payment adds nothing', async () => {
    const zone = 'Europe/Berlin'
    const salon = await createSchedulingBusiness(testApp, 'Takings', zone)
    const today = Temporal.Now.plainDateISO(zone)
    const monday = today.subtract({ days: today.dayOfWeek - 1 })
    const inWeek = (hour: number) =>
      Date.parse(at(monday.toString(), '00:00', zone)) + hour * 3_600_000
    const lastWeek = inWeek(-30)
    const nextWeek = inWeek(7 * 24 + 2)
    const db = testApp.database.db

    async function pay(
      appointmentId: string | undefined,
      payment: {
        kind: 'prepayment' | 'deposit' | 'no_show_fee'
        status: 'succeeded' | 'pending' | 'expired' | 'failed'
        amountMinor: number
        paidAt?: number
        refunds?: { amountMinor: number; at: number }[]
        currency?: string
      },
    ) {
      if (!appointmentId) throw new Error('no appointment')
      const refunded = (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amountMinor, 0)
      const [row] = await db
        .insert(payments)
        .values({
          tenantId: salon.tenantId,
          appointmentId,
          kind: payment.kind,
          status: payment.status,
          amountMinor: payment.amountMinor,
          refundedAmountMinor: refunded,
          currency: payment.currency ?? 'USD',
          stripeAccountId: 'acct_takings',
          paidAt: payment.paidAt === undefined ? null : new Date(payment.paidAt),
        })
        .returning()
      for (const refund of payment.refunds ?? []) {
        await db.insert(paymentRefunds).values({
          tenantId: salon.tenantId,
          paymentId: row?.id ?? '',
          amountMinor: refund.amountMinor,
          cause: 'staff',
          stripeRefundId: `re_${randomUUID()}`,
          createdAt: new Date(refund.at),
        })
      }
    }

    const [
      prepaid,
      depositThenVenue,
      atVenue,
      prepaidCompleted,
      refundedLater,
      refundedAtOnce,
      held,
      expired,
      declinedFee,
      inEuros,
      noShow,
      notYetPaid,
      paidNextWeek,
    ] = await insertRows(salon, [
      { startsAt: inWeek(1), status: 'confirmed', priceMinor: 4000 },
      { startsAt: inWeek(2), status: 'completed', priceMinor: 3000 },
      { startsAt: inWeek(3), status: 'completed', priceMinor: 3000 },
      { startsAt: inWeek(4), status: 'completed', priceMinor: 3000 },
      { startsAt: lastWeek, status: 'confirmed', priceMinor: 5000 },
      { startsAt: inWeek(5), status: 'cancelled', priceMinor: 1500 },
      { startsAt: inWeek(6), status: 'confirmed', priceMinor: 9999 },
      { startsAt: inWeek(7), status: 'cancelled', priceMinor: 8888 },
      { startsAt: inWeek(8), status: 'no_show', priceMinor: 7777 },
      { startsAt: inWeek(9), status: 'confirmed', priceMinor: 500 },
      { startsAt: inWeek(10), status: 'no_show', priceMinor: 6000 },
      { startsAt: inWeek(11), status: 'confirmed', priceMinor: 6000 },
      { startsAt: nextWeek, status: 'confirmed', priceMinor: 1200 },
    ])
    // +4000: paid online this week (the visit is still to come).
    await pay(prepaid, {
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 4000,
      paidAt: inWeek(0.5),
    })
    // 0: the deposit came last week; nobody recorded the rest at the till.
    await pay(depositThenVenue, {
      kind: 'deposit',
      status: 'succeeded',
      amountMinor: 800,
      paidAt: lastWeek,
    })
    // 0 (atVenue): completed, but no payment recorded at the till, so no money is known.
    // +3000: paid online in full this week; nothing more at the visit.
    await pay(prepaidCompleted, {
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 3000,
      paidAt: inWeek(1),
    })
    // −2000: paid last week, partly refunded this week.
    await pay(refundedLater, {
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 5000,
      paidAt: lastWeek - 3_600_000,
      refunds: [{ amountMinor: 2000, at: inWeek(2) }],
    })
    // 0: paid and refunded in full this week.
    await pay(refundedAtOnce, {
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 1500,
      paidAt: inWeek(1),
      refunds: [{ amountMinor: 1500, at: inWeek(3) }],
    })
    // 0: a hold still paying, a hold that ran out, a declined no-show fee.
    await pay(held, { kind: 'prepayment', status: 'pending', amountMinor: 9999 })
    await pay(expired, { kind: 'prepayment', status: 'expired', amountMinor: 8888 })
    await pay(declinedFee, { kind: 'no_show_fee', status: 'failed', amountMinor: 7777 })
    // 0 here: another currency cannot be added to the business's.
    await pay(inEuros, {
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 500,
      paidAt: inWeek(1),
      currency: 'EUR',
    })
    // +2500: a no-show fee charged this week.
    await pay(noShow, {
      kind: 'no_show_fee',
      status: 'succeeded',
      amountMinor: 2500,
      paidAt: inWeek(11),
    })
    // 0: booked, confirmed, not paid yet (notYetPaid has no payment); next week's money is next week's.
    expect(notYetPaid).toBeDefined()
    await pay(paidNextWeek, {
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 1200,
      paidAt: nextWeek,
    })
    expect(atVenue).toBeDefined()

    const dashboard = await dashboardOf(salon)
    expect(dashboard.week.start_date).toBe(monday.toString())
    expect(dashboard.week.revenue).toEqual({
      amount_minor: 4000 + 3000 - 2000 + 2500,
      currency: 'USD',
    })
  }, 60_000)
})

describe('no-show rate', () => {
  it('is no-shows over completed and no-shows that started in the last 30 days', async () => {
    const salon = await createSchedulingBusiness(testApp, 'Rate')
    expect((await dashboardOf(salon)).no_show_rate).toEqual({
      rate: null,
      no_shows: 0,
      attended_or_missed: 0,
      period_days: 30,
    })
    const now = Date.now()
    await insertRows(salon, [
      { startsAt: now - 2 * DAY_MS, status: 'no_show', priceMinor: 0 },
      { startsAt: now - 3 * DAY_MS, status: 'completed', priceMinor: 0 },
      { startsAt: now - 4 * DAY_MS, status: 'completed', priceMinor: 0 },
      { startsAt: now - 5 * DAY_MS, status: 'completed', priceMinor: 0 },
      { startsAt: now - 6 * DAY_MS, status: 'cancelled', priceMinor: 0 },
      { startsAt: now - 7 * DAY_MS, status: 'confirmed', priceMinor: 0 },
      { startsAt: now - 31 * DAY_MS, status: 'no_show', priceMinor: 0 },
    ])

    expect((await dashboardOf(salon)).no_show_rate).toEqual({
      rate: 0.25,
      no_shows: 1,
      attended_or_missed: 4,
      period_days: 30,
    })
  }, 60_000)
})

describe('access', () => {
  it('needs a signed-in member', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/dashboard' })
    expectProblem(response, 401)
  })
})

describe('the demo business', () => {
  it('comes with a week of appointments, today’s and some history', async () => {
    const { tenantId } = await seedDemoBusiness(testApp.database, {
      ownerUid: `demo-${randomUUID()}`,
      ownerEmail: 'demo-owner@harbor-street.test',
      ownerName: 'Morgan Lee',
    })
    const [tenant] = await testApp.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.slug, DEMO_TENANT_SLUG))
    expect(tenant?.id).toBe(tenantId)
    const now = Date.now()
    const rows = await testApp.database.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.tenantId, tenantId),
          gt(appointments.startsAt, new Date(now - 5 * DAY_MS)),
          lt(appointments.startsAt, new Date(now + 9 * DAY_MS)),
        ),
      )
    const upcoming = rows.filter((row) => row.startsAt.getTime() > now)
    expect(upcoming.length).toBeGreaterThanOrEqual(10)
    expect(upcoming.every((row) => row.status === 'confirmed' && !row.outsideWorkingHours)).toBe(
      true,
    )
    expect(rows.filter((row) => row.status === 'no_show')).toHaveLength(1)
    expect(rows.filter((row) => row.status === 'completed').length).toBeGreaterThanOrEqual(1)
    const todayInNewYork = Temporal.Now.plainDateISO('America/New_York').toString()
    const today = rows.filter(
      (row) =>
        Temporal.Instant.fromEpochMilliseconds(row.startsAt.getTime())
          .toZonedDateTimeISO('America/New_York')
          .toPlainDate()
          .toString() === todayInNewYork,
    )
    expect(today.length).toBeGreaterThanOrEqual(2)
  }, 60_000)
})
