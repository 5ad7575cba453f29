import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import { bookAndPayThroughApi } from '../support/e2e/paid-booking.ts'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'
import { staffApi } from '../support/e2e/staff-api.ts'

/**
 * Staff see the money, on the real `npm start` path and its local Stripe service: a new owner
 * connects Stripe and sells a prepaid service (set up through the API: the payments screen is
 * under test, not onboarding or the booking page), a customer books and pays at Checkout, and
 * the owner finds the payment in Payments, narrows the list, downloads it as CSV, and sees it
 * in the dashboard's revenue.
 */

/** Settings → Payments' flow through the API: onboarding link, completed, synced. */
async function connectStripe(page: Page) {
  const { url } = await staffApi<{ url: string }>(
    page,
    'POST',
    '/api/v1/payments/account/onboarding-links',
  )
  expect((await page.request.get(url, { maxRedirects: 0 })).status()).toBe(200)
  const done = await page.request.post(url, {
    form: { outcome: 'complete' },
    maxRedirects: 0,
  })
  expect(done.status()).toBe(303)
  const account = await staffApi<{ status: string }>(page, 'POST', '/api/v1/payments/account/sync')
  expect(account.status).toBe('active')
}

/** A customer books the prepaid service and pays at Checkout with the test card that works. */
async function bookAndPay(page: Page, customerName: string) {
  const team = await staffApi<{ items: Array<{ id: string }> }>(page, 'GET', '/api/v1/team-members')
  const memberId = team.items[0]?.id
  const service = await staffApi<{ id: string }>(page, 'POST', '/api/v1/services', {
    name: 'Balayage',
    duration_minutes: 60,
    price_minor: 4500,
    team_member_ids: [memberId],
    payment_rule: { kind: 'full' },
  })
  const me = await staffApi<{ tenant: { slug: string } }>(page, 'GET', '/api/v1/me/')
  // The first time the booking page would offer (past the business's minimum notice).
  const from = new Date().toISOString()
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString()
  const free = await page.request.get(
    `/api/v1/public/availability?business=${me.tenant.slug}&service_id=${service.id}&team_member_id=${memberId}&from=${from}&to=${to}`,
  )
  expect(free.status(), await free.text()).toBe(200)
  const [slot] = ((await free.json()) as { slots: Array<{ starts_at: string }> }).slots
  if (!slot) throw new Error('nothing free in the next two weeks')
  return bookAndPayThroughApi(page.request, me.tenant.slug, {
    service_id: service.id,
    team_member_id: memberId,
    starts_at: slot.starts_at,
    customer: { name: customerName, email: uniqueEmail('payer') },
    time_zone: 'America/New_York',
  })
}

function paymentRow(page: Page, customerName: string) {
  return page.getByTestId('payment-row').filter({ hasText: customerName })
}

