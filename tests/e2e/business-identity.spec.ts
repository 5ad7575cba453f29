import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import { chooseTimeNextWeek, fillDetails } from '../support/e2e/public-booking.ts'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'
import { staffApi } from '../support/e2e/staff-api.ts'
import { png } from '../support/unit/images.ts'

/**
 * The business's identity on its booking page, set up the way an owner does it: a logo
 * uploaded and a brand colour chosen in Settings → Appearance, then seen on /booking in both
 * themes, with the business's name in the header and the title, and no accessibility
 * violations whether the colour is light or dark; a booking's summary, on the time step and
 * on the confirmation, with the logo, the business's address and the team member.
 */

const BUSINESS_NAME = "Existing Owner's Business"

/** The booking page's path and query, from the address Settings shows the owner. */
async function bookingPageAddress(page: Page): Promise<string> {
  await page.goto('/settings')
  const link = page
    .getByRole('region', { name: 'Your booking page' })
    .getByRole('link', { name: /\/booking\?business=/ })
  const url = new URL((await link.getAttribute('href')) ?? '')
  return `${url.pathname}${url.search}`
}

async function chooseBrandColour(page: Page, colour: string): Promise<void> {
  await page.goto('/settings/appearance')
  const field = page.getByRole('textbox', { name: 'Brand colour' })
  await field.fill(colour)
  await field.press('Tab')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Appearance saved')).toBeVisible()
}

/**
 * Gives the business an address and a service its owner performs (a new owner is its only team
 * member, working weekdays from 9 to 5): something to book. Answers the team member's name.
 */
async function offerAService(page: Page, service: string, address: string): Promise<string> {
  const business = await staffApi<object>(page, 'GET', '/api/v1/business-configuration')
  await staffApi(page, 'PUT', '/api/v1/business-configuration', { ...business, address })
  const team = await staffApi<{ items: { id: string; name: string }[] }>(
    page,
    'GET',
    '/api/v1/team-members',
  )
  const [member] = team.items
  if (!member) throw new Error('A new business has its owner as a team member')
  await staffApi(page, 'POST', '/api/v1/services', {
    name: service,
    duration_minutes: 30,
    price_minor: 4000,
    team_member_ids: [member.id],
  })
  return member.name
}

test('an owner uploads a logo and picks a colour; the booking page wears them in both themes', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'identity')
  const booking = await bookingPageAddress(page)

  await page.goto('/settings/appearance')
  const logoSection = page.getByRole('region', { name: 'Logo' })
  await expect(logoSection.getByText('No logo')).toBeVisible()
  // A file that is not an image is refused in the browser, before it is sent.
  await page.getByLabel('Upload a logo').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  })
  await expect(logoSection.getByRole('alert')).toHaveText(
    'Choose a PNG, JPEG or WebP image (not SVG).',
  )
  await page.getByLabel('Upload a logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(96, 32, { rgb: [220, 38, 38] }),
  })
  await expect(page.getByText('Logo saved')).toBeVisible()
  await expect(logoSection.getByRole('img', { name: 'Your logo' })).toBeVisible()
  await expect(logoSection.getByRole('alert')).toHaveCount(0)
  await expect(page.getByLabel('Replace the logo')).toBeVisible()
  await expectNoAxeViolations(page, { within: 'main' })

  await chooseBrandColour(page, '#fde047')
  await page.goto(booking)
  const header = page.getByRole('banner')
  const logo = header.getByRole('img', { name: BUSINESS_NAME })
  await expect(logo).toBeVisible()
  await expect(logo).toHaveAttribute('width', '96')
  await expect(logo).toHaveAttribute('height', '32')
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96)
  await expect(header.getByRole('link', { name: BUSINESS_NAME })).toBeVisible()
  // A new business is on the Pro trial: no "Powered by Slotwise", and its name where the
  // title would name the product.
  await expect(page).toHaveTitle(`Book an appointment - ${BUSINESS_NAME}`)
  await expect(page.getByText('Powered by')).toHaveCount(0)

  // Yellow is too light for white text: the button colour stays, its text turns near-black.
  const frame = page.locator('.p-booking')
  await expect(frame).toHaveAttribute('data-brand', '')
  const tokens = () =>
    frame.evaluate((element) => {
      const style = getComputedStyle(element)
      return {
        primary: style.getPropertyValue('--p-primary-color').trim(),
        onPrimary: style.getPropertyValue('--p-primary-contrast-color').trim(),
      }
    })
  expect(await tokens()).toEqual({ primary: '#fde047', onPrimary: '#111827' })
  await expectNoAxeViolations(page)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/p-dark/)
  await expect(logo).toBeVisible()
  await expectNoAxeViolations(page)

  // A deep navy: white text on light pages; on dark pages a lighter shade, so it still shows.
  await page.emulateMedia({ colorScheme: 'light' })
  await chooseBrandColour(page, '#1e3a8a')
  await page.goto(booking)
  await expect(logo).toBeVisible()
  expect(await tokens()).toEqual({ primary: '#1e3a8a', onPrimary: '#ffffff' })
  await expectNoAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/p-dark/)
  expect((await tokens()).primary).not.toBe('#1e3a8a')
  await expectNoAxeViolations(page)

  // Booked: the summary beside the time step and the confirmation's carry the logo, the
  // address and the team member chosen.
  await page.emulateMedia({ colorScheme: 'light' })
  const address = '12 Quay Street, Cork'
  const member = await offerAService(page, 'Logo Review', address)
  const logoAddress = await logo.getAttribute('src')
  await page.goto(booking)
  await page.getByRole('button', { name: /Logo Review/ }).click()
  // One person performs it: no team member to choose, straight to the times.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible()
  const choice = page.getByRole('complementary', { name: 'Your booking' })
  await expect(choice).toContainText(address)
  await expect(choice).toContainText(`with ${member}`)
  await expect(choice.locator('img')).toHaveAttribute('src', logoAddress ?? 'a logo')
  await chooseTimeNextWeek(page)
  await fillDetails(page, { name: 'Cara Quinn', email: uniqueEmail('summary') })
  await page.getByRole('button', { name: 'Book now' }).click()
  await expect(page.getByText("You're booked, Cara Quinn")).toBeVisible()
  const fact = (term: string) =>
    page
      .locator('.p-booking-summary .p-facts__item')
      .filter({ has: page.getByRole('term').filter({ hasText: term }) })
      .getByRole('definition')
  await expect(fact('With')).toHaveText(member)
  await expect(fact('Where')).toHaveText(`${BUSINESS_NAME}${address}`)
  await expect(page.getByRole('banner').getByRole('img', { name: BUSINESS_NAME })).toBeVisible()

  // Removing the logo leaves the name alone in the header.
  await page.goto('/settings/appearance')
  await page.getByRole('button', { name: 'Remove logo' }).click()
  await expect(page.getByText('Logo removed')).toBeVisible()
  await page.goto(booking)
  await expect(page.getByRole('banner').getByRole('link', { name: BUSINESS_NAME })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0)
})
