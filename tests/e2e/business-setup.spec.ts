import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolationsInEveryLook } from '../support/e2e/accessibility.ts'
import { strongPassword, uniqueEmail } from '../support/e2e/accounts.ts'
import { monthLoaded } from '../support/e2e/public-booking.ts'

// A salon owner in New York: the browser's zone is what sign-up detects.
test.use({ timezoneId: 'America/New_York', locale: 'en-US' })
// Each test walks the whole set-up and checks its screens four ways with axe.
test.slow()

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 812 }

/** A zone through the picker: typed, then its option chosen. */
async function chooseZone(page: Page, zone: string) {
  const field = page.getByRole('combobox', { name: 'Time zone' })
  await field.click()
  await field.fill(zone.split('/').at(-1) ?? zone)
  // Options read as words: "America/New York".
  await page.getByRole('option', { name: zone.replaceAll('_', ' '), exact: true }).click()
  await expect(field).toHaveValue(zone)
}

async function register(page: Page, name: string, business: string) {
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Business name').fill(business)
  await page.getByLabel('Email').fill(uniqueEmail('setup'))
  await page.getByLabel('Password').fill(strongPassword)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('business-name')).toHaveText(business)
}

/** The checklist's first-service step: the form ticks the owner, who performs it. */
async function addFirstService(page: Page, name: string) {
  await page.getByRole('link', { name: 'Add a service' }).click()
  await expect(page).toHaveURL(/\/services\/create$/)
  const performers = page.getByRole('group', { name: 'Performed by' })
  await expect(performers.getByRole('checkbox')).toHaveCount(1)
  await expect(performers.getByRole('checkbox').first()).toBeChecked()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Duration (minutes)' }).fill('60')
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill('40')
  await page.getByRole('button', { name: 'Add service' }).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Active')
}

/**
 * As a customer on the shared link: the first and last start offered on a day two days ahead
 * (past any notice), read as the browser shows them (the browser is in New York).
 */
async function offeredTimes(page: Page, link: string, service: string) {
  await page.goto(link)
  await page.getByRole('button', { name: new RegExp(service) }).click()
  const times = page.getByRole('heading', { level: 1, name: 'Choose a time' })
  const team = page.getByRole('heading', { level: 1, name: 'Choose a team member' })
  await expect(times.or(team)).toBeVisible()
  if (await team.isVisible()) await page.getByRole('button', { name: /Any available/ }).click()
  await expect(times).toBeVisible()
  await monthLoaded(page)
  const weekday = await page.evaluate(() => {
    const day = new Date(Date.now() + 2 * 86_400_000)
    // The owner works Monday to Friday: take the next weekday from two days ahead.
    while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1)
    return new Intl.DateTimeFormat('en-CA').format(day)
  })
  const cell = page.locator(`.p-month-grid__day[data-date="${weekday}"]`)
  if ((await cell.count()) === 0) {
    await page.getByRole('button', { name: 'Next month' }).click()
    await monthLoaded(page)
  }
  await page.locator(`.p-month-grid__day[data-date="${weekday}"]`).click()
  const starts = page.locator('.p-time-list__time')
  await expect(starts.first()).toBeVisible()
  const text = async (start: typeof starts) => (await start.textContent())?.trim()
  return { first: await text(starts.first()), last: await text(starts.last()) }
}

async function bookingLinkOnDashboard(page: Page): Promise<string> {
  await page.goto('/dashboard')
  const step = page.getByRole('listitem').filter({ hasText: 'Share your booking link' })
  const link = step.getByRole('link', { name: /\/booking\?business=/ })
  await expect(link).toBeVisible()
  return (await link.getAttribute('href')) ?? ''
}

test('a new owner in New York registers, follows the checklist and shares a link offering 9:00 AM', async ({
  page,
}) => {
  await page.goto('/register')
  // Detected from the browser, shown and editable.
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York')
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD')
  await expectNoAxeViolationsInEveryLook(page, { viewports: [PHONE, DESKTOP], within: 'main' })
  await page.setViewportSize(DESKTOP)
  await register(page, 'Maya Lopez', 'Maple Hair')

  const checklist = page.getByRole('region', { name: 'Set up your booking page' })
  await expect(
    checklist.getByRole('heading', { name: /Check your working hours\s*\(done\)/ }),
  ).toBeVisible()
  await expect(
    checklist.getByRole('heading', { name: /Add your first service\s*\(to do\)/ }),
  ).toBeVisible()
  await expect(checklist).toContainText('read in America/New_York')
  await expect(checklist).toContainText('1 of 3 steps done')
  await checklist.getByRole('button', { name: 'Show QR code' }).click()
  await expect(checklist.getByRole('img', { name: /^QR code that opens/ })).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page, { viewports: [PHONE, DESKTOP], within: 'main' })
  await page.setViewportSize(DESKTOP)

  await addFirstService(page, 'Cut and Style')
  const link = await bookingLinkOnDashboard(page)
  await expect(
    page.getByRole('heading', { name: /Add your first service\s*\(done\)/ }),
  ).toBeVisible()

  const offered = await offeredTimes(page, link, 'Cut and Style')
  expect(offered).toEqual({ first: '9:00 AM', last: '4:00 PM' })
})

test('a business moved to New York after sign-up takes its owner along and offers 9:00 AM', async ({
  page,
}) => {
  await page.goto('/register')
  await chooseZone(page, 'UTC')
  await register(page, 'Ravi Shah', 'Ravi Tutoring')
  await addFirstService(page, 'Maths Lesson')

  await page.goto('/settings/business-configuration/edit')
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC')
  await chooseZone(page, 'America/New_York')
  await page.getByRole('button', { name: 'Save changes' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Before you save' })
  const move = dialog.getByRole('checkbox', {
    name: 'Move this team member to America/New_York too',
  })
  await expect(move).toBeChecked()
  await expect(dialog.getByRole('list', { name: 'Team members who move' })).toHaveText(
    'Ravi Shah: Mon–Fri 09:00–17:00 UTC → Mon–Fri 09:00–17:00 America/New_York',
  )
  await expectNoAxeViolationsInEveryLook(page, {
    viewports: [PHONE, DESKTOP],
    within: '[role="alertdialog"]',
  })
  // Left behind, the hours would land five hours earlier on New York's clocks.
  // react-aria keeps the real input under its visual; the label is what a user clicks.
  const moveLabel = dialog.locator('label').filter({ hasText: 'Move this team member' })
  await moveLabel.click()
  await expect(move).not.toBeChecked()
  await expect(dialog.getByRole('list', { name: 'Team members who stay' })).toContainText(
    /09:00–17:00 UTC is 0[34]:00–1[12]:00 in America\/New_York/,
  )
  await moveLabel.click()
  await expect(move).toBeChecked()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Business configuration saved')).toBeVisible()

  const link = await bookingLinkOnDashboard(page)
  const offered = await offeredTimes(page, link, 'Maths Lesson')
  expect(offered).toEqual({ first: '9:00 AM', last: '4:00 PM' })
})
