/**
 * Insights: every figure of a hand-seeded business against numbers worked out by hand, for a
 * week in Europe/Berlin holding the spring-forward night (Sunday 29 March 2026, 02:00 → 03:00)
 * and the week before it; who may read them, bad ranges, the CSV, and another business's rows
 * never counted. History is written straight into the tables (the API books only the future).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointments,
  customers,
  paymentRefunds,
  payments,
  timeOff,
} from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import { parseCsv } from '../support/api/csv.ts'
import {
  addService,
  at,
  createSchedulingBusiness,
  everyDayNineToFive,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Insights = components['schemas']['Insights']
type Status = components['schemas']['AppointmentStatus']

const ZONE = 'Europe/Berlin'
const WEEK = 'start_date=2026-03-23&end_date=2026-03-29'
const berlin = (date: string, time: string) => new Date(at(date, time, ZONE))

let testApp: TestApp
let salon: SchedulingBusiness
let colourId: string
const customer: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' }

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createSchedulingBusiness(testApp, 'Gold', ZONE)
  // Its name starts a formula: the CSV must keep it text.
  colourId = await addService(testApp, salon.owner, {
    name: '=Colour',
    duration_minutes: 90,
    price_minor: 8000,
    team_member_ids: [salon.staffMemberId],
  })
  customer.A = salon.customerId
  for (const key of ['B', 'C', 'D'] as const) {
    const [row] = await testApp.database.db
      .insert(customers)
      .values({ tenantId: salon.tenantId, name: `Client ${key}` })
      .returning({ id: customers.id })
    customer[key] = row?.id ?? ''
  }
  // The staff member works Monday to Friday 09:00–17:00 (lunch 12–13) and a Sunday night
  // shift 01:00–05:00 that the spring-forward night shortens; Wednesday 25 March off.
  const staffHours = [
    ...everyDayNineToFive.filter((day) => day.weekday <= 5),
    { weekday: 7, start: '01:00', end: '05:00', breaks: [] },
  ]
  const patched = await call(
    testApp,
    salon.owner,
    'PATCH',
    `/api/v1/team-members/${salon.staffMemberId}`,
    { working_hours: staffHours },
  )
  expect(patched.statusCode, patched.body).toBe(200)
  await testApp.database.db.insert(timeOff).values({
    tenantId: salon.tenantId,
    teamMemberId: salon.staffMemberId,
    allDay: true,
    startDate: '2026-03-25',
    endDate: '2026-03-25',
  })
  await seedHistory()
  await seedAnotherBusiness()
}, 120_000)
afterAll(() => testApp?.close())

interface Visit {
  who: keyof typeof customer
  member: 'owner' | 'admin' | 'staff'
  startsAt: Date
  status: Status
  colour?: boolean
  cancelledAt?: Date
}

async function insertVisit(business: SchedulingBusiness, visit: Visit, customerId: string) {
  const minutes = visit.colour ? 90 : 45
  const memberId = {
    owner: business.ownerMemberId,
    admin: business.adminMemberId,
    staff: business.staffMemberId,
  }[visit.member]
  const [row] = await testApp.database.db
    .insert(appointments)
    .values(
      unbufferedRow({
        tenantId: business.tenantId,
        serviceId: visit.colour ? colourId : business.haircutId,
        teamMemberId: memberId,
        customerId,
        startsAt: visit.startsAt,
        endsAt: new Date(visit.startsAt.getTime() + minutes * 60_000),
        status: visit.status,
        cancelledAt: visit.cancelledAt ?? null,
        priceMinor: visit.colour ? 8000 : 3000,
        currency: 'USD',
        source: 'staff',
      }),
    )
    .returning({ id: appointments.id })
  return row?.id ?? ''
}

async function pay(
  appointmentId: string,
  amountMinor: number,
  paidAt: Date | null,
  kind: 'prepayment' | 'in_person' = 'prepayment',
) {
  const [row] = await testApp.database.db
    .insert(payments)
    .values({
      tenantId: salon.tenantId,
      appointmentId,
      kind,
      status: paidAt ? 'succeeded' : 'failed',
      amountMinor,
      currency: 'USD',
      stripeAccountId: kind === 'in_person' ? null : 'acct_gold',
      method: kind === 'in_person' ? 'cash' : null,
      paidAt,
    })
    .returning({ id: payments.id })
  return row?.id ?? ''
}

async function refund(paymentId: string, amountMinor: number, createdAt: Date) {
  await testApp.database.db.insert(paymentRefunds).values({
    tenantId: salon.tenantId,
    paymentId,
    amountMinor,
    cause: 'staff',
    stripeRefundId: `re_${randomUUID()}`,
    createdAt,
  })
}

/*
 * The seeded history (Berlin wall clock; Haircut 45 min 30.00, =Colour 90 min 80.00; the
 * cancellation cut-off is the default 24 h):
 *
 *   before   h1  A completed  Tue 10 Feb 10:00 haircut staff   (A is a returning client)
 *   previous p1  B completed  Tue 17 Mar 10:00 haircut staff   (B's first booking)
 *            p2  A no-show    Wed 18 Mar 11:00 haircut owner
 *   period   c1  B completed  Tue 24 Mar 10:00 colour  staff
 *            c2  A completed  Tue 24 Mar 10:00 haircut admin
 *            c3  C completed  Thu 26 Mar 14:00 haircut staff   (C's first booking)
 *            c4  D no-show    Fri 27 Mar 09:00 haircut owner   (D's first booking)
 *            c5  C cancelled  Sat 28 Mar 10:00 owner, on 25 Mar 10:00: 72 h before, on time
 *            c6  D cancelled  Sun 29 Mar 15:00 staff, on 29 Mar 09:00: 6 h before, late
 *            c7  A payment expired Sat 28 Mar 16:00 staff: never a booking
 *            c8  C confirmed  Sun 29 Mar 03:30 haircut staff (just after the jump)
 *   after    f1  A confirmed  Sat 30 May 10:00 haircut owner   (67 days after c2)
 *
 * Money: c1 prepaid 80.00 on 24 Mar, 20.00 refunded on 25 Mar; c2 paid 30.00 in cash at the
 * till on 24 Mar; p1 prepaid 30.00 on 17 Mar, 10.00 refunded on 24 Mar; c4's 30.00 failed.
 */
