/**
 * A customer's data rights: staff export everything stored about one customer (a JSON file)
 * and erase their personal data, keeping their appointments and money anonymised so the
 * business's figures do not change; and the privacy notice the booking pages link to.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  activityLog,
  appointments,
  customers,
  notificationOutbox,
  paymentRefunds,
  payments,
} from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import {
  bookingBody,
  bookPublicly,
  publicCall,
  setUpPublicBookingWorld,
} from '../support/api/public-booking.ts'
import { call, expectInvalid, expectProblem, type Method } from '../support/api/team-business.ts'

type CustomerDataExport = components['schemas']['CustomerDataExport']
type Customer = components['schemas']['Customer']
type Dashboard = components['schemas']['Dashboard']
type Service = components['schemas']['Service']

const world = setUpPublicBookingWorld('Rights')
const owner = (method: Method, url: string, body?: object) =>
  call(world.testApp, world.salon.owner, method, url, body)
const db = () => world.testApp.database.db

/** What the customer was called, typed and said, none of which may survive the erasure. */
interface History {
  customerId: string
  email: string
  phone: string
  cancelledId: string
  completedId: string
  paymentId: string
  manageToken: string
  /** Every personal text of this customer, for searching what is left after the erasure. */
  personal: string[]
}

/**
 * A customer with a life in the business: booked online (answers, notes, what they typed),
 * renamed by staff, cancelled online with a reason, a past visit paid online, refunded in
 * part with a reason naming them, and a saved card.
 */
async function customerWithHistory(label: string, hoursAgo: number): Promise<History> {
  const questions = await owner('PATCH', `/api/v1/services/${world.salon.haircutId}`, {
    booking_questions: [{ label: 'Anything we should know?', kind: 'long_text', required: false }],
  })
  expect(questions.statusCode, questions.body).toBe(200)
  const [question] = questions.json<Service>().booking_questions
  if (!question) throw new Error('no question')
  const email = uniqueEmail(`rights-${label}`)
  const phone = `+49 30 555${Math.floor(Math.random() * 9000 + 1000)}`
  const firstName = `Rhoda ${label}`
  const booked = await bookPublicly(
    world.testApp,
    world.salonSlug,
    bookingBody(world.salon, world.at(world.freshDay(), '10:00'), {
      customer: { name: firstName, email, phone },
      notes: `Allergic to lavender ${label}`,
      booking_answers: { [question.id]: `Ring the bell twice ${label}` },
    }),
  )
  const [customer] = await db().select().from(customers).where(eq(customers.email, email))
  if (!customer) throw new Error('no customer')
  const renamed = await owner('PATCH', `/api/v1/customers/${customer.id}`, {
    name: `Rhoda Quinn ${label}`,
    notes: `Prefers mornings ${label}`,
    tags: ['vip'],
  })
  expect(renamed.statusCode, renamed.body).toBe(200)
  const cancelled = await publicCall(
    world.testApp,
    'POST',
    `/api/v1/public/appointments/${booked.appointment.id}/cancel`,
    {
      business: world.salonSlug,
      body: { reason: `Moving to Lisbon ${label}` },
      headers: { 'x-manage-token': booked.manage_token },
    },
  )
  expect(cancelled.statusCode, cancelled.body).toBe(200)

  const completedId = randomUUID()
  // Today in the business's zone, whatever the hour (the erase test reads it in the dashboard's
  // today): never before its midnight, plus an hour per hour less ago, so two histories made
  // just after midnight do not take the member's same time.
  const midnight = Temporal.Now.zonedDateTimeISO(world.salon.timeZone).startOfDay()
  const earliest = midnight.epochMilliseconds + Math.max(0, 4 - hoursAgo) * 3_600_000
  const startsAt = new Date(Math.max(Date.now() - hoursAgo * 3_600_000, earliest))
  await db()
    .insert(appointments)
    .values(
      unbufferedRow({
        id: completedId,
        tenantId: world.salon.tenantId,
        serviceId: world.salon.haircutId,
        teamMemberId: world.salon.staffMemberId,
        customerId: customer.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * 60_000),
        status: 'completed',
        notes: `Coloured ${label}`,
        priceMinor: 3000,
        currency: 'USD',
        source: 'public',
        submittedName: firstName,
        submittedEmail: email,
        submittedPhone: phone,
      }),
    )
  const [payment] = await db()
    .insert(payments)
    .values({
      tenantId: world.salon.tenantId,
      appointmentId: completedId,
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 3000,
      refundedAmountMinor: 500,
      currency: 'USD',
      stripeAccountId: 'acct_rights',
      stripeCheckoutSessionId: `cs_${randomUUID()}`,
      stripePaymentIntentId: `pi_${randomUUID()}`,
      stripeCustomerId: `cus_${randomUUID()}`,
      stripePaymentMethodId: `pm_${randomUUID()}`,
      paidAt: new Date(),
    })
    .returning()
  if (!payment) throw new Error('no payment')
  await db()
    .insert(paymentRefunds)
    .values({
      tenantId: world.salon.tenantId,
      paymentId: payment.id,
      amountMinor: 500,
      reason: `Goodwill for Rhoda Quinn ${label}`,
      cause: 'staff',
      stripeRefundId: `re_${randomUUID()}`,
    })
  return {
    customerId: customer.id,
    email,
    phone,
    cancelledId: booked.appointment.id,
    completedId,
    paymentId: payment.id,
    manageToken: booked.manage_token,
    personal: [
      firstName,
      `Rhoda Quinn ${label}`,
      email,
      phone,
      `Allergic to lavender ${label}`,
      `Ring the bell twice ${label}`,
      `Moving to Lisbon ${label}`,
      `Prefers mornings ${label}`,
      `Coloured ${label}`,
    ],
  }
}

