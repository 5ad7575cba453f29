import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { createEmulatorAccount, uniqueEmail } from '../support/e2e/accounts.ts'
import { bookAndPayThroughApi } from '../support/e2e/paid-booking.ts'
import { signIn } from '../support/e2e/sign-in.ts'
import { staffApi } from '../support/e2e/staff-api.ts'

/**
 * Staff refund part of a paid booking from the appointment dialog, against the real
 * `npm start` path and its local Stripe service. The paid booking is made through the API (a
 * new owner connects Stripe, a customer books and pays on the local Checkout); the refund is
 * all in the browser.
 */

/** The Tuesday after next in UTC (a new business's zone): a working day, always ahead. */
function nextTuesday(): string {
  const date = new Date()
  date.setUTCHours(12, 0, 0, 0)
  date.setUTCDate(date.getUTCDate() + ((2 - date.getUTCDay() + 7) % 7 || 7) + 7)
  return date.toISOString().slice(0, 10)
}

/**
 * A new owner's business with its Stripe account connected, a prepaid 45.00 service, and one
 * booking of it a customer paid for on the local Checkout. Answers the appointment's id.
 */
async function paidBooking(page: Page): Promise<string> {
  const link = await staffApi<{ url: string }>(
    page,
    'POST',
    '/api/v1/payments/account/onboarding-links',
  )
  await page.request.get(link.url)
  await page.request.post(link.url, { form: { outcome: 'complete' }, maxRedirects: 0 })
  const account = await staffApi<{ status: string }>(page, 'POST', '/api/v1/payments/account/sync')
  expect(account.status).toBe('active')

  const me = await staffApi<{ tenant: { slug: string } }>(page, 'GET', '/api/v1/me/')
  const team = await staffApi<{ items: { id: string }[] }>(page, 'GET', '/api/v1/team-members')
  const teamMemberId = team.items[0]?.id ?? ''
  const service = await staffApi<{ id: string }>(page, 'POST', '/api/v1/services', {
    name: 'Colour',
    duration_minutes: 45,
    price_minor: 4500,
    team_member_ids: [teamMemberId],
    payment_rule: { kind: 'full' },
  })
  return bookAndPayThroughApi(
    page.request,
    me.tenant.slug,
    {
      service_id: service.id,
      team_member_id: teamMemberId,
      starts_at: `${nextTuesday()}T10:00:00Z`,
      customer: { name: 'Rosa Refund', email: uniqueEmail('rosa') },
      time_zone: 'UTC',
    },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  )
}

test('staff refund part of a paid appointment with a reason, cancel it (the rest refunded), and find both in the activity log', async ({
  page,
}) => {
  const { email, password } = await createEmulatorAccount(uniqueEmail('refunds'))
  await signIn(page, email, password)
  const appointmentId = await paidBooking(page)

  await page.goto(`/calendar?appointment=${appointmentId}`)
  const dialog = page.getByRole('dialog', { name: 'Colour for Rosa Refund' })
  const payment = dialog.getByRole('region', { name: 'Payment' })
  await expect(payment.getByTestId('payment-state')).toHaveText('Paid')
  await expect(payment).toContainText('$45.00 paid')

  await payment.getByRole('button', { name: 'Refund…' }).click()
  const refund = page.getByRole('dialog', { name: 'Refund payment' })
  const amount = refund.getByLabel('Amount to refund')
  // Prefilled with what is left.
  await expect(amount).toHaveValue('$45.00')
  await refund.getByRole('button', { name: 'Refund', exact: true }).click()
  // The reason is required: said at the field, nothing sent.
  await expect(refund.getByText('Say why you refund it')).toBeVisible()
  await amount.fill('12.50')
  await refund.getByLabel('Reason').fill('Colour faded within a week')
  await expectNoAxeViolations(page, { within: '[role="dialog"]', seriousOnly: true })
  await refund.getByRole('button', { name: 'Refund', exact: true }).click()

  await expect(
    page.getByRole('status').filter({ hasText: 'Refunded $12.50 to Rosa Refund.' }).first(),
  ).toBeVisible()
  await expect(refund).toBeHidden()
  await expect(payment.getByTestId('payment-state')).toHaveText('Partly refunded')
  await expect(payment).toContainText('$45.00 paid, $12.50 refunded')
  await expect(payment.getByRole('list', { name: 'Refunds' })).toContainText(
    'Colour faded within a week',
  )
  // What is left is what the next refund offers.
  await payment.getByRole('button', { name: 'Refund…' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Refund payment' }).getByLabel('Amount to refund'),
  ).toHaveValue('$32.50')
  await page
    .getByRole('dialog', { name: 'Refund payment' })
    .getByRole('button', { name: 'Cancel' })
    .click()

  // Cancelling tells staff, before they confirm, that the rest goes back (the business cancels).
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel appointment?' })
  await expect(cancel.getByTestId('cancellation-refund')).toContainText(
    '$32.50 paid online will be refunded to the customer in full.',
  )
  await cancel.getByLabel('Reason').fill('Stylist is ill')
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click()
  await expect(cancel).toBeHidden()
  await expect(payment.getByTestId('payment-state')).toHaveText('Refunded')
  await expect(payment).toContainText('$45.00 paid, $45.00 refunded')
  // A cancelled appointment has nothing left to refund.
  await expect(payment.getByRole('button', { name: 'Refund…' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  await page.goto('/activity-log')
  await expect(
    page.getByText('Refunded $12.50 of the payment (reason: Colour faded within a week)'),
  ).toBeVisible()
  await expect(
    page.getByText('Refunded $32.50 of the payment (cancelled: Stylist is ill)'),
  ).toBeVisible()
})
