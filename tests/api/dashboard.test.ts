import { randomUUID } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, tenants } from '../../server/db/schema.ts'
import { DEMO_TENANT_SLUG } from '../../server/db/seed.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  at,
  createSchedulingBusiness,
  type SchedulingBusiness,
} from './support/scheduling-business.ts'
import { call, expectProblem } from './support/team-business.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

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
    const idAt = (index: number) => ids[index]

    const dashboard = await dashboardOf(salon)

    // The expected figures, by the rules, from the fixture itself.
    const inWeek = (row: Row) =>
      row.startsAt >= instant(monday, '00:00') &&
      row.startsAt < instant(sunday.add({ days: 1 }), '00:00')
    const weekRows = fixture.filter((row) => inWeek(row) && row.status !== 'cancelled')
    const revenue = weekRows
      .filter(
        (row) =>
          ['confirmed', 'completed'].includes(row.status) && (row.currency ?? 'USD') === 'USD',
      )
      .reduce((sum, row) => sum + row.priceMinor, 0)
    expect(dashboard).toMatchObject({
      time_zone: zone,
      today: { date: today.toString(), count: 3 },
      week: {
        start_date: monday.toString(),
        end_date: sunday.toString(),
        count: weekRows.length,
        revenue: { amount_minor: revenue, currency: 'USD' },
      },
    })
    expect(dashboard.today_appointments.map((item) => item.id)).toEqual([idAt(0), idAt(1), idAt(2)])
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
