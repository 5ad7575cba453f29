import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import {
  chooseTimeFrom,
  chooseTimeNextWeek,
  confirmMove,
  weekAhead,
} from '../support/e2e/public-booking.ts'

/**
 * The public booking pages against the real app and its seeded demo business (Harbor Street
 * Studio), on a phone-sized screen: book as a new customer, then move and cancel the booking
 * from the manage link. Every step is checked with axe.
 */

test.use({ viewport: { width: 375, height: 812 } })

test('a new customer books, reschedules and cancels from the manage link', async ({ page }) => {
  await page.goto('/booking?business=harbor-street')
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Booking progress' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: /Signature Haircut/ }).click()
  // The seeded haircut has several team members, so its team step always comes next.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a team member' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: /Any available/ }).click()

  await expect(page).toHaveURL(/\/booking\/calendar\/[0-9a-f-]{36}\/([0-9a-f-]{36}|any)\b/)
  await expect(page.locator('[aria-current="step"]')).toContainText('Time')
  // From next week on: a time within the 24-hour cutoffs could not be moved or cancelled.
  await chooseTimeNextWeek(page)
  await expectNoAxeViolations(page)

  await expect(page).toHaveURL(/\/booking\/customer-info\/.+start=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeFocused()
  await page.getByRole('button', { name: 'Book now' }).click()
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await page.getByLabel('Name').fill('Ann Lee')
  await page.getByLabel('E-mail').fill(uniqueEmail('booking'))
  await page.getByRole('button', { name: 'Book now' }).click()

  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]+\?.*token=/)
  await expect(page.getByText(/You're booked, Ann Lee/)).toBeVisible()
  await expect(page.getByRole('link', { name: /calendar file/ })).toHaveAttribute(
    'href',
    /\/invitation\.ics\?token=/,
  )
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  )
  await expectNoAxeViolations(page)

  // A reload shows the same booking, loaded with the token from the URL.
  await page.reload()
  await expect(page.getByText(/You're booked, Ann Lee/)).toBeVisible()

  await page.getByRole('link', { name: 'Reschedule or cancel' }).click()
  await expect(page).toHaveURL(/\/booking\/event\/[0-9a-f-]+\?.*token=/)
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Reschedule' }).click()
  // A time past the cancellation cutoff, so the moved appointment can still be cancelled.
  await chooseTimeFrom(page, await weekAhead(page))
  await confirmMove(page)

  await page.getByRole('button', { name: 'Cancel appointment' }).click()
  await page.getByLabel('Reason').fill('Something came up')
  await page.getByRole('button', { name: 'Cancel appointment' }).last().click()
  await expect(page.getByRole('heading', { name: 'Cancelled' })).toBeVisible()

  // The old link cannot revive it.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Cancelled' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0)
})
