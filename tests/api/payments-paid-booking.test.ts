/**
 * A booking paid through the real path (the local Stripe service's Checkout, the booking
 * page's return, the one sync) as staff then see it: in the payments list, on the
 * appointment, and in the dashboard's revenue.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../local-stripe/server.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { payAndReturn } from '../support/api/checkout-payment.ts'
import { createConnectedBusiness } from '../support/api/connected-business.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { payingAppOptions } from '../support/api/paying-app.ts'
import { bookingBody, publicCall, slugOf } from '../support/api/public-booking.ts'
import {
  addService,
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Confirmation = components['schemas']['PublicBookingConfirmation']
type PaymentPage = components['schemas']['PaymentPage']
type Dashboard = components['schemas']['Dashboard']
type Appointment = components['schemas']['Appointment']

const SECRET = 'sk_test_payments_list'

let localStripe: LocalStripe
let testApp: TestApp
let salon: SchedulingBusiness
let bystander: SchedulingBusiness

beforeAll(async () => {
  localStripe = await startLocalStripe({ port: 0 })
  testApp = await createTestApp(payingAppOptions('payments_list', SECRET, localStripe.url))
  salon = await createConnectedBusiness(testApp, 'Paid Ledger')
  bystander = await createSchedulingBusiness(testApp, 'Bystander Ledger')
}, 120_000)

afterAll(async () => {
  await testApp?.close()
  await localStripe?.stop()
})

async function dashboardOf(business: SchedulingBusiness): Promise<Dashboard> {
  const response = await call(testApp, business.owner, 'GET', '/api/v1/dashboard')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Dashboard>()
}

it('shows a paid deposit in the list, on the appointment and in the revenue', async () => {
  const serviceId = await addService(testApp, salon.owner, {
    name: 'Colour',
    duration_minutes: 60,
    price_minor: 5000,
    team_member_ids: [salon.staffMemberId],
    payment_rule: { kind: 'deposit_percent', deposit_percent: 20 },
  })
  const slug = await slugOf(testApp, salon.tenantId)
  const revenueBefore = (await dashboardOf(salon)).week.revenue.amount_minor

  const booking = await publicCall(testApp, 'POST', '/api/v1/public/bookings', {
    business: slug,
    body: bookingBody(salon, inDays(3, '10:00', salon.timeZone), {
      service_id: serviceId,
      customer: { name: 'Dana Deposit', email: uniqueEmail('deposit') },
    }),
  })
  expect(booking.statusCode, booking.body).toBe(201)
  const confirmation = booking.json<Confirmation>()

  // Not paid yet: listed as awaiting payment, worth nothing to the week.
  const waiting = await call(testApp, salon.owner, 'GET', '/api/v1/payments?state=pending')
  expect(waiting.json<PaymentPage>().items.map((item) => item.appointment_id)).toEqual([
    confirmation.appointment.id,
  ])
  expect((await dashboardOf(salon)).week.revenue.amount_minor).toBe(revenueBefore)

  await payAndReturn(testApp, { url: localStripe.url, secretKey: SECRET }, slug, confirmation)

  const listed = await call(testApp, salon.owner, 'GET', '/api/v1/payments')
  expect(listed.statusCode, listed.body).toBe(200)
  const [payment] = listed.json<PaymentPage>().items
  expect(payment).toMatchObject({
    appointment_id: confirmation.appointment.id,
    customer_name: 'Dana Deposit',
    service_name: 'Colour',
    kind: 'deposit',
    state: 'deposit_paid',
    currency: 'USD',
    amount_minor: 1000,
    refunded_minor: 0,
    net_minor: 1000,
    paid_at: expect.any(String),
  })

  const appointment = await call(
    testApp,
    salon.staff,
    'GET',
    `/api/v1/appointments/${confirmation.appointment.id}`,
  )
  expect(appointment.json<Appointment>()).toMatchObject({
    status: 'confirmed',
    payment: { state: 'deposit_paid', paid_minor: 1000, refunded_minor: 0, currency: 'USD' },
  })

  expect((await dashboardOf(salon)).week.revenue.amount_minor).toBe(revenueBefore + 1000)

  // Another business sees none of it.
  const theirs = await call(testApp, bystander.owner, 'GET', '/api/v1/payments')
  expect(theirs.json<PaymentPage>().items).toEqual([])
  const csv = await call(testApp, bystander.owner, 'GET', '/api/v1/payments/export.csv')
  expect(csv.body).not.toContain('Dana Deposit')
}, 120_000)
