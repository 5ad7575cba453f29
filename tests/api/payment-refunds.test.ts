/**
 * Refunds of payments taken at booking, through the API on the local Stripe service (reached
 * through a TCP relay the tests can cut, for Stripe outages): a cancellation gives back what
 * the booking page promised, staff refund whole or part with a reason, and an appointment's
 * money reads back with its refunds.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../local-stripe/server.ts'
import { paymentRefunds, payments } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { bookAndPay } from '../support/api/checkout-payment.ts'
import {
  type ConnectedBusiness,
  createConnectedBusiness,
} from '../support/api/connected-business.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { localStripeClient, payingAppOptions } from '../support/api/paying-app.ts'
import { bookingBody, publicCall } from '../support/api/public-booking.ts'
import { addService, inDays, type SchedulingBusiness } from '../support/api/scheduling-business.ts'
import { type Relay, startRelay } from '../support/api/stripe-relay.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Confirmation = components['schemas']['PublicBookingConfirmation']
type AppointmentPayments = components['schemas']['AppointmentPayments']
type EmulatorUser = SchedulingBusiness['owner']

const SECRET = 'sk_test_payment_refunds'
const DAY_MINUTES = 24 * 60

let localStripe: LocalStripe
let relay: Relay
let stripe: Stripe
let testApp: TestApp
type Paid = ConnectedBusiness
let salon: Paid
let other: Paid
let nextDay = 3

beforeAll(async () => {
  localStripe = await startLocalStripe({ port: 0 })
  relay = await startRelay(new URL(localStripe.url))
  stripe = localStripeClient(SECRET, localStripe.url)
  testApp = await createTestApp({
    // The server reaches Stripe through the relay, which can be made to fail.
    ...payingAppOptions('payment_refunds', SECRET, relay.url),
    // The jobs run only when asked (runOnce), an hour apart otherwise.
    jobs: { intervalMs: 3_600_000, outboxDir: await mkdtemp(join(tmpdir(), 'slotwise-refunds-')) },
  })
  salon = await createConnectedBusiness(testApp, 'Refund Salon')
  other = await createConnectedBusiness(testApp, 'Other Refund Salon')
}, 120_000)

afterAll(async () => {
  await testApp?.close()
  await relay?.close()
  await localStripe?.stop()
})

async function paidService(business: Paid, rule: Record<string, unknown>, price = 3000) {
  return addService(testApp, business.owner, {
    name: `Paid ${JSON.stringify(rule)} ${price} ${nextDay}`,
    duration_minutes: 30,
    price_minor: price,
    team_member_ids: [business.staffMemberId],
    payment_rule: rule,
  })
}

/** Books the service publicly (in German), pays on Checkout and syncs: a confirmed, paid booking. */
async function paidBooking(business: Paid, serviceId: string, days = nextDay++) {
  const body = bookingBody(business, inDays(days, '10:00', business.timeZone), {
    service_id: serviceId,
    customer: { name: 'Pia Payer', email: uniqueEmail('refund') },
    language: 'de',
  })
  const confirmation = await bookAndPay(
    testApp,
    { url: localStripe.url, secretKey: SECRET },
    business.slug,
    body,
  )
  return confirmation
}

async function setCutoff(business: Paid, minutes: number) {
  const settings = (await call(testApp, business.owner, 'GET', '/api/v1/settings')).json<{
    booking_policy: Record<string, unknown>
  }>()
  const response = await call(testApp, business.owner, 'PUT', '/api/v1/settings/booking-policy', {
    ...settings.booking_policy,
    cancellation_cutoff_minutes: minutes,
  })
  expect(response.statusCode, response.body).toBe(200)
}

function moneyOf(user: EmulatorUser, appointmentId: string) {
  return call(testApp, user, 'GET', `/api/v1/appointments/${appointmentId}/payments`)
}

async function money(business: Paid, appointmentId: string): Promise<AppointmentPayments> {
  const response = await moneyOf(business.owner, appointmentId)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AppointmentPayments>()
}