test('the owner finds a paid booking in Payments, narrows the list, downloads it, and sees it in revenue', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'ledger')
  // Before any payment: the list says how to start taking them.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Payments' })
    .click()
  await expect(page).toHaveURL(/\/payments$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No payments yet' })).toBeVisible()
  await expect(
    page.getByRole('link', { name: 'Connect Stripe in Settings → Payments' }),
  ).toHaveAttribute('href', '/settings/payments')

  await connectStripe(page)
  const customer = `Quinn "Q" O'Paid, ${Date.now()}`
  const appointmentId = await bookAndPay(page, customer)

  await page.reload()
  const row = paymentRow(page, customer)
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Balayage')
  await expect(row).toContainText('Prepayment')
  await expect(row).toContainText('Paid')
  await expect(row.getByRole('cell').last()).toHaveText('$45.00')
  await expect(row.getByRole('link', { name: /^Open .*'s appointment/ })).toHaveAttribute(
    'href',
    new RegExp(`appointment=${appointmentId}`),
  )
  await expectNoAxeViolations(page, { within: 'main', seriousOnly: true })

  // Narrowed by state, with the keyboard: nothing refunded; the paid one under "Paid".
  const state = page.getByRole('button', { name: /State/ })
  await state.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('option', { name: 'Refunded', exact: true }).press('Enter')
  await expect(page).toHaveURL(/\/payments\?state=refunded$/)
  await expect(page.getByRole('heading', { name: 'No payments match these filters' })).toBeVisible()
  await page.getByRole('button', { name: /State/ }).click()
  await page.getByRole('option', { name: 'Paid', exact: true }).click()
  await expect(paymentRow(page, customer)).toHaveCount(1)

  // Narrowed by days, as a bookmarked address: last year has nothing, today has it.
  const year = new Date().getFullYear()
  await page.goto(`/payments?from=${year - 1}-01-01&to=${year - 1}-12-31`)
  await expect(page.getByRole('heading', { name: 'No payments match these filters' })).toBeVisible()
  await page.goto(`/payments?state=paid&from=${year - 1}-01-01&to=${year + 1}-12-31`)
  await expect(paymentRow(page, customer)).toHaveCount(1)

  // The CSV of the same filter: the spreadsheet's numbers, the name as it was typed.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^payments-paid-.*\.csv$/)
  const csv = await readFile((await file.path()) ?? '', 'utf8')
  const [header, record] = csv.replace(/^\uFEFF/, '').split('\r\n')
  expect(header).toBe(
    'date,paid_at,appointment_starts_at,customer,service,kind,method,state,currency,amount,refunded,net,payment_id,appointment_id',
  )
  expect(record).toContain(`"Quinn ""Q"" O'Paid, `)
  expect(record).toContain(',Balayage,Prepayment,Online,Paid,USD,45.00,0.00,45.00,')
  expect(record).toContain(appointmentId)

  // A phone shows cards, nothing to scroll sideways.
  await page.setViewportSize({ width: 375, height: 812 })
  const card = page.getByTestId('payment-card').filter({ hasText: customer })
  await expect(card).toBeVisible()
  await expect(card).toContainText('$45.00')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The dashboard's revenue is money taken: the prepayment came in this week.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click()
  const revenue = page.getByTestId('figure-revenue')
  await expect(revenue.locator('.p-figure__label')).toHaveText('Revenue this week')
  await expect(revenue.locator('.p-figure__value')).toHaveText('$45.00')
  await expect(revenue).toContainText('Paid online and at the till, tips included, less refunds')
})

test('the front desk checks a client in, takes payment with a tip at the till, and finds it in Payments', async ({
  page,
}) => {
  // A whole front-desk visit, with axe run four times on the till: longer than most tests.
  test.slow()
  await signInAsNewOwner(page, 'ledger')
  const team = await staffApi<{ items: Array<{ id: string }> }>(page, 'GET', '/api/v1/team-members')
  const memberId = team.items[0]?.id ?? ''
  const service = await staffApi<{ id: string }>(page, 'POST', '/api/v1/services', {
    name: 'Blow-dry',
    duration_minutes: 30,
    price_minor: 4000,
    team_member_ids: [memberId],
  })
  const customerName = `Tess Till ${Date.now()}`
  const customer = await staffApi<{ id: string }>(page, 'POST', '/api/v1/customers', {
    name: customerName,
    email: uniqueEmail('till'),
    phone: '+1 (555) 010-2030',
  })
  const free = await staffApi<{ slots: Array<{ starts_at: string }> }>(
    page,
    'GET',
    `/api/v1/availability?service_id=${service.id}&team_member_id=${memberId}&start_date=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}&end_date=${new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10)}`,
  )
  const start = free.slots[0]?.starts_at
  if (!start) throw new Error('nothing free in the coming week')
  const appointment = await staffApi<{ id: string }>(page, 'POST', '/api/v1/appointments', {
    service_id: service.id,
    customer_id: customer.id,
    team_member_id: memberId,
    starts_at: start,
  })

  await page.goto(`/calendar?appointment=${appointment.id}`)
  const dialog = page.getByRole('dialog', { name: `Blow-dry for ${customerName}` })
  await expect(dialog.getByRole('link', { name: /^Call / })).toHaveAttribute(
    'href',
    'tel:+15550102030',
  )
  await expect(dialog.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', /^mailto:/)
  await expect(dialog.getByRole('link', { name: 'Book again' })).toHaveAttribute(
    'href',
    new RegExp(`^/calendar\\?new=1&customer=${customer.id}&service=${service.id}&member=`),
  )

  // Check in, undo, check in again: the arrival shows, and the till opens.
  await dialog.getByRole('button', { name: 'Check in' }).click()
  await expect(dialog.getByTestId('checked-in')).toContainText('Arrived')
  await dialog.getByRole('button', { name: 'Undo check-in' }).click()
  await expect(dialog.getByTestId('checked-in')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Check in' }).click()
  await expect(dialog.getByTestId('checked-in')).toBeVisible()
  await dialog.getByRole('button', { name: 'Checkout' }).click()

  const till = page.getByRole('dialog', { name: `Checkout: ${customerName}` })
  await expect(till).toBeVisible()
  // react-aria keeps the real radio input hidden under its visual; a user clicks the label.
  for (const name of ['Cash', '15 %']) {
    await till.locator('label', { has: page.getByRole('radio', { name, exact: true }) }).click()
    await expect(till.getByRole('radio', { name, exact: true })).toBeChecked()
  }
  const summary = till.getByTestId('till-summary')
  await expect(summary).toContainText('Tip$6.00')
  await expect(summary).toContainText('Take now$46.00')

  // The till passes axe in both palettes, on a desktop and on a phone.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size)
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('p-dark', on), dark)
      await expectNoAxeViolations(page, {
        within: '.p-till-modal',
        seriousOnly: true,
        label: `${size.width} px, ${dark ? 'dark' : 'light'}`,
      })
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('p-dark'))
  await page.setViewportSize({ width: 1280, height: 800 })

  await till.getByRole('button', { name: 'Take $46.00' }).click()
  await expect(till).toHaveCount(0)
  await expect(dialog.getByText('Checked out')).toBeVisible()
  await expect(dialog.getByText('Paid at the till by cash: $46.00')).toBeVisible()

  // Away from the calendar through the menu, as staff go (the dialog closes with the page).
  const menu = page.getByRole('navigation', { name: 'Main' })
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toHaveCount(0)
  await menu.getByRole('link', { name: 'Payments' }).click()
  const row = paymentRow(page, customerName)
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('At the till, cash')
  await expect(row.getByRole('cell').last()).toHaveText('$46.00')
  await menu.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByTestId('figure-revenue').locator('.p-figure__value')).toHaveText('$46.00')
})
