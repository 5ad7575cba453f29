import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { createEmulatorAccount, uniqueEmail } from '../support/e2e/accounts.ts'
import { waitForMail } from '../support/e2e/mail-inbox.ts'
import { bookAndPayThroughApi } from '../support/e2e/paid-booking.ts'
import { signIn } from '../support/e2e/sign-in.ts'
import { staffApi } from '../support/e2e/staff-api.ts'

/**
 * The no-show fee in Chromium, on the real `npm start` path and its local Stripe service: two
 * customers book a card-on-file service and save their card at Checkout (one with the card
 * that saves but declines every later charge), the appointment starts, staff mark each a
 * no-show in the appointment dialog and charge the fee it offers. The decline is shown with
 * Stripe's reason and a button to try again that nothing presses by itself; the good card is
 * charged once and the customer is e-mailed.
 *
 * The API books only the future, and a no-show needs a start that has passed: the business
 * works from the first whole minute at least half a minute away (set last, just before the
 * bookings), on a 5-minute grid without notice, so the first start is at most a minute and a
 * half away, and the test waits for it.
 */

const GOOD = '4242424242424242'
const SAVES_THEN_DECLINES = '4000000000000341'

test.use({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' })

/** Time to book both customers and keep their cards, on a busy machine. */
const BOOKING_MARGIN_MS = 30_000

/** HH:MM of an instant in UTC (new businesses start in UTC). */
const clock = (instant: Date) => instant.toISOString().slice(11, 16)

/**
 * Connects the owner's Stripe account (the local onboarding) and sets the business up to be
 * booked soon: a 5-minute service for two at once keeps the card for a $25.00 fee, and the
 * owner works an hour from the first whole minute at least `BOOKING_MARGIN_MS` away (time
 * enough for both bookings), on a 5-minute grid, without notice.
 */
async function businessStartingSoon(page: Page) {
  await page.goto('/settings/payments')
  await page.getByRole('button', { name: 'Connect with Stripe' }).click()
  await page.getByRole('button', { name: 'Complete onboarding' }).click()
  await expect(page.getByTestId('payment-status')).toHaveText('Active')

  const me = await staffApi<{ tenant: { slug: string; time_zone: string } }>(
    page,
    'GET',
    '/api/v1/me/',
  )
  expect(me.tenant.time_zone, 'new businesses start in UTC').toBe('UTC')
  await staffApi(page, 'PUT', '/api/v1/settings/booking-policy', {
    min_notice_minutes: 0,
    booking_window_days: 60,
    slot_interval_minutes: 5,
    cancellation_cutoff_minutes: 1440,
    reschedule_cutoff_minutes: 1440,
    team_member_choice: 'both',
  })
  const team = await staffApi<{ items: { id: string }[] }>(page, 'GET', '/api/v1/team-members')
  const teamMemberId = team.items[0]?.id ?? ''
  const service = await staffApi<{ id: string }>(page, 'POST', '/api/v1/services', {
    name: 'Colour consultation',
    duration_minutes: 5,
    price_minor: 6000,
    capacity: 2,
    team_member_ids: [teamMemberId],
    payment_rule: { kind: 'card_on_file', no_show_fee_minor: 2500 },
  })
  // Last, so the wait for the start after the bookings is as short as it can safely be.
  const startsAt = new Date(Math.ceil((Date.now() + BOOKING_MARGIN_MS) / 60_000) * 60_000)
  // The working hour must stay within the member's day: near midnight UTC they work in
  // Saskatchewan (UTC−6 all year, no daylight saving) instead of UTC.
  const late = startsAt.getUTCHours() >= 22
  const local = (instant: Date) => new Date(instant.getTime() - (late ? 6 : 0) * 3_600_000)
  const until = new Date(startsAt.getTime() + 60 * 60_000)
  expect(local(until).getUTCDate(), 'an hour left in the day').toBe(local(startsAt).getUTCDate())
  await staffApi(page, 'PATCH', `/api/v1/team-members/${teamMemberId}`, {
    time_zone: late ? 'America/Regina' : 'UTC',
    working_hours: [
      {
        weekday: local(startsAt).getUTCDay() || 7,
        start: clock(local(startsAt)),
        end: clock(local(until)),
        breaks: [],
      },
    ],
  })
  return { slug: me.tenant.slug, teamMemberId, serviceId: service.id, startsAt }
}

/** A customer books the time and keeps `card` at the local Stripe's Checkout. */
async function bookWithCard(
  page: Page,
  business: Awaited<ReturnType<typeof businessStartingSoon>>,
  customer: { name: string; email: string },
  card: string,
): Promise<string> {
  return bookAndPayThroughApi(
    page.request,
    business.slug,
    {
      service_id: business.serviceId,
      team_member_id: business.teamMemberId,
      starts_at: business.startsAt.toISOString(),
      customer,
      time_zone: 'UTC',
      language: 'en',
    },
    { card },
  )
}

async function openAppointment(page: Page, id: string, startsAt: Date) {
  const day = startsAt.toISOString().slice(0, 10)
  await page.goto(`/calendar?view=day&date=${day}&appointment=${id}`)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: /Colour consultation for/ })).toBeVisible()
  return dialog
}