function refund(
  user: EmulatorUser,
  appointmentId: string,
  paymentId: string,
  body: object,
  key: string | null = crypto.randomUUID(),
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v1/appointments/${appointmentId}/payments/${paymentId}/refunds`,
    headers: {
      authorization: `Bearer ${user.idToken}`,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  })
}

async function paymentRow(appointmentId: string) {
  const [row] = await testApp.database.db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
  if (!row) throw new Error(`No payment for ${appointmentId}`)
  return row
}

async function refundRows(paymentId: string) {
  return testApp.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
}

/** What Stripe itself says was refunded of the payment's charge. */
async function refundedOnStripe(business: Paid, paymentIntentId: string | null) {
  if (!paymentIntentId) throw new Error('No PaymentIntent')
  const list = await stripe.refunds.list(
    { payment_intent: paymentIntentId, limit: 100 },
    { stripeAccount: business.accountId },
  )
  return list.data.map((item) => item.amount)
}

async function customerMails(appointmentId: string) {
  return outboxFor(testApp, appointmentId, { recipient: 'customer' })
}

function staffCancel(user: EmulatorUser, appointmentId: string, body: object) {
  return call(testApp, user, 'POST', `/api/v1/appointments/${appointmentId}/cancel`, body)
}

describe('cancelling a paid appointment', () => {
  it('refunds the customer in full when they cancel before the cut-off, and says so', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }, 4550))
    const id = confirmation.appointment.id
    const before = await money(salon, id)
    expect(before.summary).toEqual({ state: 'paid', paid_minor: 4550, refunded_minor: 0 })
    expect(before.cancellation).toMatchObject({ refund_minor: 4550, keepable_minor: 0 })

    const cancelled = await publicCall(
      testApp,
      'POST',
      `/api/v1/public/appointments/${id}/cancel`,
      {
        business: salon.slug,
        headers: { 'x-manage-token': confirmation.manage_token, 'idempotency-key': 'cancel-1-abc' },
        body: { reason: 'Ich bin krank' },
      },
    )
    expect(cancelled.statusCode, cancelled.body).toBe(200)

    const payment = await paymentRow(id)
    expect(payment.refundedAmountMinor).toBe(4550)
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([4550])
    const after = await money(salon, id)
    expect(after.summary).toEqual({ state: 'refunded', paid_minor: 4550, refunded_minor: 4550 })
    expect(after.cancellation).toBeNull()
    expect(after.payments[0]?.refunds).toEqual([
      expect.objectContaining({
        amount_minor: 4550,
        cause: 'cancellation',
        reason: 'Ich bin krank',
        by: 'Pia Payer (customer)',
        status: 'refunded',
      }),
    ])
    const mail = (await customerMails(id)).find((row) => row.subject.startsWith('Abgesagt'))
    expect(mail?.bodyText).toMatch(/45,50\s\$ werden auf Ihre Karte erstattet/)
    const log = await activityFor(testApp, salon.tenantId, id)
    expect(log.map((entry) => entry.summary)).toContain(
      'Refunded $45.50 of the payment (cancelled: Ich bin krank)',
    )

    // The same request again is the first answer; nothing more is refunded.
    const again = await publicCall(testApp, 'POST', `/api/v1/public/appointments/${id}/cancel`, {
      business: salon.slug,
      headers: { 'x-manage-token': confirmation.manage_token, 'idempotency-key': 'cancel-1-abc' },
      body: { reason: 'Ich bin krank' },
    })
    expect(again.statusCode).toBe(200)
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([4550])
    expect(await refundRows(payment.id)).toHaveLength(1)
  })

  it('refuses the customer after the cut-off (online cancelling ends there): nothing refunded', async () => {
    await setCutoff(salon, 10 * DAY_MINUTES)
    try {
      const confirmation = await paidBooking(
        salon,
        await paidService(salon, { kind: 'deposit_fixed', deposit_amount_minor: 1000 }),
      )
      const id = confirmation.appointment.id
      const refused = await publicCall(
        testApp,
        'POST',
        `/api/v1/public/appointments/${id}/cancel`,
        {
          business: salon.slug,
          headers: { 'x-manage-token': confirmation.manage_token },
          body: { reason: 'Zu spät' },
        },
      )
      expectProblem(refused, 409)
      const payment = await paymentRow(id)
      expect(payment.refundedAmountMinor).toBe(0)
      expect(await refundRows(payment.id)).toEqual([])
    } finally {
      await setCutoff(salon, DAY_MINUTES)
    }
  })

  it('refunds in full when staff cancel after the cut-off, unless they keep the deposit', async () => {
    await setCutoff(salon, 10 * DAY_MINUTES)
    try {
      const serviceId = await paidService(salon, {
        kind: 'deposit_fixed',
        deposit_amount_minor: 1000,
      })
      const refunded = (await paidBooking(salon, serviceId)).appointment.id
      const kept = (await paidBooking(salon, serviceId)).appointment.id

      // What the cancel dialog shows before staff confirm.
      expect((await money(salon, refunded)).cancellation).toMatchObject({
        refund_minor: 1000,
        keepable_minor: 1000,
      })
      const full = await staffCancel(salon.admin, refunded, { reason: 'Stylist is ill' })
      expect(full.statusCode, full.body).toBe(200)
      expect((await money(salon, refunded)).summary?.state).toBe('refunded')
      const refundedMail = (await customerMails(refunded)).find((row) =>
        row.subject.startsWith('Abgesagt'),
      )
      expect(refundedMail?.bodyText).toMatch(/10,00\s\$ werden auf Ihre Karte erstattet/)

      const keep = await staffCancel(salon.admin, kept, {
        reason: 'Customer rang an hour before',
        keep_payment: true,
      })
      expect(keep.statusCode, keep.body).toBe(200)
      const payment = await paymentRow(kept)
      expect(payment.refundedAmountMinor).toBe(0)
      expect(await refundRows(payment.id)).toEqual([])
      expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([])
      expect((await money(salon, kept)).summary?.state).toBe('deposit_paid')
      const keptMail = (await customerMails(kept)).find((row) => row.subject.startsWith('Abgesagt'))
      expect(keptMail?.bodyText).toMatch(/werden die gezahlten 10,00\s\$ einbehalten/)
      const log = await activityFor(testApp, salon.tenantId, kept)
      expect(log.map((entry) => entry.summary)).toContain(
        'Kept $10.00 of the payment: cancelled after the cancellation cut-off',
      )
    } finally {
      await setCutoff(salon, DAY_MINUTES)
    }
  })

  it('does not let staff keep the payment before the cut-off: the customer was promised it all', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }))
    const id = confirmation.appointment.id
    expect((await money(salon, id)).cancellation).toMatchObject({ keepable_minor: 0 })
    const refused = await staffCancel(salon.owner, id, { reason: 'No', keep_payment: true })
    expectInvalid(refused, 'body.keep_payment')
    const appointment = await call(testApp, salon.owner, 'GET', `/api/v1/appointments/${id}`)
    expect(appointment.json<{ status: string }>().status).toBe('confirmed')
    expect(await refundRows((await paymentRow(id)).id)).toEqual([])
  })
})

describe('staff refunds', () => {
  it('refunds part with a reason, then the rest, and refuses more', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }, 5000))
    const id = confirmation.appointment.id
    const paymentId = (await money(salon, id)).payments[0]?.id ?? ''

    const part = await refund(salon.admin, id, paymentId, {
      amount_minor: 1500,
      reason: 'Colour came out lighter',
    })
    expect(part.statusCode, part.body).toBe(201)
    const afterPart = part.json<AppointmentPayments>()
    expect(afterPart.summary).toEqual({
      state: 'partly_refunded',
      paid_minor: 5000,
      refunded_minor: 1500,
    })
    expect(afterPart.payments[0]).toMatchObject({ refunded_minor: 1500, refundable_minor: 3500 })
    expect(afterPart.payments[0]?.refunds).toEqual([
      expect.objectContaining({
        amount_minor: 1500,
        cause: 'staff',
        reason: 'Colour came out lighter',
        by: 'Refund Salon Admin',
        status: 'refunded',
      }),
    ])
    const log = await activityFor(testApp, salon.tenantId, id)
    const entry = log.find((row) => row.summary.startsWith('Refunded $15.00'))
    expect(entry).toMatchObject({
      summary: 'Refunded $15.00 of the payment (reason: Colour came out lighter)',
      actorName: 'Refund Salon Admin',
    })
    const mail = (await customerMails(id)).find((row) => row.subject.startsWith('Erstattung'))
    expect(mail?.bodyText).toMatch(/15,00\s\$ Ihrer Zahlung/)
    expect(mail?.ics).toBeNull()

    const tooMuch = await refund(salon.owner, id, paymentId, { amount_minor: 3501, reason: 'x' })
    const problem = expectInvalid(tooMuch, 'body.amount_minor')
    expect(problem.errors?.[0]?.message).toContain('$35.00')

    const rest = await refund(salon.owner, id, paymentId, {
      amount_minor: 3500,
      reason: 'Goodwill',
    })
    expect(rest.statusCode, rest.body).toBe(201)
    expect(rest.json<AppointmentPayments>().summary?.state).toBe('refunded')
    const payment = await paymentRow(id)
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual(
      expect.arrayContaining([1500, 3500]),
    )
    expectInvalid(
      await refund(salon.owner, id, paymentId, { amount_minor: 1, reason: 'More' }),
      'body.amount_minor',
    )
    // A fully refunded payment leaves nothing for a cancellation to give back.
    const cancelled = await staffCancel(salon.owner, id, { reason: 'Closed' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await refundRows(payment.id)).toHaveLength(2)
  })

  it('refunds once for a repeated request, even at the same moment', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }))
    const id = confirmation.appointment.id
    const paymentId = (await money(salon, id)).payments[0]?.id ?? ''
    const key = crypto.randomUUID()
    const body = { amount_minor: 700, reason: 'Late start' }
    const [first, second] = await Promise.all([
      refund(salon.owner, id, paymentId, body, key),
      refund(salon.owner, id, paymentId, body, key),
    ])
    expect(first.statusCode, first.body).toBe(201)
    expect(second.statusCode, second.body).toBe(201)
    const third = await refund(salon.owner, id, paymentId, body, key)
    expect(third.json()).toEqual(first.json())
    const payment = await paymentRow(id)
    expect(payment.refundedAmountMinor).toBe(700)
    expect(await refundRows(paymentId)).toHaveLength(1)
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([700])
    // The same key for another refund is refused, naming the header.
    expectProblem(
      await refund(salon.owner, id, paymentId, { ...body, amount_minor: 800 }, key),
      422,
    )
  })

  it('refuses amounts that are not whole positive numbers, a blank reason, and no key', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }))
    const id = confirmation.appointment.id
    const paymentId = (await money(salon, id)).payments[0]?.id ?? ''
    for (const amount of [0, -100, 12.5, '100']) {
      expectInvalid(
        await refund(salon.owner, id, paymentId, { amount_minor: amount, reason: 'Why' }),
        'body.amount_minor',
      )
    }
    expectInvalid(
      await refund(salon.owner, id, paymentId, { amount_minor: 100, reason: '   ' }),
      'body.reason',
    )
    expectInvalid(await refund(salon.owner, id, paymentId, { amount_minor: 100 }), 'body.reason')
    const noKey = await refund(salon.owner, id, paymentId, { amount_minor: 100, reason: 'x' }, null)
    expect(expectProblem(noKey, 400).errors?.[0]?.path).toMatch(/idempotency-key/i)
    expect((await paymentRow(id)).refundedAmountMinor).toBe(0)
  })

  it('refuses a payment that did not succeed, naming it', async () => {
    const serviceId = await paidService(salon, { kind: 'full' })
    const held = await publicCall(testApp, 'POST', '/api/v1/public/bookings', {
      business: salon.slug,
      body: bookingBody(salon, inDays(nextDay++, '10:00', salon.timeZone), {
        service_id: serviceId,
      }),
    })
    expect(held.statusCode, held.body).toBe(201)
    const id = held.json<Confirmation>().appointment.id
    const pending = await money(salon, id)
    expect(pending.summary?.state).toBe('pending')
    expect(pending.payments[0]?.refundable_minor).toBe(0)
    const refused = await refund(salon.owner, id, pending.payments[0]?.id ?? '', {
      amount_minor: 100,
      reason: 'Nothing to give',
    })
    const problem = expectProblem(refused, 409)
    expect(problem.errors?.map((error) => error.path)).toEqual(['path.paymentId'])
  })

  it('lets owners and admins refund, not staff; everyone reads the money', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }))
    const id = confirmation.appointment.id
    const paymentId = (await money(salon, id)).payments[0]?.id ?? ''
    expectProblem(
      await refund(salon.staff, id, paymentId, { amount_minor: 100, reason: 'Mine' }),
      403,
    )
    expect((await moneyOf(salon.staff, id)).statusCode).toBe(200)
    expect((await paymentRow(id)).refundedAmountMinor).toBe(0)
  })

  it("answers 404 for another business's appointment or payment", async () => {
    const mine = await paidBooking(salon, await paidService(salon, { kind: 'full' }))
    const theirs = await paidBooking(other, await paidService(other, { kind: 'full' }))
    const myPayment = (await money(salon, mine.appointment.id)).payments[0]?.id ?? ''
    const theirPayment = (await money(other, theirs.appointment.id)).payments[0]?.id ?? ''
    expectProblem(await moneyOf(salon.owner, theirs.appointment.id), 404)
    const body = { amount_minor: 100, reason: 'Not mine' }
    expectProblem(await refund(salon.owner, theirs.appointment.id, theirPayment, body), 404)
    expectProblem(await refund(salon.owner, mine.appointment.id, theirPayment, body), 404)
    // One's own payment under another of one's appointments is no payment of it either.
    const second = await paidBooking(salon, await paidService(salon, { kind: 'full' }))
    expectProblem(await refund(salon.owner, second.appointment.id, myPayment, body), 404)
    expect((await paymentRow(theirs.appointment.id)).refundedAmountMinor).toBe(0)
    expect((await paymentRow(mine.appointment.id)).refundedAmountMinor).toBe(0)
  })
})

describe('when Stripe does not answer', () => {
  it('cancels at once, owes the refund, and the payment job makes it once Stripe is back', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }, 2200))
    const id = confirmation.appointment.id
    const payment = await paymentRow(id)
    relay.down()
    try {
      const cancelled = await publicCall(
        testApp,
        'POST',
        `/api/v1/public/appointments/${id}/cancel`,
        {
          business: salon.slug,
          headers: { 'x-manage-token': confirmation.manage_token },
          body: { reason: 'Plans changed' },
        },
      )
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json<{ status: string }>().status).toBe('cancelled')
      const owed = await money(salon, id)
      expect(owed.summary).toEqual({ state: 'paid', paid_minor: 2200, refunded_minor: 0 })
      expect(owed.payments[0]?.refunds).toEqual([
        expect.objectContaining({ amount_minor: 2200, status: 'owed' }),
      ])
      expect(owed.payments[0]?.refundable_minor).toBe(0)
      // The customer is told the refund with the cancellation, whatever Stripe does.
      const mail = (await customerMails(id)).find((row) => row.subject.startsWith('Abgesagt'))
      expect(mail?.bodyText).toMatch(/22,00\s\$ werden auf Ihre Karte erstattet/)

      // Nothing is left for staff to refund meanwhile: the owed refund counts.
      const key = crypto.randomUUID()
      const down = await refund(salon.owner, id, payment.id, { amount_minor: 1, reason: 'x' }, key)
      expectInvalid(down, 'body.amount_minor')

      // The job while Stripe is still down: still owed.
      const stillDown = await testApp.app.backgroundJobs?.runOnce()
      expect(stillDown?.refunds).toMatchObject({ made: 0 })
      expect(stillDown?.refunds.owed).toBeGreaterThanOrEqual(1)
    } finally {
      relay.up()
    }
    const run = await testApp.app.backgroundJobs?.runOnce()
    expect(run?.refunds.made).toBeGreaterThanOrEqual(1)
    const made = await money(salon, id)
    expect(made.summary?.state).toBe('refunded')
    expect(made.payments[0]?.refunds).toEqual([
      expect.objectContaining({ amount_minor: 2200, status: 'refunded' }),
    ])
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([2200])
    await testApp.app.backgroundJobs?.runOnce()
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([2200])
    expect((await paymentRow(id)).refundedAmountMinor).toBe(2200)
  }, 60_000)

  it('answers a staff refund with 503 and nothing refunded; the retry with its key refunds once', async () => {
    const confirmation = await paidBooking(salon, await paidService(salon, { kind: 'full' }, 2000))
    const id = confirmation.appointment.id
    const payment = await paymentRow(id)
    const key = crypto.randomUUID()
    const body = { amount_minor: 500, reason: 'Short session' }
    relay.down()
    try {
      const refused = expectProblem(await refund(salon.owner, id, payment.id, body, key), 503)
      expect(refused.detail).toMatch(/nothing was refunded/)
      expect(await refundRows(payment.id)).toEqual([])
      expect((await paymentRow(id)).refundedAmountMinor).toBe(0)
    } finally {
      relay.up()
    }
    const retried = await refund(salon.owner, id, payment.id, body, key)
    expect(retried.statusCode, retried.body).toBe(201)
    expect(await refundedOnStripe(salon, payment.stripePaymentIntentId)).toEqual([500])
    expect(await refundRows(payment.id)).toHaveLength(1)
  }, 60_000)
})

describe('a staff part-refund racing the customer cancelling', () => {
  const PRICE = 5000
  const PART = 2000

  function customerCancel(confirmation: Confirmation) {
    return publicCall(
      testApp,
      'POST',
      `/api/v1/public/appointments/${confirmation.appointment.id}/cancel`,
      {
        business: salon.slug,
        headers: { 'x-manage-token': confirmation.manage_token },
        body: { reason: 'Cannot make it' },
      },
    )
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /**
   * Whatever order they arrive in, the customer (who cancels before the cut-off) ends with
   * everything back: the staff refund's $20 and the cancellation's $30, or the cancellation's
   * $50 and the staff refund refused for nothing being left. Exact cents, on Stripe and here.
   */
  async function expectWholePaymentBack(
    confirmation: Confirmation,
    staff: Awaited<ReturnType<typeof refund>>,
  ) {
    const id = confirmation.appointment.id
    const payment = await paymentRow(id)
    const rows = await refundRows(payment.id)
    expect(
      rows.every((row) => row.stripeRefundId !== null),
      JSON.stringify(rows),
    ).toBe(true)
    const made = rows.map((row) => [row.cause, row.amountMinor])
    if (staff.statusCode === 201) {
      expect(made).toEqual(
        expect.arrayContaining([
          ['staff', PART],
          ['cancellation', PRICE - PART],
        ]),
      )
      expect(made).toHaveLength(2)
    } else {
      expectInvalid(staff, 'body.amount_minor')
      expect(made).toEqual([['cancellation', PRICE]])
    }
    const onStripe = await refundedOnStripe(salon, payment.stripePaymentIntentId)
    expect(onStripe.reduce((sum, amount) => sum + amount, 0)).toBe(PRICE)
    expect(payment.refundedAmountMinor).toBe(PRICE)
    expect((await money(salon, id)).summary).toEqual({
      state: 'refunded',
      paid_minor: PRICE,
      refunded_minor: PRICE,
    })
    const log = await activityFor(testApp, salon.tenantId, id)
    expect(log.map((entry) => entry.summary).join('\n')).not.toMatch(/Stripe refused/)
  }

  async function paidFifty() {
    return paidBooking(salon, await paidService(salon, { kind: 'full' }, PRICE))
  }

  async function staffRefund(confirmation: Confirmation) {
    const paymentId = (await paymentRow(confirmation.appointment.id)).id
    return refund(salon.owner, confirmation.appointment.id, paymentId, {
      amount_minor: PART,
      reason: 'Scratched nail',
    })
  }

  it('gives everything back when the staff refund comes first, then the cancellation', async () => {
    const booked = await paidFifty()
    const staff = await staffRefund(booked)
    expect(staff.statusCode, staff.body).toBe(201)
    expect((await customerCancel(booked)).statusCode).toBe(200)
    await expectWholePaymentBack(booked, staff)
  })

  it('gives everything back when the cancellation comes first; the staff refund finds nothing left', async () => {
    const booked = await paidFifty()
    expect((await customerCancel(booked)).statusCode).toBe(200)
    await expectWholePaymentBack(booked, await staffRefund(booked))
  })

  it('gives everything back when the cancellation arrives while Stripe makes the staff refund', async () => {
    // Each request spends 150 ms on its way to Stripe: the cancellation lands inside the
    // staff refund's call at every offset, as the outside test's 60 ms did.
    relay.slow(150)
    try {
      for (const round of [1, 2]) {
        for (const offsetMs of [0, 30, 90]) {
          const booked = await paidFifty()
          const [staff, cancelled] = await Promise.all([
            staffRefund(booked),
            pause(offsetMs).then(() => customerCancel(booked)),
          ])
          expect(cancelled.statusCode, `round ${round}, +${offsetMs} ms`).toBe(200)
          await expectWholePaymentBack(booked, staff)
        }
      }
    } finally {
      relay.slow(0)
    }
  }, 120_000)

  it('gives everything back when the staff refund arrives while the cancellation is with Stripe', async () => {
    relay.slow(150)
    try {
      for (const offsetMs of [0, 30, 90]) {
        const booked = await paidFifty()
        const [cancelled, staff] = await Promise.all([
          customerCancel(booked),
          pause(offsetMs).then(() => staffRefund(booked)),
        ])
        expect(cancelled.statusCode, `+${offsetMs} ms`).toBe(200)
        await expectWholePaymentBack(booked, staff)
      }
    } finally {
      relay.slow(0)
    }
  }, 120_000)

  it('recomputes a cancellation refund Stripe finds too large from what Stripe holds', async () => {
    const booked = await paidFifty()
    const payment = await paymentRow(booked.appointment.id)
    // The owner gave $20 back in Stripe's own dashboard: Slotwise never heard of it.
    await stripe.refunds.create(
      { payment_intent: payment.stripePaymentIntentId ?? '', amount: PART },
      { stripeAccount: salon.accountId },
    )
    expect((await customerCancel(booked)).statusCode).toBe(200)
    const onStripe = await refundedOnStripe(salon, payment.stripePaymentIntentId)
    expect(onStripe.reduce((sum, amount) => sum + amount, 0)).toBe(PRICE)
    const rows = await refundRows(payment.id)
    expect(rows.map((row) => [row.cause, row.amountMinor, row.stripeRefundId !== null])).toEqual([
      ['cancellation', PRICE - PART, true],
    ])
    const log = await activityFor(testApp, salon.tenantId, booked.appointment.id)
    expect(log.map((entry) => entry.summary)).toContain(
      'Stripe holds only $30.00 of the payment (refunded outside Slotwise): refunding that of the $50.00 owed on cancellation',
    )
  })
})