async function dashboard(): Promise<Dashboard> {
  const response = await owner('GET', '/api/v1/dashboard')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Dashboard>()
}

/** Everything of the business that could still hold a personal text, as one string. */
async function everythingStored(tenantId: string, appointmentIds: string[]): Promise<string> {
  const where = <T extends { tenantId: unknown }>(table: T) => eq(table.tenantId as never, tenantId)
  const rows = await Promise.all([
    db().select().from(customers).where(where(customers)),
    db().select().from(appointments).where(where(appointments)),
    db().select().from(payments).where(where(payments)),
    db().select().from(paymentRefunds).where(where(paymentRefunds)),
    db().select().from(activityLog).where(where(activityLog)),
    db()
      .select()
      .from(notificationOutbox)
      .where(where(notificationOutbox))
      .then((all) => all.filter((row) => appointmentIds.includes(row.appointmentId ?? ''))),
  ])
  return JSON.stringify(rows)
}

describe('GET /api/v1/customers/{id}/export', () => {
  it('hands owners a JSON file of everything stored about the customer, and logs who exported whom', async () => {
    const history = await customerWithHistory('Export', 2)
    const response = await owner('GET', `/api/v1/customers/${history.customerId}/export`)

    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="customer-${history.customerId}.json"`,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const file = response.json<CustomerDataExport>()
    expect(file).toMatchObject({
      format: 'slotwise.customer-data.v1',
      customer: {
        id: history.customerId,
        name: 'Rhoda Quinn Export',
        email: history.email,
        phone: history.phone,
        notes: 'Prefers mornings Export',
        tags: ['vip'],
        erased_at: null,
      },
    })
    expect(file.appointments.map((a) => a.id).sort()).toEqual(
      [history.cancelledId, history.completedId].sort(),
    )
    const cancelled = file.appointments.find((a) => a.id === history.cancelledId)
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      service_name: 'Haircut',
      cancel_reason: 'Moving to Lisbon Export',
      submitted: {
        name: 'Rhoda Export',
        email: history.email,
        notes: 'Allergic to lavender Export',
      },
      booking_answers: [{ label: 'Anything we should know?', value: 'Ring the bell twice Export' }],
    })
    expect(cancelled?.team_member_name).toBeTruthy()
    expect(file.payments).toMatchObject([
      {
        id: history.paymentId,
        appointment_id: history.completedId,
        amount: { amount_minor: 3000, currency: 'USD' },
        refunded_amount: { amount_minor: 500, currency: 'USD' },
      },
    ])
    expect(file.payments[0]?.stripe_customer_id).toMatch(/^cus_/)
    expect(file.refunds).toMatchObject([
      { amount_minor: 500, reason: 'Goodwill for Rhoda Quinn Export' },
    ])
    // The confirmation and the cancellation, to the customer (and to the team member).
    const toCustomer = file.emails.filter((email) => email.recipient === 'customer')
    expect(toCustomer.map((email) => email.kind).sort()).toEqual(['cancellation', 'confirmation'])
    expect(toCustomer.every((email) => email.to_address === history.email)).toBe(true)
    const summaries = file.activity.map((entry) => entry.summary)
    expect(summaries).toContain('Changed name, notes and tags of the customer Rhoda Quinn Export')
    expect(summaries.some((summary) => summary.includes('Moving to Lisbon Export'))).toBe(true)
    expect(file.access.manage_links).toMatch(/^Each appointment/)
    expect(file.access.customer_account).toContain(history.email)

    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, history.customerId), eq(activityLog.action, 'exported')))
    expect(logged).toMatchObject({
      actorUid: world.salon.owner.uid,
      entityType: 'customer',
      summary: 'Exported everything stored about a customer',
      changes: [],
    })
  })

  it('answers 404 for another business’s customer and an unknown id, 400 for a malformed one', async () => {
    const theirs = await call(world.testApp, world.other.owner, 'POST', '/api/v1/customers', {
      name: 'Elsewhere Ella',
    })
    for (const id of [theirs.json<Customer>().id, randomUUID()]) {
      expectProblem(await owner('GET', `/api/v1/customers/${id}/export`), 404)
    }
    expectInvalid(await owner('GET', '/api/v1/customers/not-a-uuid/export'), 'path.customerId')
  })
})

describe('POST /api/v1/customers/{id}/erase', () => {
  it('removes the personal data everywhere, keeps the figures, ends the links, and logs it bare', async () => {
    const history = await customerWithHistory('Erase', 4)
    const before = await dashboard()
    const url = `/api/v1/customers/${history.customerId}/erase`

    expectInvalid(await owner('POST', url, { confirm_name: 'Rhoda Erase' }), 'body.confirm_name')
    expectInvalid(await owner('POST', url, {}), 'body.confirm_name')
    const erased = await owner('POST', url, { confirm_name: '  rhoda quinn erase ' })

    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json<Customer>()).toMatchObject({
      id: history.customerId,
      name: 'Erased customer',
      email: null,
      phone: null,
      notes: '',
      tags: [],
      time_zone: null,
      marketing_consent: false,
    })
    expect(erased.json<Customer>().erased_at).toBeTruthy()
    // The business's figures: the same appointments, money and counts.
    const after = await dashboard()
    expect(before.week.revenue.amount_minor).toBeGreaterThanOrEqual(2500)
    expect(after.week).toEqual(before.week)
    expect(after.today).toEqual(before.today)
    expect(after.no_show_rate).toEqual(before.no_show_rate)
    expect(after.today_appointments.map((a) => [a.id, a.status, a.price])).toEqual(
      before.today_appointments.map((a) => [a.id, a.status, a.price]),
    )
    expect(after.today_appointments.find((a) => a.id === history.completedId)?.customer_name).toBe(
      'Erased customer',
    )
    const kept = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.customerId, history.customerId))
    expect(kept.map((row) => [row.status, row.priceMinor]).sort()).toEqual([
      ['cancelled', 3000],
      ['completed', 3000],
    ])
    const [payment] = await db().select().from(payments).where(eq(payments.id, history.paymentId))
    expect(payment).toMatchObject({
      amountMinor: 3000,
      refundedAmountMinor: 500,
      status: 'succeeded',
      stripeCustomerId: null,
      stripePaymentMethodId: null,
    })
    expect(payment?.stripePaymentIntentId).toMatch(/^pi_/)
    expect(payment?.stripeCheckoutSessionId).toMatch(/^cs_/)
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, history.paymentId))
    expect(refund).toMatchObject({ amountMinor: 500, reason: 'Goodwill for Erased customer' })
    // No personal text is left anywhere: record, appointments, payments, e-mails, the log.
    const stored = await everythingStored(world.salon.tenantId, [
      history.cancelledId,
      history.completedId,
    ])
    for (const text of history.personal) expect(stored).not.toContain(text)
    const outbox = await db()
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.appointmentId, history.cancelledId))
    expect(outbox).toEqual([])
    // The old log entries still say what happened, to whom no longer.
    const entries = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, history.customerId))
    expect(entries.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Changed name, notes and tags of the customer Erased customer',
        'Erased a customer’s personal data: 2 appointments kept anonymised, 4 e-mails deleted',
      ]),
    )
    const cancelledEntries = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, history.cancelledId))
    expect(
      cancelledEntries.some((entry) =>
        entry.summary.startsWith('Cancelled Haircut for Erased customer'),
      ),
    ).toBe(true)

    // The manage link and the record are closed for good.
    expectProblem(
      await publicCall(world.testApp, 'GET', `/api/v1/public/appointments/${history.cancelledId}`, {
        business: world.salonSlug,
        headers: { 'x-manage-token': history.manageToken },
      }),
      404,
    )
    expect(
      expectProblem(
        await owner('PATCH', `/api/v1/customers/${history.customerId}`, { name: 'Back' }),
        409,
      ).type,
    ).toContain('/problems/customer-erased')
    expect(
      expectProblem(await owner('POST', url, { confirm_name: 'Erased customer' }), 409).type,
    ).toContain('/problems/customer-erased')
    // Its export now holds nothing personal either, and says the links ended.
    const file = (
      await owner('GET', `/api/v1/customers/${history.customerId}/export`)
    ).json<CustomerDataExport>()
    for (const text of history.personal) expect(JSON.stringify(file)).not.toContain(text)
    expect(file.access.manage_links).toMatch(/^Ended/)
  })

  it('refuses while appointments lie ahead, naming them, and changes nothing', async () => {
    const created = await owner('POST', '/api/v1/customers', { name: 'Future Fran' })
    const customer = created.json<Customer>()
    const booked = await owner('POST', '/api/v1/appointments', {
      service_id: world.salon.haircutId,
      customer_id: customer.id,
      team_member_id: world.salon.staffMemberId,
      starts_at: world.at(world.freshDay(), '11:00'),
    })
    expect(booked.statusCode, booked.body).toBe(201)

    const refused = expectProblem(
      await owner('POST', `/api/v1/customers/${customer.id}/erase`, {
        confirm_name: 'Future Fran',
      }),
      409,
    )
    expect(refused.type).toContain('/problems/customer-has-upcoming')
    expect(refused.detail).toMatch(
      /^Future Fran has 1 upcoming appointment \(Haircut on \w{3} \d+ \w{3} 11:00\); cancel it before erasing the customer\.$/,
    )
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id))
    expect(row).toMatchObject({ name: 'Future Fran', erasedAt: null })
  })

  it('answers 404 for another business’s customer without touching it; 400 for bad bodies', async () => {
    const theirs = (
      await call(world.testApp, world.other.owner, 'POST', '/api/v1/customers', {
        name: 'Safe Sam',
      })
    ).json<Customer>()
    expectProblem(
      await owner('POST', `/api/v1/customers/${theirs.id}/erase`, { confirm_name: 'Safe Sam' }),
      404,
    )
    const [row] = await db().select().from(customers).where(eq(customers.id, theirs.id))
    expect(row?.name).toBe('Safe Sam')
    expectInvalid(
      await owner('POST', `/api/v1/customers/${theirs.id}/erase`, {
        confirm_name: 'Safe Sam',
        also: true,
      }),
      'body.also',
    )
    expectInvalid(
      await owner('POST', `/api/v1/customers/${theirs.id}/erase`, { confirm_name: 42 }),
      'body.confirm_name',
    )
  })
})

describe('the privacy notice', () => {
  it('is the default until the business writes one, which the public API then hands out', async () => {
    const publicNotice = () =>
      publicCall(world.testApp, 'GET', '/api/v1/public/privacy-notice', {
        business: world.salonSlug,
      })
    expect((await owner('GET', '/api/v1/settings/privacy')).json()).toEqual({
      privacy_notice: null,
    })
    const first = await publicNotice()
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ privacy_notice: null })
    expect(first.json().business_name).toBeTruthy()

    const text = 'We keep your name and e-mail to run your bookings.\n\nAsk us to erase them.'
    const saved = await owner('PUT', '/api/v1/settings/privacy', { privacy_notice: `  ${text}  ` })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ privacy_notice: text })
    expect((await publicNotice()).json()).toMatchObject({ privacy_notice: text })
    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.tenantId, world.salon.tenantId), eq(activityLog.entityId, 'privacy')),
      )
    expect(logged?.summary).toBe(
      `Changed the privacy notice: privacy notice none → ${text.length} characters`,
    )

    expectInvalid(
      await owner('PUT', '/api/v1/settings/privacy', { privacy_notice: 'x'.repeat(10_001) }),
      'body.privacy_notice',
    )
    expect(
      (await owner('PUT', '/api/v1/settings/privacy', { privacy_notice: '   ' })).json(),
    ).toEqual({
      privacy_notice: null,
    })
    expect(
      (
        await publicCall(world.testApp, 'GET', '/api/v1/public/privacy-notice', {
          business: world.otherSlug,
        })
      ).json(),
    ).toMatchObject({ privacy_notice: null })
  })
})
