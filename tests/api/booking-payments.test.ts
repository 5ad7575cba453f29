/**
 * Paying at booking, end to end through the API on the local Stripe service: a paid service's
 * booking holds its time and opens Checkout on the business's connected account; paying (or
 * not) comes in by the Connect webhook and by the booking page's return, through one sync.
 */
import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../local-stripe/server.ts'
import { signedDelivery } from '../../local-stripe/webhook-delivery.ts'
import {
  appointments,
  paymentAccounts,
  paymentRefunds,
  payments,
  services,
} from '../../server/db/schema.ts'
import { expireDueHolds } from '../../server/jobs/payment-holds.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  checkoutSessionOf,
  GOOD_CARD,
  payAtCheckout,
  returnFromCheckout,
} from '../support/api/checkout-payment.ts'
import {
  type ConnectedBusiness,
  connectActiveAccount,
  createConnectedBusiness,
} from '../support/api/connected-business.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import {
  localStripeClient,
  payingAppOptions,
  ROOMY_PUBLIC_LIMITS,
} from '../support/api/paying-app.ts'
import { bookingBody, publicCall, slugOf } from '../support/api/public-booking.ts'
import {
  addService,
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { activityFor, call } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Confirmation = components['schemas']['PublicBookingConfirmation']
type PaymentReturn = components['schemas']['PublicPaymentReturn']

const SECRET = 'sk_test_booking_payments'
/** The Connect webhook's secret, as payingAppOptions names it. */
const CONNECT_SECRET = 'whsec_booking_payments_connect'
const APP_URL = 'http://book.slotwise.test'
const DECLINED = '4000000000000002'

let localStripe: LocalStripe
let stripe: Stripe
let testApp: TestApp
let salon: ConnectedBusiness
let other: ConnectedBusiness
let nextDay = 2

beforeAll(async () => {
  localStripe = await startLocalStripe({ port: 0 })
  stripe = localStripeClient(SECRET, localStripe.url)
  testApp = await createTestApp(payingAppOptions('booking_payments', SECRET, localStripe.url))
  salon = await createConnectedBusiness(testApp, 'Paid Salon')
  other = await createConnectedBusiness(testApp, 'Other Paid Salon')
}, 120_000)

afterAll(async () => {
  await testApp?.close()
  await localStripe?.stop()
})

async function paidService(
  business: SchedulingBusiness,
  rule: Record<string, unknown>,
  price = 3000,
): Promise<string> {
  return addService(testApp, business.owner, {
    name: `Paid ${JSON.stringify(rule)} ${price}`,
    duration_minutes: 30,
    price_minor: price,
    team_member_ids: [business.staffMemberId],
    payment_rule: rule,
  })
}

async function book(
  business: typeof salon,
  serviceId: string,
  startsAt = inDays(nextDay++, '10:00', business.timeZone),
) {
  return publicCall(testApp, 'POST', '/api/v1/public/bookings', {
    business: business.slug,
    body: bookingBody(business, startsAt, {
      service_id: serviceId,
      customer: { name: 'Pia Payer', email: uniqueEmail('payer') },
      language: 'de',
    }),
  })
}

async function booked(business: typeof salon, serviceId: string, startsAt?: string) {
  const response = await book(business, serviceId, startsAt)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Confirmation>()
}

const checkout = () => ({ url: localStripe.url, secretKey: SECRET })
const pay = (sessionId: string, card = GOOD_CARD) => payAtCheckout(checkout(), sessionId, card)
const returnFrom = (
  business: typeof salon,
  confirmation: Confirmation,
  sessionId?: string,
  token?: string,
) => returnFromCheckout(testApp, business.slug, confirmation, sessionId, token)

async function returned(business: typeof salon, confirmation: Confirmation, sessionId?: string) {
  const response = await returnFrom(business, confirmation, sessionId)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PaymentReturn>()
}

async function accountEvents(accountId: string): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = []
  for await (const event of stripe.events.list({ limit: 100 }, { stripeAccount: accountId }))
    events.push(event)
  return events.reverse()
}

async function eventsFor(accountId: string, sessionId: string, type: string) {
  return (await accountEvents(accountId)).filter(
    (event) => event.type === type && (event.data.object as { id?: string }).id === sessionId,
  )
}

