import { expect, type Page, test } from '@playwright/test'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'
import { staffAuthHeaders } from '../support/e2e/staff-api.ts'

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: await staffAuthHeaders(page), data })
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300)
  return (await response.json()) as T
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: await staffAuthHeaders(page) })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
  return (await response.json()) as T
}

interface DashboardFigures {
  today: { count: number }
  week: { count: number; start_date: string; end_date: string }
  today_appointments: Array<{ id: string }>
  upcoming: Array<{ id: string }>
}

/**
 * A service the new owner performs (a new business's team is its owner, working Mon–Fri
 * 9–17), set up through the API: the dashboard is under test, not the service form.
 */
async function addServiceViaApi(page: Page, name: string) {
  const team = await apiGet<{ items: Array<{ id: string; name: string }> }>(
    page,
    '/api/v1/team-members',
  )
  const owner = team.items[0]
  if (!owner) throw new Error('a new business has its owner as a team member')
  const service = await apiPost<{ id: string }>(page, '/api/v1/services', {
    name,
    duration_minutes: 30,
    price_minor: 4500,
    team_member_ids: [owner.id],
  })
  return { serviceId: service.id, member: owner }
}

function figure(page: Page, id: 'today' | 'week' | 'revenue' | 'no-show') {
  return page.getByTestId(`figure-${id}`).locator('.p-figure__value')
}

function list(page: Page, name: 'Today' | 'Upcoming') {
  return page.getByRole('region', { name })
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text }).first()
}

/** The list an appointment belongs in, by what the server's dashboard says. */
async function expectedPlace(page: Page, appointmentId: string) {
  const dashboard = await apiGet<DashboardFigures>(page, '/api/v1/dashboard')
  const today = dashboard.today_appointments.some((a) => a.id === appointmentId)
  const upcoming = dashboard.upcoming.some((a) => a.id === appointmentId)
  return { dashboard, list: today ? ('Today' as const) : upcoming ? ('Upcoming' as const) : null }
}