async function seedHistory() {
  const visit = (v: Visit) => insertVisit(salon, v, customer[v.who])
  await visit({
    who: 'A',
    member: 'staff',
    startsAt: berlin('2026-02-10', '10:00'),
    status: 'completed',
  })
  const p1 = await visit({
    who: 'B',
    member: 'staff',
    startsAt: berlin('2026-03-17', '10:00'),
    status: 'completed',
  })
  await visit({
    who: 'A',
    member: 'owner',
    startsAt: berlin('2026-03-18', '11:00'),
    status: 'no_show',
  })
  const c1 = await visit({
    who: 'B',
    member: 'staff',
    startsAt: berlin('2026-03-24', '10:00'),
    status: 'completed',
    colour: true,
  })
  const c2 = await visit({
    who: 'A',
    member: 'admin',
    startsAt: berlin('2026-03-24', '10:00'),
    status: 'completed',
  })
  await visit({
    who: 'C',
    member: 'staff',
    startsAt: berlin('2026-03-26', '14:00'),
    status: 'completed',
  })
  const c4 = await visit({
    who: 'D',
    member: 'owner',
    startsAt: berlin('2026-03-27', '09:00'),
    status: 'no_show',
  })
  await visit({
    who: 'C',
    member: 'owner',
    startsAt: berlin('2026-03-28', '10:00'),
    status: 'cancelled',
    cancelledAt: berlin('2026-03-25', '10:00'),
  })
  await visit({
    who: 'D',
    member: 'staff',
    startsAt: berlin('2026-03-29', '15:00'),
    status: 'cancelled',
    cancelledAt: berlin('2026-03-29', '09:00'),
  })
  await visit({
    who: 'A',
    member: 'staff',
    startsAt: berlin('2026-03-28', '16:00'),
    status: 'payment_expired',
  })
  await visit({
    who: 'C',
    member: 'staff',
    startsAt: berlin('2026-03-29', '03:30'),
    status: 'confirmed',
  })
  await visit({
    who: 'A',
    member: 'owner',
    startsAt: berlin('2026-05-30', '10:00'),
    status: 'confirmed',
  })

  const prepaid = await pay(c1, 8000, berlin('2026-03-24', '09:00'))
  await refund(prepaid, 2000, berlin('2026-03-25', '12:00'))
  await pay(c2, 3000, berlin('2026-03-24', '10:45'), 'in_person')
  const earlier = await pay(p1, 3000, berlin('2026-03-17', '09:00'))
  await refund(earlier, 1000, berlin('2026-03-24', '12:00'))
  await pay(c4, 3000, null)
}

/** Another business with a busy week of its own at the same dates: none of it may count. */
async function seedAnotherBusiness() {
  const other = await createSchedulingBusiness(testApp, 'Elsewhere', ZONE)
  for (const date of ['2026-03-17', '2026-03-24', '2026-03-26']) {
    await insertVisit(
      other,
      { who: 'A', member: 'staff', startsAt: berlin(date, '10:00'), status: 'completed' },
      other.customerId,
    )
  }
}

