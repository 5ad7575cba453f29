import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInEveryLook,
} from '../support/e2e/accessibility.ts'
import { BUSINESS } from '../support/e2e/public-booking.ts'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'
import { addCustomerViaApi } from '../support/e2e/staff-api.ts'

test('an owner downloads a customer’s data, then erases it after typing their name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signInAsNewOwner(page, 'rights')
  const customer = await addCustomerViaApi(page, {
    name: 'Erin Forget',
    email: 'erin.forget@example.test',
    phone: '+1 212 555 0142',
    notes: 'Allergic to lavender.',
  })
  await page.goto(`/customers/${customer.id}/edit`)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Erin Forget')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download their data' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`customer-${customer.id}.json`)
  const file = JSON.parse(await readFile(await download.path(), 'utf8'))
  expect(file.customer).toMatchObject({ name: 'Erin Forget', notes: 'Allergic to lavender.' })

  // The dialog says what happens and waits for the name; the keyboard reaches everything in it.
  await page.getByRole('button', { name: 'Erase personal data' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Erase Erin Forget’s personal data?' })
  await expect(dialog).toContainText('This cannot be undone.')
  await expect(dialog).toContainText('rename the customer “Erased customer”')
  const erase = dialog.getByRole('button', { name: 'Erase for good' })
  await expect(erase).toBeDisabled()
  await expectNoAxeViolations(page, { within: '.p-modal' })
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('textbox', { name: 'Type “Erin Forget” to confirm' })).toBeFocused()
  await page.keyboard.type('erin forget')
  await expect(erase).toBeEnabled()
  await erase.click()

  await expect(page.getByText('Customer erased')).toBeVisible()
  await expect(page).toHaveURL(/\/customers$/)
  await expect(page.getByRole('link', { name: 'Erased customer' })).toBeVisible()
  await expect(page.getByText('Erin Forget')).toHaveCount(0)
})

test('the booking page links its privacy notice, which names the business', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`/booking?business=${BUSINESS}`)
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' })
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/booking/privacy\\?business=${BUSINESS}$`))
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible()
  await expect(page.getByText(/keeps the details you give when you book/)).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page)
})
