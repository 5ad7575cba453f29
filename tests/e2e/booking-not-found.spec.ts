import { expect, type Page, type Request, test } from '@playwright/test'
import { BUSINESS } from '../support/e2e/public-booking.ts'

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

test('an unknown appointment on the page Stripe returns to', async ({ page }) => {
  await page.goto(`/booking/payment/${UNKNOWN_ID}?token=${TOKEN}&outcome=paid&${business}`)
  await expectNotFound(page, 'appointment')
})

test('an unknown appointment on the manage page', async ({ page }) => {
  await page.goto(`/booking/event/${UNKNOWN_ID}?token=${TOKEN}&${business}`)
  await expectNotFound(page, 'appointment')
})

test('an unknown service or team member in a wizard link', async ({ page }) => {
  for (const [path, what] of [
    [`/booking/service/${UNKNOWN_ID}/team`, 'service'],
    [`/booking/team/${UNKNOWN_ID}/services`, 'team member'],
    [`/booking/calendar/${UNKNOWN_ID}/any`, 'service'],
    [`/booking/customer-info/${UNKNOWN_ID}/${UNKNOWN_ID}`, 'service'],
  ] as const) {
    // The wizard reads the catalogue the page carries inline: nothing is asked of the API.
    const calls: string[] = []
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url())
    }
    page.on('request', onRequest)
    await page.goto(`${path}?${business}`)
    await expect(
      page.getByRole('heading', { level: 2, name: `We could not find this ${what}` }),
    ).toBeVisible()
    // The address stays the one followed, so the visitor can see what was wrong with it.
    expect(new URL(page.url()).pathname).toBe(path)
    await expect(page.getByRole('alert')).toHaveCount(0)
    page.off('request', onRequest)
    expect(calls).toEqual([])
    await expectNotFound(page, what)
  }
})

test('a known service with a team member who does not offer it', async ({ page, request }) => {
  const list = async <T>(path: string) => {
    const response = await request.get(`/api/v1/public/${path}?${business}`)
    expect(response.status(), await response.text()).toBe(200)
    return ((await response.json()) as { items: T[] }).items
  }
  const services = await list<{ id: string; team_member_ids: string[] }>('services')
  const members = await list<{ id: string }>('team-members')
  const pair = services
    .flatMap((service) =>
      members
        .filter((member) => !service.team_member_ids.includes(member.id))
        .map((member) => [service.id, member.id] as const),
    )
    .at(0)
  if (!pair) throw new Error('every team member offers every service')
  await page.goto(`/booking/calendar/${pair[0]}/${pair[1]}?${business}`)
  await expectNotFound(page, 'service')
})