function deliver(event: Stripe.Event, secret = CONNECT_SECRET) {
  const { payload, header } = signedDelivery(event, secret)
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe-connect',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  })
}

async function statusOf(appointmentId: string) {
  const [row] = await testApp.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
  return row
}

async function paymentOf(appointmentId: string) {
  const [row] = await testApp.database.db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
  return row
}

async function mailsOf(appointmentId: string) {
  return outboxFor(testApp, appointmentId)
}

describe('booking a paid service', () => {
  it('holds the time, pays on Checkout, and confirms once by webhook and return alike', async () => {
    const serviceId = await paidService(salon, { kind: 'full' }, 4550)
    const confirmation = await booked(salon, serviceId)
    expect(confirmation.appointment.status).toBe('pending_payment')
    expect(confirmation.payment).toMatchObject({
      kind: 'prepayment',
      status: 'pending',
      amount_minor: 4550,
      currency: 'USD',
    })
    const holdEnds = Date.parse(confirmation.payment?.hold_expires_at ?? '')
    expect(holdEnds - Date.now()).toBeGreaterThan(9 * 60_000)
    expect(holdEnds - Date.now()).toBeLessThanOrEqual(10 * 60_000)
    const sessionId = checkoutSessionOf(confirmation)
    const session = await stripe.checkout.sessions.retrieve(sessionId, undefined, {
      stripeAccount: salon.accountId,
    })
    expect(session.amount_total).toBe(4550)
    expect(session.success_url).toBe(
      `${APP_URL}/booking/payment/${confirmation.appointment.id}?business=${salon.slug}&token=${confirmation.manage_token}&outcome=paid&session_id={CHECKOUT_SESSION_ID}`,
    )
    expect(session.cancel_url).toContain(`/booking/payment/${confirmation.appointment.id}?`)
    // No e-mail while it is only held.
    expect(await mailsOf(confirmation.appointment.id)).toEqual([])

    // Still open: the return says so, with the page to pay on.
    const waiting = await returned(salon, confirmation)
    expect(waiting.state).toBe('awaiting_payment')
    expect(waiting.payment?.checkout_url).toBe(confirmation.payment?.checkout_url)

    expect((await pay(sessionId)).status).toBe(200)
    const [completed] = await eventsFor(salon.accountId, sessionId, 'checkout.session.completed')
    if (!completed) throw new Error('no checkout.session.completed')
    // Webhook and return page at once, then the webhook again: confirmed once.
    const [hook, back] = await Promise.all([
      deliver(completed),
      returned(salon, confirmation, sessionId),
    ])
    expect(hook.statusCode, hook.body).toBe(200)
    expect(back.state).toBe('confirmed')
    expect(back.appointment.status).toBe('confirmed')
    const again = await deliver(completed)
    expect(again.json()).toEqual({ received: true, duplicate: true })
    expect((await returned(salon, confirmation, sessionId)).state).toBe('confirmed')

    const payment = await paymentOf(confirmation.appointment.id)
    expect(payment).toMatchObject({ status: 'succeeded', amountMinor: 4550 })
    expect(payment?.stripePaymentIntentId).toMatch(/^pi_/)
    expect(payment?.stripeCustomerId).toMatch(/^cus_/)
    const mails = await mailsOf(confirmation.appointment.id)
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['customer', 'team_member'])
    const customerMail = mails.find((mail) => mail.recipient === 'customer')
    expect(customerMail?.bodyText).toContain('Bezahlt: 45,50')
    expect(customerMail?.bodyText).toContain('vollständig erstattet')
    expect(mails.find((mail) => mail.recipient === 'team_member')?.bodyText).toContain(
      'Paid online: $45.50.',
    )
  })

  it('computes a percentage deposit in minor units, half up, and a fixed one as set', async () => {
    const percent = await booked(
      salon,
      await paidService(salon, { kind: 'deposit_percent', deposit_percent: 15 }, 3333),
    )
    expect(percent.payment).toMatchObject({ kind: 'deposit', amount_minor: 500 })
    const fixed = await booked(
      salon,
      await paidService(salon, { kind: 'deposit_fixed', deposit_amount_minor: 1234 }),
    )
    expect(fixed.payment).toMatchObject({ kind: 'deposit', amount_minor: 1234 })
    const session = await stripe.checkout.sessions.retrieve(checkoutSessionOf(fixed), undefined, {
      stripeAccount: salon.accountId,
    })
    expect(session.amount_total).toBe(1234)
  })

  it('keeps holding after a declined card, and a good card confirms while the hold lasts', async () => {
    const confirmation = await booked(salon, await paidService(salon, { kind: 'full' }))
    const sessionId = checkoutSessionOf(confirmation)
    expect((await pay(sessionId, DECLINED)).status).toBe(402)
    const [failed] = (await accountEvents(salon.accountId))
      .filter((event) => event.type === 'payment_intent.payment_failed')
      .slice(-1)
    if (!failed) throw new Error('no payment_intent.payment_failed')
    expect((await deliver(failed)).statusCode).toBe(200)
    expect((await paymentOf(confirmation.appointment.id))?.failureMessage).toMatch(/declined/i)
    const after = await returned(salon, confirmation, sessionId)
    expect(after.state).toBe('awaiting_payment')
    expect(after.appointment.status).toBe('pending_payment')
    expect((await pay(sessionId)).status).toBe(200)
    expect((await returned(salon, confirmation, sessionId)).state).toBe('confirmed')
  })

  it('stays confirmed and paid when a declined attempt’s event arrives after the payment’s', async () => {
    const confirmation = await booked(salon, await paidService(salon, { kind: 'full' }))
    const { id: appointmentId } = confirmation.appointment
    const sessionId = checkoutSessionOf(confirmation)
    // A declined card, then a good one: Stripe sends both events, in no promised order.
    expect((await pay(sessionId, DECLINED)).status).toBe(402)
    expect((await pay(sessionId)).status).toBe(200)
    const [failed] = (await accountEvents(salon.accountId)).filter(
      (event) =>
        event.type === 'payment_intent.payment_failed' &&
        (event.data.object as Stripe.PaymentIntent).metadata?.appointment_id === appointmentId,
    )
    if (!failed) throw new Error('no payment_intent.payment_failed for this appointment')
    const [completed] = await eventsFor(salon.accountId, sessionId, 'checkout.session.completed')
    if (!completed) throw new Error('no checkout.session.completed')

    expect((await deliver(completed)).statusCode).toBe(200)
    const late = await deliver(failed)
    expect(late.statusCode, late.body).toBe(200)

    expect((await statusOf(appointmentId))?.status).toBe('confirmed')
    expect(await paymentOf(appointmentId)).toMatchObject({
      status: 'succeeded',
      failureMessage: null,
    })
    // Staff see it paid, with no decline written under it.
    const money = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/appointments/${appointmentId}/payments`,
    )
    expect(money.statusCode, money.body).toBe(200)
    const view = money.json<components['schemas']['AppointmentPayments']>()
    expect(view.summary?.state).toBe('paid')
    expect(view.payments).toMatchObject([{ status: 'succeeded', failure_message: null }])
    expect((await returned(salon, confirmation, sessionId)).state).toBe('confirmed')
  })

  it('keeps the card for a card-on-file service and confirms', async () => {
    const confirmation = await booked(
      salon,
      await paidService(salon, { kind: 'card_on_file', no_show_fee_minor: 2500 }),
    )
    expect(confirmation.payment).toMatchObject({ kind: 'card_on_file', amount_minor: 0 })
    const sessionId = checkoutSessionOf(confirmation)
    expect((await pay(sessionId)).status).toBe(200)
    expect((await returned(salon, confirmation, sessionId)).state).toBe('confirmed')
    const payment = await paymentOf(confirmation.appointment.id)
    expect(payment?.status).toBe('succeeded')
    expect(payment?.stripePaymentMethodId).toMatch(/^pm_/)
    expect(payment?.stripeCustomerId).toMatch(/^cus_/)
    const mail = (await mailsOf(confirmation.appointment.id)).find(
      (m) => m.recipient === 'customer',
    )
    expect(mail?.bodyText).toContain('Ausfallgebühr von 25,00')
  })
})

describe('holds that run out', () => {
  it('expires an abandoned payment at hold_expires_at, not before, and ends its Checkout', async () => {
    const confirmation = await booked(salon, await paidService(salon, { kind: 'full' }))
    const sessionId = checkoutSessionOf(confirmation)
    const ends = Date.parse(confirmation.payment?.hold_expires_at ?? '')
    const early = await expireDueHolds(testApp.database, { now: ends - 1000 })
    expect(early.expired.map((hold) => hold.appointmentId)).not.toContain(
      confirmation.appointment.id,
    )
    expect((await statusOf(confirmation.appointment.id))?.status).toBe('pending_payment')
    const due = await expireDueHolds(testApp.database, { now: ends })
    expect(due.expired.map((hold) => hold.appointmentId)).toContain(confirmation.appointment.id)
    await testApp.app.parts.bookingPayments.expireCheckouts(due.checkoutsToExpire)
    const session = await stripe.checkout.sessions.retrieve(sessionId, undefined, {
      stripeAccount: salon.accountId,
    })
    expect(session.status).toBe('expired')
    expect((await paymentOf(confirmation.appointment.id))?.status).toBe('expired')
    expect((await returned(salon, confirmation, sessionId)).state).toBe('expired')
    // The expired event, delivered late, changes nothing more.
    const [expired] = await eventsFor(salon.accountId, sessionId, 'checkout.session.expired')
    if (!expired) throw new Error('no checkout.session.expired')
    expect((await deliver(expired)).statusCode).toBe(200)
    expect((await statusOf(confirmation.appointment.id))?.status).toBe('payment_expired')
  })

  it('refunds a late payment for a time that was taken meanwhile, once', async () => {
    const serviceId = await paidService(salon, { kind: 'full' })
    const startsAt = inDays(nextDay++, '11:00', salon.timeZone)
    const confirmation = await booked(salon, serviceId, startsAt)
    const sessionId = checkoutSessionOf(confirmation)
    await testApp.database.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(appointments.id, confirmation.appointment.id))
    // Someone else books the time the hold let go (a free service, same member and start).
    const free = await addService(testApp, salon.owner, {
      name: 'Free consult',
      duration_minutes: 30,
      price_minor: 0,
      team_member_ids: [salon.staffMemberId],
    })
    const rival = await book(salon, free, startsAt)
    expect(rival.statusCode, rival.body).toBe(201)
    expect((await pay(sessionId)).status).toBe(200)
    const back = await returned(salon, confirmation, sessionId)
    expect(back.state).toBe('refunded')
    const [completed] = await eventsFor(salon.accountId, sessionId, 'checkout.session.completed')
    if (!completed) throw new Error('no completed event')
    expect((await deliver(completed)).statusCode).toBe(200)
    expect((await returned(salon, confirmation, sessionId)).state).toBe('refunded')

    const payment = await paymentOf(confirmation.appointment.id)
    expect(payment).toMatchObject({ status: 'succeeded', refundedAmountMinor: 3000 })
    const refunds = await testApp.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment?.id ?? ''))
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ cause: 'late_payment', amountMinor: 3000 })
    const onStripe = await stripe.refunds.list(
      { payment_intent: payment?.stripePaymentIntentId ?? '' },
      { stripeAccount: salon.accountId },
    )
    expect(onStripe.data).toHaveLength(1)
    const mails = await mailsOf(confirmation.appointment.id)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.recipient).toBe('customer')
    // Its own kind, not a cancellation: the customer's calendar never had the appointment.
    expect(mails[0]?.kind).toBe('late_payment_refund')
    expect(mails[0]?.ics).toBeNull()
    expect(mails[0]?.bodyText).toContain('30,00')
    expect(mails[0]?.bodyText).toContain('vollständig erstattet')
    expect((await statusOf(confirmation.appointment.id))?.status).toBe('payment_expired')
  })

  it('confirms a late payment when the time is still free', async () => {
    const confirmation = await booked(salon, await paidService(salon, { kind: 'full' }))
    const sessionId = checkoutSessionOf(confirmation)
    await testApp.database.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(appointments.id, confirmation.appointment.id))
    expect((await pay(sessionId)).status).toBe(200)
    const [completed] = await eventsFor(salon.accountId, sessionId, 'checkout.session.completed')
    if (!completed) throw new Error('no completed event')
    expect((await deliver(completed)).statusCode).toBe(200)
    expect((await statusOf(confirmation.appointment.id))?.status).toBe('confirmed')
    expect((await returned(salon, confirmation, sessionId)).state).toBe('confirmed')
    expect(await mailsOf(confirmation.appointment.id)).toHaveLength(2)
  })
})

describe('webhooks and links that must not reach', () => {
  it('refuses a forged event and changes nothing', async () => {
    const confirmation = await booked(salon, await paidService(salon, { kind: 'full' }))
    const sessionId = checkoutSessionOf(confirmation)
    expect((await pay(sessionId)).status).toBe(200)
    const [completed] = await eventsFor(salon.accountId, sessionId, 'checkout.session.completed')
    if (!completed) throw new Error('no completed event')
    const forged = await deliver(completed, 'whsec_not_the_secret')
    expect(forged.statusCode).toBe(400)
    expect((await statusOf(confirmation.appointment.id))?.status).toBe('pending_payment')
    expect((await paymentOf(confirmation.appointment.id))?.status).toBe('pending')
  })

  it('ignores a session event naming another business’s account', async () => {
    const confirmation = await booked(salon, await paidService(salon, { kind: 'full' }))
    const sessionId = checkoutSessionOf(confirmation)
    expect((await pay(sessionId)).status).toBe(200)
    const [completed] = await eventsFor(salon.accountId, sessionId, 'checkout.session.completed')
    if (!completed) throw new Error('no completed event')
    const misplaced = { ...completed, id: `${completed.id}_x`, account: other.accountId }
    const response = await deliver(misplaced as Stripe.Event)
    expect(response.statusCode).toBe(200)
    expect((await statusOf(confirmation.appointment.id))?.status).toBe('pending_payment')
    const unknown = { ...completed, id: `${completed.id}_y`, account: 'acct_nobody' }
    expect((await deliver(unknown as Stripe.Event)).statusCode).toBe(200)
    expect((await paymentOf(confirmation.appointment.id))?.status).toBe('pending')
  })

  it('never lets another business’s appointment, token or session through the return', async () => {
    const mine = await booked(salon, await paidService(salon, { kind: 'full' }))
    const theirs = await booked(other, await paidService(other, { kind: 'full' }))
    // Their appointment under my business's address, with its own token.
    const crossBusiness = await publicCall(
      testApp,
      'POST',
      `/api/v1/public/appointments/${theirs.appointment.id}/payment-return`,
      { business: salon.slug, headers: { 'x-manage-token': theirs.manage_token }, body: {} },
    )
    expect(crossBusiness.statusCode).toBe(404)
    // My appointment with their token, and my appointment with their session.
    expect((await returnFrom(salon, mine, undefined, theirs.manage_token)).statusCode).toBe(404)
    expect((await returnFrom(salon, mine, checkoutSessionOf(theirs))).statusCode).toBe(404)
    expect((await returnFrom(salon, mine, 'cs_nonsense')).statusCode).toBe(404)
    // A booking not paid at booking only says where it stands.
    const unpaid = await booked(salon, salon.haircutId)
    expect(unpaid.payment).toBeUndefined()
    expect(unpaid.appointment.status).toBe('confirmed')
    const stands = await returned(salon, unpaid)
    expect(stands).toMatchObject({ state: 'confirmed', payment: null })
  })
})

describe('when Stripe does not answer', () => {
  it('answers 503 with Retry-After and leaves the time free', async () => {
    const down = await createTestApp({
      stripe: {
        secretKey: SECRET,
        webhookSecret: 'whsec_x',
        connectWebhookSecret: CONNECT_SECRET,
        apiUrl: 'http://127.0.0.1:9',
      },
      publicRateLimits: ROOMY_PUBLIC_LIMITS,
    })
    try {
      const business = await createSchedulingBusiness(down, 'Stripe Down Salon')
      await down.database.db
        .insert(paymentAccounts)
        .values({ tenantId: business.tenantId, stripeAccountId: 'acct_down', status: 'active' })
      const serviceId = await addService(down, business.owner, {
        name: 'Paid while down',
        duration_minutes: 30,
        price_minor: 3000,
        team_member_ids: [business.staffMemberId],
        payment_rule: { kind: 'full' },
      })
      const slug = await slugOf(down, business.tenantId)
      const startsAt = inDays(3, '10:00', business.timeZone)
      const body = bookingBody(business, startsAt, { service_id: serviceId })
      const refused = await publicCall(down, 'POST', '/api/v1/public/bookings', {
        business: slug,
        body,
      })
      expect(refused.statusCode, refused.body).toBe(503)
      expect(refused.headers['retry-after']).toBe('60')
      expect(refused.headers['content-type']).toContain('application/problem+json')
      const held = await down.database.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.tenantId, business.tenantId)))
      expect(held.map((row) => row.status)).toEqual(['payment_expired'])
      // The time is free again: a free service books it at once.
      const free = await addService(down, business.owner, {
        name: 'Free',
        duration_minutes: 30,
        price_minor: 0,
        team_member_ids: [business.staffMemberId],
      })
      const again = await publicCall(down, 'POST', '/api/v1/public/bookings', {
        business: slug,
        body: bookingBody(business, startsAt, { service_id: free }),
      })
      expect(again.statusCode, again.body).toBe(201)
    } finally {
      await down.close()
    }
  }, 60_000)
})

describe('a business that disconnects Slotwise in Stripe', () => {
  async function deauthorize(accountId: string): Promise<Stripe.Event> {
    const response = await fetch(`${localStripe.url}/_local/accounts/${accountId}/deauthorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as Stripe.Event
  }

  async function accountOf(business: SchedulingBusiness) {
    const response = await call(testApp, business.owner, 'GET', '/api/v1/payments/account')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<components['schemas']['PaymentAccount']>()
  }

  async function chargeShown(business: ConnectedBusiness, serviceId: string) {
    const response = await publicCall(testApp, 'GET', '/api/v1/public/services', {
      business: business.slug,
    })
    expect(response.statusCode, response.body).toBe(200)
    const service = response
      .json<components['schemas']['PublicServiceList']>()
      .items.find((each) => each.id === serviceId)
    return service?.payment ?? null
  }

  it('books unpaid once disconnected, tells the owner, and charges again on a new account', async () => {
    const leaving = await createConnectedBusiness(testApp, 'Leaving Salon')
    const serviceId = await paidService(leaving, { kind: 'full' })
    const otherBefore = await accountOf(other)
    expect(await chargeShown(leaving, serviceId)).not.toBeNull()
    const waiting = await booked(leaving, serviceId)
    const event = await deauthorize(leaving.accountId)
    expect(event).toMatchObject({
      type: 'account.application.deauthorized',
      account: leaving.accountId,
    })

    // Forged: refused, nothing changes.
    expect((await deliver(event, 'whsec_not_the_secret')).statusCode).toBe(400)
    expect((await accountOf(leaving)).status).toBe('active')

    const received = await deliver(event)
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json()).toEqual({ received: true, duplicate: false })
    expect(await accountOf(leaving)).toMatchObject({
      status: 'disconnected',
      stripe_account_id: leaving.accountId,
      charges_enabled: false,
    })
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true })
    // Another business's account is another business's: untouched.
    expect(await accountOf(other)).toEqual(otherBefore)
    const [logged] = await activityFor(testApp, leaving.tenantId, leaving.accountId)
    expect(logged?.summary).toBe(
      'Stripe payments: active → disconnected in Stripe; bookings are no longer charged',
    )

    // A hold on the old account runs out: its Checkout can no longer be ended or read at
    // Stripe, so it ends here, once, instead of being listed on every run.
    const ends = Date.parse(waiting.payment?.hold_expires_at ?? '')
    const due = await expireDueHolds(testApp.database, { now: ends })
    const mine = due.checkoutsToExpire.filter((item) => item.stripeAccountId === leaving.accountId)
    expect(mine).toHaveLength(1)
    expect(await testApp.app.parts.bookingPayments.expireCheckouts(mine)).toBe(1)
    expect((await paymentOf(waiting.appointment.id))?.status).toBe('expired')
    expect((await statusOf(waiting.appointment.id))?.status).toBe('payment_expired')
    const after = await expireDueHolds(testApp.database, { now: ends })
    expect(after.checkoutsToExpire.map((item) => item.stripeAccountId)).not.toContain(
      leaving.accountId,
    )

    // The booking page shows no charge, and the booking is confirmed without payment.
    expect(await chargeShown(leaving, serviceId)).toBeNull()
    const unpaid = await booked(leaving, serviceId)
    expect(unpaid.appointment.status).toBe('confirmed')
    expect(unpaid.payment).toBeUndefined()
    expect(await paymentOf(unpaid.appointment.id)).toBeUndefined()

    // Connecting again makes a new account (the old key would hand back the revoked one).
    const link = await call(
      testApp,
      leaving.owner,
      'POST',
      '/api/v1/payments/account/onboarding-links',
    )
    expect(link.statusCode, link.body).toBe(201)
    const renewed = await accountOf(leaving)
    expect(renewed.status).toBe('pending')
    expect(renewed.stripe_account_id).not.toBe(leaving.accountId)
    const again = await call(
      testApp,
      leaving.owner,
      'POST',
      '/api/v1/payments/account/onboarding-links',
    )
    expect(again.statusCode).toBe(201)
    expect((await accountOf(leaving)).stripe_account_id).toBe(renewed.stripe_account_id)
    const [restarted] = await activityFor(
      testApp,
      leaving.tenantId,
      renewed.stripe_account_id ?? '',
    )
    expect(restarted?.summary).toBe('Started connecting Stripe again for payments at booking')

    // A late event of the old account no longer reaches the business.
    const late = { ...event, id: `${event.id}_late` }
    expect((await deliver(late as Stripe.Event)).statusCode).toBe(200)
    expect((await accountOf(leaving)).status).toBe('pending')

    // Onboarding finished on the new account: bookings charge again, on it.
    await connectActiveAccount(testApp, leaving)
    expect((await accountOf(leaving)).stripe_account_id).toBe(renewed.stripe_account_id)
    const paid = await booked(leaving, serviceId)
    expect(paid.appointment.status).toBe('pending_payment')
    expect((await paymentOf(paid.appointment.id))?.stripeAccountId).toBe(renewed.stripe_account_id)
  })
})