test('staff charge the no-show fee: a decline shows its reason and waits for them, a good card is charged once', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { email, password } = await createEmulatorAccount(uniqueEmail('noshow'))
  await signIn(page, email, password)
  const business = await businessStartingSoon(page)
  const declining = { name: 'Dana Decline', email: uniqueEmail('dana') }
  const good = { name: 'Gus Good', email: uniqueEmail('gus') }
  const declinedId = await bookWithCard(page, business, declining, SAVES_THEN_DECLINES)
  const goodId = await bookWithCard(page, business, good, GOOD)

  // A no-show needs the appointment to have started.
  await page.waitForTimeout(Math.max(0, business.startsAt.getTime() - Date.now() + 1_000))

  let dialog = await openAppointment(page, declinedId, business.startsAt)
  await dialog.getByRole('button', { name: 'Mark no-show' }).click()
  const fee = dialog.getByTestId('no-show-fee')
  await expect(fee).toContainText('$25.00')
  await fee.getByRole('button', { name: 'Charge no-show fee ($25.00)' }).click()
  // Asked once more, with the amount, before anything is charged.
  await fee.getByRole('button', { name: 'Charge $25.00' }).click()
  const declined = fee.getByRole('alert')
  await expect(declined).toContainText('The card was declined')
  await expect(declined).toContainText(/declined/i)
  const tryAgain = fee.getByRole('button', { name: 'Try charging $25.00 again' })
  await expect(tryAgain).toBeVisible()
  await expectNoAxeViolations(page, { within: '[role="dialog"]', seriousOnly: true })

  // Nothing tries again by itself: after a while the server still has one declined attempt.
  await page.waitForTimeout(2_000)
  const afterWait = await staffApi<{ state: string }>(
    page,
    'GET',
    `/api/v1/appointments/${declinedId}/no-show-fee`,
  )
  expect(afterWait.state).toBe('declined')
  // Staff press it: a new attempt, declined again by this card, shown again.
  await tryAgain.click()
  await fee.getByRole('button', { name: 'Charge $25.00' }).click()
  await expect(fee.getByRole('alert')).toContainText('The card was declined')
  await page.keyboard.press('Escape')

  dialog = await openAppointment(page, goodId, business.startsAt)
  await dialog.getByRole('button', { name: 'Mark no-show' }).click()
  const goodFee = dialog.getByTestId('no-show-fee')
  await goodFee.getByRole('button', { name: 'Charge no-show fee ($25.00)' }).click()
  await goodFee.getByRole('button', { name: 'Charge $25.00' }).click()
  await expect(goodFee).toContainText('$25.00 was charged to the card kept at booking')
  await expect(goodFee.getByRole('button', { name: /Charge/ })).toHaveCount(0)

  const [mail] = await waitForMail(good.email, 1, (received) =>
    received.text.includes('no-show fee was charged'),
  )
  expect(mail?.text).toContain('Charged: $25.00.')
  expect(mail?.text).toContain('Hello Gus Good')
  expect(mail?.calendar).toBeNull()
  // The declined customer heard of no charge.
  const declinedMails = await waitForMail(declining.email, 1)
  expect(declinedMails.some((received) => received.text.includes('Charged:'))).toBe(false)
})
