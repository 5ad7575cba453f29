import { expect, type Page, test } from '@playwright/test'
import { BUSINESS } from './support/public-booking.ts'

// A booking link that names nothing here says so inside the booking layout, with the way back
// to the start; never the app's crash screen.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const TOKEN = 'x'.repeat(43)
const business = `business=${BUSINESS}`

async function expectBookingLayout(page: Page) {
  await expect(page.locator('.p-booking__header')).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
}

/** The not-found card: its heading has focus, the title says so, and a link leads back. */
async function expectNotFound(page: Page, what: string) {
  const heading = page.getByRole('heading', { level: 2, name: `We could not find this ${what}` })
  await expect(heading).toBeVisible()
  await expect(heading).toBeFocused()
  await expect(page).toHaveTitle(/^Page not found/)
  await expectBookingLayout(page)
  await page.getByRole('link', { name: 'See everything to book' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  expect(new URL(page.url()).search).toContain(business)
}

test.use({ viewport: { width: 375, height: 812 } })

test('an unknown profile address', async ({ page }) => {
  await page.goto(`/booking/nobody-works-here?${business}`)
  await expectNotFound(page, 'profile')
})

test('an unknown appointment on the confirmation page', async ({ page }) => {
  await page.goto(`/booking/confirmation/${UNKNOWN_ID}?token=${TOKEN}&${business}`)
  await expectNotFound(page, 'appointment')
})

test('an unknown appointment on the manage page', async ({ page }) => {
  await page.goto(`/booking/event/${UNKNOWN_ID}?token=${TOKEN}&${business}`)
  await expectNotFound(page, 'appointment')
})

test('an unknown service or team member in a wizard link starts over with a notice', async ({
  page,
}) => {
  for (const path of [
    `/booking/service/${UNKNOWN_ID}/team`,
    `/booking/calendar/${UNKNOWN_ID}/${UNKNOWN_ID}`,
  ]) {
    await page.goto(`${path}?${business}`)
    await expect(page.getByRole('alert')).toContainText(
      'That link no longer matches what can be booked here',
    )
    await expectBookingLayout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  }
})