async function insightsOf(query = WEEK, as = salon.owner): Promise<Insights> {
  const response = await call(testApp, as, 'GET', `/api/v1/insights?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Insights>()
}

describe('the golden figures', () => {
  it('answers every figure of the week and the week before as worked out by hand', async () => {
    const insights = await insightsOf()
    expect(insights.time_zone).toBe(ZONE)
    expect(insights.currency).toBe('USD')

    const { period, previous } = insights
    expect(period.start_date).toBe('2026-03-23')
    expect(period.end_date).toBe('2026-03-29')
    // The previous period: the seven days before.
    expect(previous.start_date).toBe('2026-03-16')
    expect(previous.end_date).toBe('2026-03-22')

    // Revenue: 80.00 + 30.00 (till) − 20.00 (c1's refund) − 10.00 (p1's refund, made this
    // week) = 80.00; c4's failed payment counts nothing. Before: p1's 30.00.
    expect(period.revenue).toEqual({ amount_minor: 8000, currency: 'USD' })
    expect(previous.revenue).toEqual({ amount_minor: 3000, currency: 'USD' })

    // Bookings: c1 c2 c3 c4 c8 = 5 (cancellations and the expired hold are not). Before: p1 p2.
    expect(period.bookings).toBe(5)
    expect(previous.bookings).toBe(2)

    // Attendance: completed c1 c2 c3 = 3, no-show c4 = 1, rate 1 / (3 + 1) = 0.25;
    // cancelled c5 c6 = 2, of which c6 (6 h before, inside the 24 h cut-off) is late.
    expect(period.attendance).toEqual({
      completed: 3,
      no_shows: 1,
      no_show_rate: 0.25,
      cancellations: 2,
      late_cancellations: 1,
    })
    // Before: p1 completed, p2 no-show: 1 / 2.
    expect(previous.attendance).toEqual({
      completed: 1,
      no_shows: 1,
      no_show_rate: 0.5,
      cancellations: 0,
      late_cancellations: 0,
    })

    // Clients with a booking this week: A, B (booked before: returning), C, D (first ever).
    expect(period.clients).toEqual({ new: 2, returning: 2 })
    // Before: B's first booking was p1 (new); A had h1 (returning).
    expect(previous.clients).toEqual({ new: 1, returning: 1 })

    // Rebooking: visits c1 c2 c3. c3 → c8 3 days later: rebooked. c2 → f1 is 67 days later
    // (c7 expired unpaid, not a booking): no. c1: B has nothing later. 1 / 3.
    expect(period.rebooking).toEqual({ visits: 3, rebooked: 1, rate: 1 / 3 })
    // Before: p1 → c1 7 days later: 1 / 1.
    expect(previous.rebooking).toEqual({ visits: 1, rebooked: 1, rate: 1 })

    // Utilisation, members by name (Gold Admin, Gold Owner, Gold Staff):
    //   admin: c2 45 min of 7 days × 420 min (09–17 less lunch) = 2940.
    //   owner: c4 45 (a no-show took the time) of 2940.
    //   staff: c1 90 + c3 45 + c8 45 = 180 of Mon, Tue, Thu, Fri 4 × 420 = 1680 (Wednesday
    //          off) + Sunday 01:00–05:00 on the spring-forward night, 3 h = 180: 1860.
    expect(period.utilisation).toEqual([
      {
        team_member_id: salon.adminMemberId,
        name: 'Gold Admin',
        booked_minutes: 45,
        available_minutes: 2940,
        rate: 45 / 2940,
      },
      {
        team_member_id: salon.ownerMemberId,
        name: 'Gold Owner',
        booked_minutes: 45,
        available_minutes: 2940,
        rate: 45 / 2940,
      },
      {
        team_member_id: salon.staffMemberId,
        name: 'Gold Staff',
        booked_minutes: 180,
        available_minutes: 1860,
        rate: 180 / 1860,
      },
    ])
    // Before: staff p1 45 of 5 × 420 + a whole 4 h Sunday night (240) = 2340; owner p2 45.
    expect(previous.utilisation.map((m) => [m.booked_minutes, m.available_minutes])).toEqual([
      [0, 2940],
      [45, 2940],
      [45, 2340],
    ])
    expect(previous.utilisation[0]?.rate).toBe(0)

    // Top services: Haircut c2 c3 c4 c8 = 4 × 30.00; =Colour c1 = 80.00. Before: haircut p1 p2.
    expect(period.top_services).toEqual([
      {
        service_id: salon.haircutId,
        name: 'Haircut',
        bookings: 4,
        booked_value: { amount_minor: 12000, currency: 'USD' },
      },
      {
        service_id: colourId,
        name: '=Colour',
        bookings: 1,
        booked_value: { amount_minor: 8000, currency: 'USD' },
      },
    ])
    expect(previous.top_services).toEqual([
      {
        service_id: salon.haircutId,
        name: 'Haircut',
        bookings: 2,
        booked_value: { amount_minor: 6000, currency: 'USD' },
      },
    ])

    // Busiest hours on Berlin's clock: Tuesday 10:00 c1 c2; Thursday 14:00 c3; Friday 09:00
    // c4; Sunday 03:00 c8 (03:30 CEST, 01:30 UTC). Before: Tuesday 10:00, Wednesday 11:00.
    expect(period.busiest_hours).toEqual([
      { weekday: 2, hour: 10, bookings: 2 },
      { weekday: 4, hour: 14, bookings: 1 },
      { weekday: 5, hour: 9, bookings: 1 },
      { weekday: 7, hour: 3, bookings: 1 },
    ])
    expect(previous.busiest_hours).toEqual([
      { weekday: 2, hour: 10, bookings: 1 },
      { weekday: 3, hour: 11, bookings: 1 },
    ])
  })

  it('reads a range without bookings as zeros and nulls, not errors', async () => {
    const { period } = await insightsOf('start_date=2025-01-06&end_date=2025-01-06')
    expect(period).toMatchObject({
      revenue: { amount_minor: 0 },
      bookings: 0,
      attendance: { no_show_rate: null, cancellations: 0 },
      clients: { new: 0, returning: 0 },
      rebooking: { visits: 0, rate: null },
      top_services: [],
      busiest_hours: [],
    })
    // A Monday: the two members working every day, 420 minutes each, and the staff member.
    expect(period.utilisation.map((m) => m.available_minutes)).toEqual([420, 420, 420])
  })
})

describe('who may read them', () => {
  it('lets owners and admins in and keeps staff out', async () => {
    expect((await insightsOf(WEEK, salon.admin)).period.bookings).toBe(5)
    const refused = await call(testApp, salon.staff, 'GET', `/api/v1/insights?${WEEK}`)
    expectProblem(refused, 403)
    const csv = await call(
      testApp,
      salon.staff,
      'GET',
      `/api/v1/insights/export.csv?${WEEK}&chart=summary`,
    )
    expectProblem(csv, 403)
  })

  it('refuses a range that runs backwards, is too long or is not dates, naming the field', async () => {
    const get = (query: string) => call(testApp, salon.owner, 'GET', `/api/v1/insights?${query}`)
    expectInvalid(await get('start_date=2026-03-29&end_date=2026-03-23'), 'query.end_date')
    expectInvalid(await get('start_date=2025-01-01&end_date=2026-01-03'), 'query.end_date')
    expect((await get('start_date=2025-01-01&end_date=2026-01-02')).statusCode).toBe(200)
    const notADate = expectProblem(await get('start_date=yesterday&end_date=2026-03-23'), 400)
    expect(JSON.stringify(notADate.errors)).toContain('start_date')
  })
})

describe('the CSV export', () => {
  const exportOf = async (chart: string) => {
    const response = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/insights/export.csv?${WEEK}&chart=${chart}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="insights-${chart}-2026-03-23-to-2026-03-29.csv"`,
    )
    return parseCsv(response.body.replace(/^\uFEFF/, ''))
  }

  it('writes the summary with the previous period beside it', async () => {
    const rows = await exportOf('summary')
    expect(rows[0]).toEqual(['figure', 'period', 'previous_period', 'currency'])
    expect(rows).toContainEqual(['revenue', '80.00', '30.00', 'USD'])
    expect(rows).toContainEqual(['no_show_rate', '0.25', '0.5', 'USD'])
    expect(rows).toContainEqual(['late_cancellations', '1', '0', 'USD'])
  })

  it('writes utilisation per member and keeps a formula-like service name text', async () => {
    expect((await exportOf('utilisation'))[3]).toEqual([
      'Gold Staff',
      '180',
      '1860',
      String(180 / 1860),
      '45',
      '2340',
      String(45 / 2340),
    ])
    const services = await exportOf('top_services')
    expect(services[2]).toEqual(["'=Colour", '1', '80.00', 'USD', '0'])
  })

  it('writes every weekday and hour of the heat map', async () => {
    const rows = await exportOf('busiest_hours')
    expect(rows).toHaveLength(1 + 7 * 24)
    expect(rows).toContainEqual(['Tuesday', '10:00', '2'])
    expect(rows).toContainEqual(['Sunday', '03:00', '1'])
    expect(rows).toContainEqual(['Sunday', '02:00', '0'])
  })

  it('refuses a chart it does not have, naming the parameter', async () => {
    const response = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/insights/export.csv?${WEEK}&chart=pie`,
    )
    expect(JSON.stringify(expectProblem(response, 400).errors)).toContain('chart')
  })
})
