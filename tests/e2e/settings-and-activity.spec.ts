import { expect, test } from '@playwright/test'
import { signInToNewBusiness } from '../support/e2e/sign-in.ts'

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
}

test('an owner changes the booking policy and finds the change, with its diff, in the activity log', async ({
  page,
}) => {
  await signInToNewBusiness(page, 'settings')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByText('Bookable from 2 hours before')).toBeVisible()
  await page.getByRole('link', { name: 'Booking policy' }).click()
  await expect(page).toHaveURL(/\/settings\/booking-policy$/)
  await expect(page).toHaveTitle('Booking Policy - Slotwise Appointments')

  const notice = page.getByRole('textbox', { name: 'Minimum notice', exact: true })
  await expect(notice).toHaveValue('2')
  await notice.fill('3')
  await notice.press('Tab')
  await page.getByRole('button', { name: /Slot interval/ }).click()
  await page.getByRole('option', { name: 'Every 30 minutes' }).click()
  await page.getByText('Customers pick a team member', { exact: true }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Booking policy saved')).toBeVisible()

  await page.reload()
  await expect(notice).toHaveValue('3')
  await expect(page.getByRole('button', { name: /Slot interval/ })).toContainText(
    'Every 30 minutes',
  )
  await expect(page.getByRole('radio', { name: /Customers pick a team member/ })).toBeChecked()

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Activity Log' })
    .click()
  await expect(page).toHaveTitle('Activity Log - Slotwise Appointments')
  await page.getByRole('button', { name: /Entity type/ }).click()
  await page.getByRole('option', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/type=settings/)
  const rows = page.getByTestId('activity-row').filter({ hasText: /booking policy/i })
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Existing Owner')

  await rows.getByRole('link').click()
  const panel = page.getByRole('dialog')
  await expect(panel).toBeVisible()
  await expect(page).toHaveURL(/entry=[0-9a-f-]{36}/)
  const notice_row = panel.getByRole('row', { name: /Min notice minutes/ })
  await expect(notice_row.getByRole('cell').nth(0)).toHaveText('120')
  await expect(notice_row.getByRole('cell').nth(1)).toHaveText('180')
  const slot_row = panel.getByRole('row', { name: /Slot interval minutes/ })
  await expect(slot_row.getByRole('cell').nth(0)).toHaveText('15')
  await expect(slot_row.getByRole('cell').nth(1)).toHaveText('30')
  await expect(panel.getByRole('row', { name: /Team member choice/ })).toContainText(
    'customer_picks',
  )

  // The open entry is in the address: a reload (or a shared link) shows it again.
  await page.reload()
  await expect(page.getByRole('dialog')).toContainText('Min notice minutes')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).not.toHaveURL(/entry=/)

  // Dates are a filter too: nothing long ago, this change around today.
  await page.goto('/activity-log?type=settings&from=2020-01-01&to=2020-01-31')
  await expect(
    page.getByRole('heading', { name: 'No activity matches these filters' }),
  ).toBeVisible()
  await page.goto(`/activity-log?type=settings&from=${isoDay(-1)}&to=${isoDay(1)}`)
  await expect(page.getByTestId('activity-row')).toHaveCount(1)
})

test('changing the currency says what it affects before saving', async ({ page }) => {
  await signInToNewBusiness(page, 'settings')
  await page.goto('/settings')
  await page.getByRole('link', { name: 'Business configuration' }).click()
  await expect(page).toHaveURL(/\/settings\/business-configuration\/edit$/)

  const name = page.getByRole('textbox', { name: 'Business name', exact: true })
  await expect(name).toHaveValue("Existing Owner's Business")
  await name.fill('Renamed Studio')
  const currency = page.getByRole('combobox', { name: 'Currency' })
  const before = await currency.inputValue()
  const next = before === 'EUR' ? 'GBP' : 'EUR'
  // Scrolled into view first: a scroll closes the options popover, and with it the search typed.
  await currency.scrollIntoViewIfNeeded()
  await currency.click()
  await currency.fill(next)
  await page.getByRole('option', { name: next, exact: true }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()

  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(`Currency: ${before} → ${next}`)
  await expect(confirm).toContainText(`Prices will be shown in ${next}`)
  await expect(confirm).toContainText('not converted')
  // Cancelling saves nothing and keeps the edits.
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(name).toHaveValue('Renamed Studio')

  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Business configuration saved')).toBeVisible()
  // The sidebar reads the business from the profile, which is loaded again after the save.
  await expect(page.getByTestId('business-name')).toHaveText('Renamed Studio')

  await page.goto('/activity-log?type=business')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
})

test('a setting that does not exist says so, and settings save field by field', async ({
  page,
}) => {
  await signInToNewBusiness(page, 'settings')
  await page.goto('/settings/payroll')
  await expect(page.getByRole('heading', { name: 'There is no such setting' })).toBeVisible()
  await page.getByRole('link', { name: 'See all settings' }).click()
  await expect(page).toHaveURL(/\/settings$/)

  await page.getByRole('link', { name: 'Notifications' }).click()
  const lead = page.getByRole('textbox', { name: 'Reminder lead time', exact: true })
  await expect(lead).toBeEnabled()
  await page.getByText('Send a reminder e-mail', { exact: true }).click()
  await expect(lead).toBeDisabled()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Notification settings saved')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Send a reminder e-mail' })).not.toBeChecked()

  await page.goto('/settings/appearance')
  const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true })
  await colour.fill('#0ea5e9')
  await colour.press('Tab')
  await page.getByText('Dark', { exact: true }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Appearance saved')).toBeVisible()
  await page.goto('/settings')
  await expect(page.getByText('Brand colour #0EA5E9; theme follows dark.')).toBeVisible()
})

test('the activity log loads older entries on demand and narrows by actor', async ({ page }) => {
  await signInToNewBusiness(page, 'settings')
  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  for (let index = 1; index <= 26; index += 1) {
    const response = await page.request.post('/api/v1/customers', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Paging Customer ${String(index).padStart(2, '0')}` },
    })
    expect(response.status()).toBe(201)
  }

  await page.goto('/activity-log?type=customer')
  const rows = page.getByTestId('activity-row')
  await expect(rows).toHaveCount(25)
  // Newest first: the last customer added heads the list.
  await expect(rows.first()).toContainText('Paging Customer 26')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(rows).toHaveCount(26)
  await expect(rows.last()).toContainText('Paging Customer 01')
  await expect(page.getByText("That's everything that matches.")).toBeVisible()

  await page.getByRole('button', { name: /Actor/ }).click()
  await page.getByRole('option', { name: 'Existing Owner' }).click()
  await expect(page).toHaveURL(/actor=/)
  await expect(rows).toHaveCount(25)
})
