import { expect, test } from '@playwright/test'
import {
  createEmulatorAccount,
  createVerifiedAccount,
  strongPassword,
  uniqueEmail,
} from '../support/e2e/accounts.ts'
import { signIn } from '../support/e2e/sign-in.ts'
import { staffAuthHeaders } from '../support/e2e/staff-api.ts'

test('a staff member works with customers but cannot reach settings or the activity log', async ({
  page,
  browser,
}) => {
  // The owner invites a staff member by e-mail.
  const owner = await createEmulatorAccount(uniqueEmail('roles-owner'))
  await signIn(page, owner.email, owner.password)
  const staffEmail = uniqueEmail('roles-staff')
  const invited = await page.request.post('/api/v1/team-members', {
    headers: await staffAuthHeaders(page),
    data: { name: 'Sam Staff', email: staffEmail, permission: 'staff' },
  })
  expect(invited.status()).toBe(201)
  const customer = await page.request.post('/api/v1/customers', {
    headers: await staffAuthHeaders(page),
    data: { name: 'Gia Guest', email: 'gia@example.test' },
  })
  expect(customer.status()).toBe(201)

  // The staff member signs in for the first time and lands in the owner's business.
  await createVerifiedAccount(staffEmail)
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signIn(staff, staffEmail, strongPassword)
  await expect(staff.getByTestId('business-name')).toHaveText("Existing Owner's Business")

  const nav = staff.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Activity Log' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0)

  // Typing the addresses gets a plain "no access" page, never a broken one.
  for (const path of [
    '/settings',
    '/settings/booking-policy',
    '/settings/business-configuration/edit',
    '/activity-log',
    '/payments',
  ]) {
    await staff.goto(path)
    await expect(staff.getByRole('heading', { name: "You don't have access" })).toBeVisible()
  }
  // And the server refuses the data itself.
  const settings = await staff.request.get('/api/v1/settings', {
    headers: await staffAuthHeaders(staff),
  })
  expect(settings.status()).toBe(403)
  expect(settings.headers()['content-type']).toContain('application/problem+json')

  // Customers are theirs to read and change, but not to delete.
  await staff.goto('/customers')
  await staff.getByRole('link', { name: 'Gia Guest' }).click()
  // The row opens the client's profile; its details are edited from there.
  await expect(staff.getByRole('heading', { name: 'Gia Guest' })).toBeVisible()
  await staff.getByRole('link', { name: 'Edit details' }).click()
  await expect(staff.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Gia Guest')
  await staff.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 0100')
  await staff.getByRole('button', { name: 'Save changes' }).click()
  await expect(staff.getByText('Customer saved')).toBeVisible()
  await expect(staff.getByRole('button', { name: 'Delete customer' })).toHaveCount(0)

  // The owner sees who did it.
  await page.goto('/activity-log?type=customer')
  await expect(
    page.getByTestId('activity-row').filter({ hasText: 'Gia Guest' }).first(),
  ).toBeVisible()
  await staffContext.close()
})

test('an admin reaches settings but not billing', async ({ page, browser }) => {
  const owner = await createEmulatorAccount(uniqueEmail('roles-owner'))
  await signIn(page, owner.email, owner.password)
  const adminEmail = uniqueEmail('roles-admin')
  const invited = await page.request.post('/api/v1/team-members', {
    headers: await staffAuthHeaders(page),
    data: { name: 'Ada Admin', email: adminEmail, permission: 'admin' },
  })
  expect(invited.status()).toBe(201)

  await createVerifiedAccount(adminEmail)
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, adminEmail, strongPassword)
  const nav = admin.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Activity Log' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Payments' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Settings' }).click()
  await expect(admin.getByRole('link', { name: 'Booking policy' })).toBeVisible()
  await expect(admin.getByRole('link', { name: 'Billing' })).toHaveCount(0)
  await adminContext.close()
})
