import { type APIRequestContext, expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import { authEmulatorPort } from '../support/e2e/ports.ts'
import { chooseFirstTime } from '../support/e2e/public-booking.ts'

/**
 * The customer's account pages against the real app, its Auth emulator and the seeded demo
 * business (Harbor Street Studio), on a phone-sized screen: sign in with the e-mailed link,
 * create the profile, see a booking made with that address and open its manage page.
 */

test.use({ viewport: { width: 375, height: 812 } })

const BUSINESS = 'harbor-street'
const ACCOUNT_PAGE = `/booking/my-appointments?business=${BUSINESS}`

/** The sign-in link the Auth emulator "sent" to this address (it keeps every one). */
async function signInLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(
    `http://127.0.0.1:${authEmulatorPort}/emulator/v1/projects/demo-slotwise/oobCodes`,
  )
  expect(response.ok()).toBe(true)
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[]
  }
  const sent = oobCodes.filter(
    (code) => code.email === email && code.requestType === 'EMAIL_SIGNIN',
  )
  expect(sent).toHaveLength(1)
  return sent[0]?.oobLink ?? ''
}

/** Books the first free time of the first service through the public API, as a visitor would. */
async function bookWithEmail(request: APIRequestContext, email: string) {
  const services = await request.get(`/api/v1/public/services?business=${BUSINESS}`)
  expect(services.ok()).toBe(true)
  const [service] = ((await services.json()) as { items: { id: string; name: string }[] }).items
  if (!service) throw new Error('The seeded business has no services')
  const from = new Date()
  const to = new Date(from.getTime() + 28 * 24 * 60 * 60 * 1000)
  const availability = await request.get('/api/v1/public/availability', {
    params: {
      business: BUSINESS,
      service_id: service.id,
      from: from.toISOString(),
      to: to.toISOString(),
    },
  })
  expect(availability.ok()).toBe(true)
  const [slot] = ((await availability.json()) as { slots: { starts_at: string }[] }).slots
  if (!slot) throw new Error('No free time in the next four weeks')
  const booking = await request.post(`/api/v1/public/bookings?business=${BUSINESS}`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      service_id: service.id,
      starts_at: slot.starts_at,
      customer: { name: 'Cara Doe', email },
      time_zone: 'UTC',
    },
  })
  expect(booking.status()).toBe(201)
  return service.name
}

test('a customer signs in with the e-mailed link, creates a profile and finds their booking', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('customer')
  await page.goto(ACCOUNT_PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible()
  await expect(
    page.getByRole('heading', { name: 'Sign in to see your appointments' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('E-mail')).toBeFocused()
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
  await expect(page.getByRole('status')).toContainText(`We sent a sign-in link to ${email}`)
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused()
  await expectNoAxeViolations(page)

  // First sign-in: the business has no details for this address yet.
  await page.goto(await signInLinkFor(request, email))
  await expect(page).toHaveURL(/\/booking\/profile-creation\?business=harbor-street$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible()
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Save my details' }).click()
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Name').fill('Cara Doe')
  await page.getByLabel('Phone (optional)').fill('call me')
  await page.getByRole('button', { name: 'Save my details' }).click()
  await expect(page.getByLabel('Phone (optional)')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await page.getByLabel('Phone (optional)').fill('+1 555 0100')
  await page.getByRole('button', { name: 'Save my details' }).click()

  await expect(page).toHaveURL(ACCOUNT_PAGE)
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(page.getByText('You have no upcoming appointments.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
    'href',
    `/booking?business=${BUSINESS}`,
  )
  await expectNoAxeViolations(page)

  // The booking form starts with the signed-in customer's details.
  await page.getByRole('link', { name: 'Book an appointment' }).click()
  await page.getByRole('button', { name: /Signature Haircut/ }).click()
  // The seeded haircut has several team members, so its team step always comes next.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a team member' })).toBeVisible()
  await page.locator('.p-choice').first().click()
  await chooseFirstTime(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Cara Doe')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('+1 555 0100')

  const serviceName = await bookWithEmail(request, email)
  await page.goto(ACCOUNT_PAGE)
  // The session survives a new page load: no second link needed.
  const upcoming = page.getByRole('region', { name: 'Upcoming' })
  const booked = upcoming.getByRole('link', { name: new RegExp(serviceName) })
  await expect(booked).toBeVisible()
  await expectNoAxeViolations(page)

  await booked.click()
  await expect(page).toHaveURL(/\/booking\/event\/[0-9a-f-]{36}\?business=harbor-street&token=/)
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible()

  // The saved details come back on the profile page.
  await page.goto(`/booking/profile-creation?business=${BUSINESS}`)
  await expect(page.getByLabel('Name')).toHaveValue('Cara Doe')
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('+1 555 0100')

  await page.goto(ACCOUNT_PAGE)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible()
})

test('a link opened on another device asks for the address; a spent link says so', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('elsewhere')
  await page.goto(ACCOUNT_PAGE)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
  await expect(page.getByRole('status')).toContainText('We sent a sign-in link')
  const link = await signInLinkFor(request, email)

  // Another browser has not remembered the address the link went to.
  const other = await browser.newContext({ viewport: { width: 375, height: 812 } })
  const phone = await other.newPage()
  await phone.goto(link)
  await expect(phone.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()
  await expectNoAxeViolations(phone)
  await phone.getByLabel('E-mail', { exact: true }).fill(email)
  await phone.getByRole('button', { name: 'Sign in' }).click()
  await expect(phone).toHaveURL(/\/booking\/profile-creation\?business=harbor-street$/)
  await other.close()

  // The first browser opens the same link again: it has been used.
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('expired or was already used')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Send a new link' }).click()
  await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible()
})
