/**
 * The no-show fee, through the API on the local Stripe service: a card kept at booking (a
 * setup-mode Checkout) is charged off-session on the business's connected account when staff
 * ask, once; a decline is recorded with Stripe's reason and never retried by itself.
 */
import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../local-stripe/server.ts'
import { activityLog, payments } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { moveIntoPast } from '../support/api/appointment-rows.ts'
import { bookAndPay } from '../support/api/checkout-payment.ts'
import {
  type ConnectedBusiness,
  createConnectedBusiness,
} from '../support/api/connected-business.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { localStripeClient, payingAppOptions } from '../support/api/paying-app.ts'
import { bookingBody } from '../support/api/public-booking.ts'
import { addService, inDays } from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type NoShowFee = components['schemas']['NoShowFee']

const SECRET = 'sk_test_no_show_fees'
const GOOD = '4242424242424242'
/** Saved at Checkout; every later charge on it is declined (local-stripe/README.md). */
const SAVES_THEN_DECLINES = '4000000000000341'
const FEE = 2500

let localStripe: LocalStripe
let stripe: Stripe
let testApp: TestApp
let salon: ConnectedBusiness & { cardServiceId: string }
let other: ConnectedBusiness & { cardServiceId: string }
let nextDay = 2

async function connectedBusiness(label: string) {
  const business = await createConnectedBusiness(testApp, label)
  const cardServiceId = await addService(testApp, business.owner, {
    name: 'Colour (card kept)',
    duration_minutes: 30,
    price_minor: 6000,
    team_member_ids: [business.staffMemberId],
    payment_rule: { kind: 'card_on_file', no_show_fee_minor: FEE },
  })
  return { ...business, cardServiceId }
}

beforeAll(async () => {
  localStripe = await startLocalStripe({ port: 0 })
  stripe = localStripeClient(SECRET, localStripe.url)
  testApp = await createTestApp(payingAppOptions('no_show', SECRET, localStripe.url))
  salon = await connectedBusiness('Fee Salon')
  other = await connectedBusiness('Other Fee Salon')
}, 120_000)

afterAll(async () => {
  await testApp?.close()
  await localStripe?.stop()
})

const checkout = () => ({ url: localStripe.url, secretKey: SECRET })

/** A booking of the card-on-file service whose card is saved with `card` at Checkout. */
async function bookWithCard(
  business: typeof salon,
  card: string,
  serviceId = business.cardServiceId,
  performer = business.staffMemberId,
) {
  const body = bookingBody(business, inDays(nextDay++, '10:00', business.timeZone), {
    service_id: serviceId,
    team_member_id: performer,
    customer: { name: 'Nora <No-show>', email: uniqueEmail('noshow') },
    language: 'de',
  })
  const confirmation = await bookAndPay(testApp, checkout(), business.slug, body, card)
  return confirmation.appointment.id
}

async function noShow(business: typeof salon, appointmentId: string) {
  // Each booking is on its own day, so the moved ones never overlap.
  await moveIntoPast(testApp, appointmentId, 60)
  const marked = await call(
    testApp,
    business.owner,
    'POST',
    `/api/v1/appointments/${appointmentId}/no-show`,
  )
  expect(marked.statusCode, marked.body).toBe(200)
}

function feeOf(business: typeof salon, appointmentId: string, user = business.owner) {
  return call(testApp, user, 'GET', `/api/v1/appointments/${appointmentId}/no-show-fee`)
}