test('Quick Appointment books the proposed slot, which shows in the lists and the counts', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'dashboard')
  // Without services the dashboard leads to adding one.
  await expect(page.getByRole('link', { name: 'Add your first service' })).toBeVisible()
  await expect(figure(page, 'today')).toHaveText('0')
  await expect(figure(page, 'week')).toHaveText('0')
  await expect(figure(page, 'revenue')).toHaveText('$0.00')
  await expect(figure(page, 'no-show')).toContainText('—')
  await expect(page.getByTestId('figure-no-show')).toContainText(
    'No appointments were completed or missed in the last 30 days yet.',
  )

  const { member } = await addServiceViaApi(page, 'Beard Trim')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Nothing booked today' })).toBeVisible()
  // The empty day also hands out the booking page, the other way to fill it.
  await expect(
    page
      .getByRole('region', { name: 'Nothing booked today' })
      .getByRole('link', { name: /\/booking\?business=/ }),
  ).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/booking\?business=[a-z0-9-]+$/)

  await page.getByRole('link', { name: 'Quick Appointment' }).click()
  await expect(page).toHaveURL(/\/dashboard\?quick=1$/)
  const dialog = page.getByRole('dialog', { name: 'Quick Appointment' })
  await expect(dialog).toBeVisible()

  // A customer who is not there yet is added inline; a way to reach them is asked for.
  await dialog.getByRole('button', { name: 'New customer' }).click()
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Nora Quick')
  await dialog.getByRole('button', { name: 'Add customer' }).click()
  await expect(dialog.getByText('Enter an e-mail address or a phone number.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('nora.quick@example.test')
  await dialog.getByRole('button', { name: 'Add customer' }).click()
  await expect(dialog.getByTestId('quick-customer')).toHaveText('Nora Quick')

  await dialog.getByRole('button', { name: /Service/ }).click()
  await page.getByRole('option', { name: /Beard Trim/ }).click()
  const proposed = dialog.getByTestId('quick-proposal')
  await expect(proposed).toContainText(`with ${member.name}`)
  const proposalText = (await proposed.textContent()) ?? ''

  await dialog.getByRole('button', { name: 'Book this time' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/dashboard$/)
  const booked = toast(page, 'Appointment booked')
  await expect(booked).toContainText('Nora Quick')
  await expect(booked).toContainText(`with ${member.name}`)
  await expect(booked).toContainText(proposalText.replace(` with ${member.name}`, ''))

  // At once, without a reload: in the list the server puts it in, and in the counts.
  const row = page.getByTestId('dashboard-appointment').filter({ hasText: 'Nora Quick' })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Beard Trim')
  await expect(row).toContainText(member.name)
  await expect(row).toContainText('Confirmed')
  const created = await apiGet<{ items: Array<{ id: string; customer_name: string }> }>(
    page,
    `/api/v1/appointments?from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 93 * 86_400_000).toISOString())}`,
  )
  const appointment = created.items.find((a) => a.customer_name === 'Nora Quick')
  if (!appointment) throw new Error('the booked appointment is listed')
  const { dashboard, list: place } = await expectedPlace(page, appointment.id)
  expect(place).not.toBeNull()
  await expect(list(page, place ?? 'Today').getByText('Nora Quick')).toBeVisible()
  await expect(figure(page, 'today')).toHaveText(String(dashboard.today.count))
  await expect(figure(page, 'week')).toHaveText(String(dashboard.week.count))
  expect(dashboard.today.count + dashboard.week.count + dashboard.upcoming.length).toBeGreaterThan(
    0,
  )
})

test('an appointment is cancelled from the dashboard with a reason', async ({ page }) => {
  await signInAsNewOwner(page, 'dashboard')
  const { serviceId } = await addServiceViaApi(page, 'Consultation')
  const customer = await apiPost<{ id: string }>(page, '/api/v1/customers', {
    name: 'Carl Cancel',
    email: 'carl.cancel@example.test',
  })
  const slot = await apiGet<{ starts_at: string; team_member_id: string }>(
    page,
    `/api/v1/availability/next?service_id=${serviceId}`,
  )
  const appointment = await apiPost<{ id: string }>(page, '/api/v1/appointments', {
    service_id: serviceId,
    customer_id: customer.id,
    team_member_id: slot.team_member_id,
    starts_at: slot.starts_at,
  })
  const before = await expectedPlace(page, appointment.id)
  expect(before.list).not.toBeNull()

  await page.reload()
  const row = page.getByTestId('dashboard-appointment').filter({ hasText: 'Carl Cancel' })
  await expect(list(page, before.list ?? 'Today').getByText('Carl Cancel')).toBeVisible()
  await expect(figure(page, 'today')).toHaveText(String(before.dashboard.today.count))
  await expect(figure(page, 'week')).toHaveText(String(before.dashboard.week.count))

  // The customer's name opens the appointment itself.
  await row.getByRole('button', { name: 'Carl Cancel', exact: true }).click()
  const details = page.getByRole('dialog', { name: 'Consultation for Carl Cancel' })
  await expect(details).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()

  // "Keep it" changes nothing and gives focus back to the button that opened the dialog.
  const cancelButton = row.getByRole('button', { name: /^Cancel/ })
  await cancelButton.click()
  const dialog = page.getByRole('dialog', { name: 'Cancel appointment?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(dialog).toBeHidden()
  await expect(cancelButton).toBeFocused()
  await expect(row).toBeVisible()

  // The reason is required.
  await cancelButton.click()
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click()
  await expect(dialog.getByText('Say why the appointment is cancelled.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer called: unwell')
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, /Carl Cancel.s appointment on .* is cancelled/)).toBeVisible()

  await expect(row).toHaveCount(0)
  const after = await expectedPlace(page, appointment.id)
  expect(after.list).toBeNull()
  await expect(figure(page, 'today')).toHaveText(String(after.dashboard.today.count))
  await expect(figure(page, 'week')).toHaveText(String(after.dashboard.week.count))
  // A new business keeps UTC, so the start's date is its business date.
  const day = slot.starts_at.slice(0, 10)
  const week = before.dashboard.week
  const thisWeek = day >= week.start_date && day <= week.end_date
  expect(after.dashboard.today.count).toBe(
    before.dashboard.today.count - (before.list === 'Today' ? 1 : 0),
  )
  expect(after.dashboard.week.count).toBe(week.count - (thisWeek ? 1 : 0))

  const stored = await apiGet<{ status: string; cancel_reason: string }>(
    page,
    `/api/v1/appointments/${appointment.id}`,
  )
  expect(stored).toMatchObject({ status: 'cancelled', cancel_reason: 'Customer called: unwell' })
})

test('Quick Appointment works with the keyboard alone', async ({ page }) => {
  await signInAsNewOwner(page, 'dashboard')
  const { member } = await addServiceViaApi(page, 'Massage')
  await apiPost(page, '/api/v1/customers', { name: 'Kim Keys', phone: '+1 555 0100' })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Nothing booked today' })).toBeVisible()

  const headerAction = page.getByRole('link', { name: 'Quick Appointment' })
  await headerAction.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Quick Appointment' })
  const customer = dialog.getByRole('combobox', { name: 'Customer' })
  await expect(customer).toBeFocused()
  await page.keyboard.type('Kim')
  await expect(page.getByRole('option', { name: /Kim Keys/ })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(dialog.getByTestId('quick-customer')).toHaveText('Kim Keys')

  // Focus moves on to the service.
  const service = dialog.getByRole('button', { name: /Service/ })
  await expect(service).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: /Massage/ })).toBeFocused()
  await page.keyboard.press('Enter')

  // And then to the proposal's button: Enter books it.
  const book = dialog.getByRole('button', { name: 'Book this time' })
  await expect(book).toBeFocused()
  await expect(dialog.getByTestId('quick-proposal')).toContainText(`with ${member.name}`)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Appointment booked')).toContainText('Kim Keys')
  await expect(
    page.getByTestId('dashboard-appointment').filter({ hasText: 'Kim Keys' }),
  ).toBeVisible()

  // Escape closes the dialog and the address forgets it; focus returns to the header action.
  await headerAction.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  // Escape is the dialog's once its focus is inside (on the customer field, as it opens); a
  // key pressed in the frame between the dialog showing and taking the focus goes to the page.
  await expect(customer).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(headerAction).toBeFocused()
})
