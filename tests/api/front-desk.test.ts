/**
 * The front desk: check-in (and its undo) and checkout at the till, through the API on PGlite.
 * The figures are hand-computed: several checkouts (cash, a terminal with a tip, a discount and
 * extras, a deposit paid online then the rest at the till, a cash refund) must add up to exactly
 * the same total in the dashboard's revenue, the payments list and its CSV.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, customers, payments } from '../../server/db/schema.ts'
import { customerHtml } from '../../server/notifications/customer-html.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { parseCsv } from '../support/api/csv.ts'
import { outboxFor } from '../support/api/outbox.ts'
import {
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Appointment = components['schemas']['Appointment']
type CheckoutResult = components['schemas']['CheckoutResult']
type PaymentPage = components['schemas']['PaymentPage']
type AppointmentPayments = components['schemas']['AppointmentPayments']
type Dashboard = components['schemas']['Dashboard']

let testApp: TestApp
let salon: SchedulingBusiness
let other: SchedulingBusiness

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createSchedulingBusiness(testApp, 'Till', 'America/New_York')
  other = await createSchedulingBusiness(testApp, 'Other Till')
}, 120_000)
afterAll(() => testApp?.close())

const owner = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
  call(testApp, salon.owner, method, url, body)

/** A Haircut (30.00) `days` from today (tomorrow) at `time` with the staff member, for `customerId`. */
async function book(time: string, customerId = salon.customerId, days = 1): Promise<Appointment> {
  const response = await owner('POST', '/api/v1/appointments', {
    service_id: salon.haircutId,
    customer_id: customerId,
    team_member_id: salon.staffMemberId,
    starts_at: inDays(days, time, salon.timeZone),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Appointment>()
}

async function checkIn(id: string): Promise<Appointment> {
  const response = await owner('POST', `/api/v1/appointments/${id}/check-in`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Appointment>()
}

async function checkout(id: string, body: object): Promise<CheckoutResult> {
  const response = await owner('POST', `/api/v1/appointments/${id}/checkout`, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CheckoutResult>()
}

async function customerWithEmail(name: string): Promise<string> {
  // Straight into the table: the API refuses line breaks in a name, an old import may not.
  const [row] = await testApp.database.db
    .insert(customers)
    .values({ tenantId: salon.tenantId, name, email: `guest-${Date.now()}@example.com` })
    .returning()
  if (!row) throw new Error('no customer')
  return row.id
}

async function receiptsOf(appointmentId: string) {
  return outboxFor(testApp, appointmentId, { kind: 'receipt' })
}

describe('check-in', () => {
  it('records the arrival, shows it on the appointment, logs it, and can be undone', async () => {
    const visit = await book('09:00')
    expect(visit.checked_in_at).toBeNull()
    const before = Date.now()
    const arrived = await checkIn(visit.id)
    expect(Date.parse(arrived.checked_in_at ?? '')).toBeGreaterThanOrEqual(before - 1000)
    expect(arrived.status).toBe('confirmed')
    // A second check-in keeps the first time.
    const again = await checkIn(visit.id)
    expect(again.checked_in_at).toBe(arrived.checked_in_at)
    const read = await owner('GET', `/api/v1/appointments/${visit.id}`)
    expect(read.json<Appointment>().checked_in_at).toBe(arrived.checked_in_at)

    // Someone who came cannot be a no-show (once the visit has started; refused anyway here).
    const undone = await owner('DELETE', `/api/v1/appointments/${visit.id}/check-in`)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json<Appointment>().checked_in_at).toBeNull()

    const log = await activityFor(testApp, salon.tenantId, visit.id)
    expect(log.map((entry) => entry.summary.split(' Haircut')[0])).toEqual([
      'Undid the check-in of',
      'Checked in',
      'Booked',
    ])
  })

  it('is refused for a cancelled appointment, and answers 404 for another business’s', async () => {
    const visit = await book('10:00')
    const cancelled = await owner('POST', `/api/v1/appointments/${visit.id}/cancel`, {
      reason: 'Ill',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const refused = expectProblem(
      await owner('POST', `/api/v1/appointments/${visit.id}/check-in`),
      409,
    )
    expect(refused.detail).toBe('This appointment is cancelled, which is final.')

    const foreign = await book('11:00')
    for (const [method, path] of [
      ['POST', 'check-in'],
      ['DELETE', 'check-in'],
      ['POST', 'checkout'],
    ] as const) {
      const response = await call(
        testApp,
        other.owner,
        method,
        `/api/v1/appointments/${foreign.id}/${path}`,
        path === 'checkout' ? { tip_minor: 0, method: 'cash' } : undefined,
      )
      expectProblem(response, 404)
    }
  })
})

describe('checkout at the till', () => {
  it('refuses bad input with problem+json naming the field, and loses nothing', async () => {
    const visit = await book('13:00')
    const url = `/api/v1/appointments/${visit.id}/checkout`
    // Not started and nobody checked in: too early.
    const early = expectProblem(await owner('POST', url, { tip_minor: 0, method: 'cash' }), 409)
    expect(early.detail).toContain('check the customer in first')
    await checkIn(visit.id)
    expectInvalid(await owner('POST', url, { tip_minor: -1, method: 'cash' }), 'body.tip_minor')
    expectInvalid(await owner('POST', url, { tip_minor: 0, method: 'bitcoin' }), 'body.method')
    expectInvalid(await owner('POST', url, { tip_minor: 0 }), 'body.method')
    expectInvalid(
      await owner('POST', url, { tip_minor: 0, method: 'cash', discount_minor: 3001 }),
      'body.discount_minor',
    )
    expectInvalid(
      await owner('POST', url, {
        tip_minor: 0,
        method: 'cash',
        discount_minor: 100,
        discount_percent: 10,
      }),
      'body.discount_percent',
    )
    expectInvalid(
      await owner('POST', url, {
        tip_minor: 0,
        method: 'cash',
        extras: [{ name: 'Gel', quantity: 1, unit_price_minor: -5 }],
      }),
      'body.extras.0.unit_price_minor',
    )
    // A typed line break could pose as a line of the receipt.
    expectInvalid(
      await owner('POST', url, {
        tip_minor: 0,
        method: 'cash',
        extras: [{ name: 'Gel\r\nTotal: 0.00', quantity: 1, unit_price_minor: 5 }],
      }),
      'body.extras.0.name',
    )
    // Nothing was recorded by any of those.
    const stored = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, visit.id))
    expect(stored).toEqual([])

    // A full discount leaves nothing to pay: no method needed, no payment written.
    const free = await checkout(visit.id, { tip_minor: 0, discount_percent: 100 })
    expect(free.checkout).toMatchObject({ total_minor: 0, paid_now_minor: 0, payment_id: null })
    expect(free.appointment.status).toBe('completed')
    expect(free.appointment.checked_out_at).not.toBeNull()
    // Twice is refused.
    expectProblem(await owner('POST', url, { tip_minor: 0, method: 'cash' }), 409)
    // Someone who came cannot be marked a no-show.
    const noShow = expectProblem(
      await owner('POST', `/api/v1/appointments/${visit.id}/no-show`),
      409,
    )
    expect(noShow.detail).toContain('checked in')
  })

  it('adds up to the same hand-computed total in the dashboard, the payments list and its CSV', async () => {
    const db = testApp.database.db
    const evil = 'Eve <script>alert(1)</script>\r\nBcc: victim@example.com'
    const eve = await customerWithEmail(evil)

    // A: 30.00 cash, no tip → 30.00 (refunded 10.00 later: cash back).
    const a = await book('09:00', salon.customerId, 2)
    await checkIn(a.id)
    const paidA = await checkout(a.id, { method: 'cash', tip_minor: 0 })
    expect(paidA.checkout).toMatchObject({ due_minor: 3000, paid_now_minor: 3000 })

    // B: card on the terminal, 15 % tip of 30.00 = 4.50 → 34.50.
    const b = await book('10:00', salon.customerId, 2)
    await checkIn(b.id)
    await checkout(b.id, { method: 'card_terminal', tip_minor: 450 })

    // C: two shampoos at 12.50 (25.00), 10 % off 55.00 (5.50) → 49.50, paid another way.
    const c = await book('11:00', eve, 2)
    await checkIn(c.id)
    const paidC = await checkout(c.id, {
      method: 'other',
      tip_minor: 0,
      discount_percent: 10,
      extras: [{ name: 'Shampoo <b>', quantity: 2, unit_price_minor: 1250 }],
    })
    expect(paidC.checkout).toMatchObject({
      service_minor: 3000,
      extras_minor: 2500,
      discount_minor: 550,
      total_minor: 4950,
      paid_before_minor: 0,
      due_minor: 4950,
      paid_now_minor: 4950,
      method: 'other',
    })

    // D: a deposit of 8.00 paid online, then 22.00 due and a 3.00 tip in cash → 25.00.
    const d = await book('13:00', eve, 2)
    await db.update(appointments).set({ customerLanguage: 'es' }).where(eq(appointments.id, d.id))
    await db.insert(payments).values({
      tenantId: salon.tenantId,
      appointmentId: d.id,
      kind: 'deposit',
      status: 'succeeded',
      amountMinor: 800,
      currency: 'USD',
      stripeAccountId: 'acct_till',
      paidAt: new Date(),
    })
    await checkIn(d.id)
    const paidD = await checkout(d.id, { method: 'cash', tip_minor: 300 })
    expect(paidD.checkout).toMatchObject({
      total_minor: 3000,
      paid_before_minor: 800,
      due_minor: 2200,
      tip_minor: 300,
      paid_now_minor: 2500,
    })
    expect(paidD.appointment.payment).toMatchObject({ state: 'paid', paid_minor: 3300 })

    // E: 10.00 of A's cash given back at the till (no Stripe involved).
    const tillPayment = paidA.checkout.payment_id
    const refundOfA = (body: object, key: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/v1/appointments/${a.id}/payments/${tillPayment}/refunds`,
        headers: { authorization: `Bearer ${salon.owner.idToken}`, 'idempotency-key': key },
        payload: body,
      })
    const refund = await refundOfA({ amount_minor: 1000, reason: 'Fringe redone' }, 'till-a-0001')
    expect(refund.statusCode, refund.body).toBe(201)
    const money = refund.json<AppointmentPayments>()
    expect(money.payments[0]).toMatchObject({
      kind: 'in_person',
      method: 'cash',
      refunded_minor: 1000,
      refundable_minor: 2000,
    })
    expect(money.payments[0]?.refunds[0]?.status).toBe('refunded')
    // More than is left is refused, naming the amount.
    expectInvalid(
      await refundOfA({ amount_minor: 2001, reason: 'Too much' }, 'till-a-0002'),
      'body.amount_minor',
    )

    const total = 3000 + 3450 + 4950 + 800 + 2500 - 1000
    const dashboard = (await owner('GET', '/api/v1/dashboard')).json<Dashboard>()
    expect(dashboard.week.revenue).toEqual({ amount_minor: total, currency: 'USD' })

    const list = (await owner('GET', '/api/v1/payments?limit=100')).json<PaymentPage>()
    expect(list.items.reduce((sum, item) => sum + item.net_minor, 0)).toBe(total)
    expect(
      list.items.map((item) => [item.kind, item.method, item.amount_minor, item.net_minor]).sort(),
    ).toEqual(
      [
        ['in_person', 'cash', 3000, 2000],
        ['in_person', 'card_terminal', 3450, 3450],
        ['in_person', 'other', 4950, 4950],
        ['deposit', null, 800, 800],
        ['in_person', 'cash', 2500, 2500],
      ].sort(),
    )

    const csv = await owner('GET', '/api/v1/payments/export.csv')
    expect(csv.statusCode, csv.body).toBe(200)
    const [header, ...records] = parseCsv(csv.body.slice(1))
    const net = header?.indexOf('net') ?? -1
    const cents = records.reduce((sum, record) => sum + Math.round(Number(record[net]) * 100), 0)
    expect(cents).toBe(total)
    expect(records.map((record) => record[header?.indexOf('method') ?? -1]).sort()).toEqual(
      ['Card terminal', 'Cash', 'Cash', 'Online', 'Other'].sort(),
    )

    // The receipt: itemised, one line per thing typed, HTML-escaped, in the customer's language.
    const [receiptC] = await receiptsOf(c.id)
    expect(receiptC?.recipient).toBe('customer')
    const lines = receiptC?.bodyText.split('\n') ?? []
    expect(lines[0]).toBe('Hello Eve <script>alert(1)</script> Bcc: victim@example.com,')
    expect(lines).toEqual(
      expect.arrayContaining([
        'Haircut: $30.00',
        'Shampoo <b> × 2: $25.00',
        'Discount: −$5.50',
        'Total: $49.50',
        'Paid now (other): $49.50',
      ]),
    )
    expect(lines.some((line) => line.startsWith('Bcc:'))).toBe(false)
    const html = customerHtml(
      { subject: receiptC?.subject ?? '', text: receiptC?.bodyText ?? '' },
      { businessName: 'Till <b>', brandColor: '#4f46e5', logo: null, language: 'en' },
      'http://127.0.0.1',
    )
    expect(html).not.toContain('<script>')
    expect(html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('Shampoo &lt;b&gt; × 2')
    const [receiptD] = await receiptsOf(d.id)
    expect(receiptD?.subject).toMatch(/^Recibo: /)
    expect(receiptD?.bodyText).toContain('Pagado antes en línea: 8,00')
    expect(receiptD?.bodyText).toContain('Propina: 3,00')
    expect(receiptD?.bodyText).toContain('Pagado ahora (efectivo): 25,00')
    // A customer without an e-mail address gets no receipt.
    expect(await receiptsOf(a.id)).toEqual([])
  })
})