function charge(business: typeof salon, appointmentId: string, key: string, user = business.owner) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v1/appointments/${appointmentId}/no-show-fee`,
    headers: { authorization: `Bearer ${user.idToken}`, 'idempotency-key': key },
  })
}

async function feeRows(appointmentId: string) {
  return testApp.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.kind, 'no_show_fee')))
}

/** The PaymentIntents Stripe holds for the appointment on the business's account. */
async function intentsOf(business: typeof salon, appointmentId: string) {
  const found: Stripe.PaymentIntent[] = []
  for await (const intent of stripe.paymentIntents.list(
    { limit: 100 },
    { stripeAccount: business.accountId },
  )) {
    if (intent.metadata?.appointment_id === appointmentId) found.push(intent)
  }
  return found
}

async function feeMails(appointmentId: string) {
  return outboxFor(testApp, appointmentId, { kind: 'no_show_fee' })
}

async function activityOf(appointmentId: string) {
  return testApp.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.entityId, appointmentId))
}

describe('charging the no-show fee', () => {
  it('offers the fee only once the appointment is a no-show, then charges it once', async () => {
    const appointmentId = await bookWithCard(salon, GOOD)
    const before = await feeOf(salon, appointmentId)
    expect(before.json<NoShowFee>()).toMatchObject({
      state: 'not_a_no_show',
      amount_minor: FEE,
      currency: 'USD',
    })
    const early = await charge(salon, appointmentId, 'early-attempt-1')
    expect(early.statusCode, early.body).toBe(409)
    expect(early.headers['content-type']).toContain('application/problem+json')
    expect(early.json<{ detail: string }>().detail).toContain('marked as a no-show')

    await noShow(salon, appointmentId)
    expect((await feeOf(salon, appointmentId)).json<NoShowFee>()).toMatchObject({
      state: 'chargeable',
      amount_minor: FEE,
    })

    const charged = await charge(salon, appointmentId, 'charge-attempt-1')
    expect(charged.statusCode, charged.body).toBe(200)
    const fee = charged.json<NoShowFee>()
    expect(fee).toMatchObject({ state: 'charged', amount_minor: FEE, currency: 'USD' })
    expect(fee.charged_at).not.toBeNull()

    // The same request again replays its answer; another request is refused clearly.
    const repeat = await charge(salon, appointmentId, 'charge-attempt-1')
    expect(repeat.statusCode).toBe(200)
    expect(repeat.json<NoShowFee>().state).toBe('charged')
    const second = await charge(salon, appointmentId, 'charge-attempt-2')
    expect(second.statusCode, second.body).toBe(409)
    expect(second.json<{ detail: string }>().detail).toContain('already charged')

    const rows = await feeRows(appointmentId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountMinor: FEE, currency: 'USD' })
    expect(rows[0]?.paidAt).toBeInstanceOf(Date)
    expect(rows[0]?.stripePaymentIntentId).toMatch(/^pi_/)
    const intents = await intentsOf(salon, appointmentId)
    expect(intents.map((intent) => [intent.status, intent.amount])).toEqual([['succeeded', FEE]])

    const mails = await feeMails(appointmentId)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.recipient).toBe('customer')
    expect(mails[0]?.subject).toContain('Ausfallgebühr')
    expect(mails[0]?.bodyText).toContain('25,00')
    expect(mails[0]?.bodyText).toContain('Nora <No-show>')
    expect(
      (await activityOf(appointmentId)).some((entry) =>
        entry.summary.includes('no-show fee of $25.00'),
      ),
    ).toBe(true)
  })

  it('shows a declined card with its reason, retries only when asked, and a good card on another booking charges', async () => {
    const declinedId = await bookWithCard(salon, SAVES_THEN_DECLINES)
    await noShow(salon, declinedId)

    const declined = await charge(salon, declinedId, 'decline-attempt-1')
    expect(declined.statusCode, declined.body).toBe(402)
    const problem = declined.json<{ type: string; detail: string }>()
    expect(problem.type).toContain('/problems/card-declined')
    expect(problem.detail).toMatch(/declined/i)
    const after = (await feeOf(salon, declinedId)).json<NoShowFee>()
    expect(after.state).toBe('declined')
    expect(after.failure_message).toMatch(/declined/i)

    // Nothing tries again by itself: the same request again replays the decline.
    expect(await intentsOf(salon, declinedId)).toHaveLength(1)
    const replay = await charge(salon, declinedId, 'decline-attempt-1')
    expect(replay.statusCode).toBe(402)
    expect(await intentsOf(salon, declinedId)).toHaveLength(1)

    // Staff press "try again": a new attempt, declined again by this card.
    const again = await charge(salon, declinedId, 'decline-attempt-2')
    expect(again.statusCode).toBe(402)
    const rows = await feeRows(declinedId)
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed'])
    expect(rows.every((row) => row.paidAt === null && row.failureMessage)).toBe(true)
    expect(await intentsOf(salon, declinedId)).toHaveLength(2)
    expect(await feeMails(declinedId)).toHaveLength(0)
    expect(
      (await activityOf(declinedId)).filter((entry) => entry.summary.includes('was declined')),
    ).toHaveLength(2)

    // The local service cannot change a kept card, so the success is another booking's.
    const goodId = await bookWithCard(salon, GOOD)
    await noShow(salon, goodId)
    const charged = await charge(salon, goodId, 'good-attempt-1')
    expect(charged.statusCode, charged.body).toBe(200)
    expect(charged.json<NoShowFee>().state).toBe('charged')
  })

  it('charges once when two people press at the same moment', async () => {
    const appointmentId = await bookWithCard(salon, GOOD)
    await noShow(salon, appointmentId)
    const answers = await Promise.all([
      charge(salon, appointmentId, 'race-attempt-a'),
      charge(salon, appointmentId, 'race-attempt-b'),
    ])
    // The second either finishes the first's attempt (same Stripe key, the same charge) or
    // finds it charged; either way both say it is charged, and it was charged once.
    for (const answer of answers) {
      expect([200, 409], answer.body).toContain(answer.statusCode)
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true)
    expect((await feeRows(appointmentId)).map((row) => row.status)).toEqual(['succeeded'])
    expect(await intentsOf(salon, appointmentId)).toHaveLength(1)
    expect(await feeMails(appointmentId)).toHaveLength(1)
  })
})

describe('what may not be charged', () => {
  it('answers no_card and refuses a booking without a kept card', async () => {
    const appointment = await call(testApp, salon.owner, 'POST', '/api/v1/appointments', {
      service_id: salon.haircutId,
      customer_id: salon.customerId,
      starts_at: inDays(nextDay++, '11:00', salon.timeZone),
    })
    expect(appointment.statusCode, appointment.body).toBe(201)
    const id = appointment.json<{ id: string }>().id
    await noShow(salon, id)
    expect((await feeOf(salon, id)).json<NoShowFee>()).toMatchObject({
      state: 'no_card',
      amount_minor: null,
    })
    const refused = await charge(salon, id, 'no-card-attempt')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ detail: string }>().detail).toContain('No card was kept')
  })

  it('is 404 for another business’s appointment, and staff charge only their own', async () => {
    const theirs = await bookWithCard(other, GOOD)
    await noShow(other, theirs)
    expect((await feeOf(salon, theirs)).statusCode).toBe(404)
    expect((await charge(salon, theirs, 'foreign-attempt')).statusCode).toBe(404)
    expect(await feeRows(theirs)).toHaveLength(0)

    // The card service is performed by the staff member: theirs to charge, not another's.
    const mine = await bookWithCard(salon, GOOD)
    await noShow(salon, mine)
    const staffCharge = await charge(salon, mine, 'staff-attempt', salon.staff)
    expect(staffCharge.statusCode, staffCharge.body).toBe(200)
    const adminsOnly = await addService(testApp, salon.owner, {
      name: 'Admin colour (card kept)',
      duration_minutes: 30,
      price_minor: 6000,
      team_member_ids: [salon.adminMemberId],
      payment_rule: { kind: 'card_on_file', no_show_fee_minor: FEE },
    })
    const notMine = await bookWithCard(salon, GOOD, adminsOnly, salon.adminMemberId)
    await noShow(salon, notMine)
    const refused = await charge(salon, notMine, 'staff-other-attempt', salon.staff)
    expect(refused.statusCode).toBe(403)
    expect(await feeRows(notMine)).toHaveLength(0)
  })
})