describe('what Stripe cannot take', () => {
  async function listed(business: ConnectedBusiness, serviceId: string) {
    const response = await publicCall(testApp, 'GET', '/api/v1/public/services', {
      business: business.slug,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response
      .json<components['schemas']['PublicServiceList']>()
      .items.find((each) => each.id === serviceId)
  }

  it('offers a service saved with a deposit below the minimum without one, and books it unpaid', async () => {
    const serviceId = await paidService(
      salon,
      { kind: 'deposit_percent', deposit_percent: 50 },
      5000,
    )
    // Saved before every price change was checked: $0.60 at 50 % is a $0.30 deposit.
    await testApp.database.db
      .update(services)
      .set({ priceMinor: 60 })
      .where(eq(services.id, serviceId))
    const service = await listed(salon, serviceId)
    expect(service?.price_minor).toBe(60)
    expect(service?.payment).toBeNull()
    const confirmation = await booked(salon, serviceId)
    expect(confirmation.payment ?? null).toBeNull()
    expect(confirmation.appointment.status).toBe('confirmed')
    const rows = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, confirmation.appointment.id))
    expect(rows).toEqual([])
  })

  it('answers a booking Stripe refuses with a clear 503, never its words, and leaves nothing behind', async () => {
    const refusing = await createConnectedBusiness(testApp, 'Refused Salon')
    const serviceId = await paidService(refusing, { kind: 'full' })
    // The business removed Slotwise in Stripe, and its webhook has not arrived yet: Stripe
    // refuses to open Checkout on the account we still think active.
    const gone = await fetch(
      `${localStripe.url}/_local/accounts/${refusing.accountId}/deauthorize`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
      },
    )
    expect(gone.status).toBe(200)
    const startsAt = inDays(nextDay++, '10:00', refusing.timeZone)
    const refused = await book(refusing, serviceId, startsAt)
    expect(refused.statusCode, refused.body).toBe(503)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    const problem = refused.json<{ type: string; detail: string }>()
    expect(problem.type).toBe('/problems/payment-not-possible')
    expect(problem.detail).toBe(
      'Paying online for this service is not possible right now, so nothing was booked. Please contact the business to book.',
    )
    expect(refused.body).not.toMatch(/stripe|acct_|account/i)
    const left = await testApp.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.tenantId, refusing.tenantId))
    expect(left).toEqual([])
    const paymentsLeft = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.tenantId, refusing.tenantId))
    expect(paymentsLeft).toEqual([])
    // The same time is free for the next visitor (a refusal again, not a clash).
    expect((await book(refusing, serviceId, startsAt)).statusCode).toBe(503)
  })
})
