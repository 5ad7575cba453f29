import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolationsInEveryLook } from '../support/e2e/accessibility.ts'
import {
  createEmulatorAccount,
  createVerifiedAccount,
  strongPassword,
  uniqueEmail,
} from '../support/e2e/accounts.ts'
import { signIn } from '../support/e2e/sign-in.ts'
import { staffAuthHeaders } from '../support/e2e/staff-api.ts'

// The browser lives elsewhere than the business (UTC): the calendar must show business time.
test.use({ timezoneId: 'America/Los_Angeles' })

interface Business {
  email: string
  password: string
  timeZone: string
  teamMemberId: string
  serviceId: string
  customer: { id: string; name: string }
}

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: await staffAuthHeaders(page), data })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201)
  return (await response.json()) as T
}

/**
 * A new business (its owner is its only team member, Mon–Fri 9–17 in the business zone), a
 * 45-minute service the owner performs and one customer, set up through the API.
 */
async function newBusiness(page: Page): Promise<Business> {
  const { email, password } = await createEmulatorAccount(uniqueEmail('calendar'))
  await signIn(page, email, password)
  const headers = await staffAuthHeaders(page)
  const me = await (await page.request.get('/api/v1/me/', { headers })).json()
  const team = await (await page.request.get('/api/v1/team-members', { headers })).json()
  const teamMemberId = team.items[0].id as string
  const service = await apiPost<{ id: string }>(page, '/api/v1/services', {
    name: 'Haircut',
    duration_minutes: 45,
    price_minor: 4500,
    color: '#0ea5e9',
    team_member_ids: [teamMemberId],
  })
  const customer = await apiPost<{ id: string; name: string }>(page, '/api/v1/customers', {
    name: 'Ana Lopez',
    email: 'ana@example.test',
  })
  return {
    email,
    password,
    timeZone: me.tenant.time_zone,
    teamMemberId,
    serviceId: service.id,
    customer,
  }
}

/** The Tuesday after next in `timeZone` (always in the future, always a working day). */
function nextTuesday(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  const untilTuesday = (2 - date.getUTCDay() + 7) % 7 || 7
  date.setUTCDate(date.getUTCDate() + untilTuesday + 7)
  return date.toISOString().slice(0, 10)
}

/** The instant of a business-zone wall clock (the zone is UTC for a new business). */
function instant(date: string, time: string, timeZone: string): string {
  expect(timeZone, 'new businesses start in UTC').toBe('UTC')
  return `${date}T${time}:00Z`
}

async function book(page: Page, business: Business, date: string, time: string) {
  return apiPost<{ id: string }>(page, '/api/v1/appointments', {
    service_id: business.serviceId,
    team_member_id: business.teamMemberId,
    customer_id: business.customer.id,
    starts_at: instant(date, time, business.timeZone),
    override_working_hours: false,
  })
}

/** Clicks the empty time-grid cell of a day and time, as a user would. */
async function clickEmptyTime(page: Page, date: string, time: string) {
  const column = page.locator(`td.fc-timegrid-col[data-date="${date}"]`)
  const slot = page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`)
  await expect(column).toBeVisible()
  await slot.scrollIntoViewIfNeeded()
  const columnBox = await column.boundingBox()
  const slotBox = await slot.boundingBox()
  if (!columnBox || !slotBox) throw new Error('time grid not laid out')
  await page.mouse.click(columnBox.x + columnBox.width / 2, slotBox.y + slotBox.height / 2)
}

function event(page: Page, text: string) {
  return page.locator('.fc-event', { hasText: text })
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text }).first()
}

async function secondBrowser(browser: Browser, business: Business) {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' })
  const page = await context.newPage()
  await signIn(page, business.email, business.password)
  return { context, page }
}

test('an owner books by clicking an empty time; a second browser sees it without reload', async ({
  page,
  browser,
}) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  const week = `/calendar?view=week&date=${tuesday}`

  const other = await secondBrowser(browser, business)
  await other.page.goto(week)
  await expect(other.page.getByRole('heading', { level: 2 })).toContainText(/\d{4}/)

  await page.goto(week)
  await expect(page).toHaveTitle('Calendar - Slotwise Appointments')
  await clickEmptyTime(page, tuesday, '10:00')

  const dialog = page.getByRole('dialog', { name: 'New appointment' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/new=1/)
  // Prefilled from the click, in the business's clock (not Los Angeles time).
  await expect(dialog.getByRole('group', { name: /^Time/ })).toContainText('10')
  await expect(dialog.getByRole('button', { name: '10:00' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Ana')
  await page.getByRole('option', { name: /Ana Lopez/ }).click()
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('First visit')
  await dialog.getByRole('button', { name: 'Book appointment' }).click()

  await expect(toast(page, 'Appointment booked')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/new=1/)
  const booked = event(page, 'Ana Lopez')
  await expect(booked).toBeVisible()
  await expect(booked).toHaveAccessibleName(/^10:00–10:45, Ana Lopez, Haircut/)

  // The other browser was not reloaded: the event arrives over the live connection.
  await expect(event(other.page, 'Ana Lopez')).toBeVisible()
  await other.context.close()
})

test('an appointment is rescheduled from its dialog', async ({ page }) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  const appointment = await book(page, business, tuesday, '10:00')

  await page.goto(`/calendar?view=week&date=${tuesday}`)
  await event(page, 'Ana Lopez').click()
  const dialog = page.getByRole('dialog', { name: 'Haircut for Ana Lopez' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`appointment=${appointment.id}`))
  await expect(dialog).toContainText('Confirmed')
  // Not started yet: nothing to complete.
  await expect(dialog.getByRole('button', { name: 'Mark completed' })).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Reschedule' }).click()
  // The day's free times are offered; 10:00 is its own time, so it is busy.
  await dialog.getByRole('button', { name: '13:00' }).click()
  await dialog.getByRole('button', { name: 'Move appointment' }).click()

  await expect(toast(page, /moved to/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeVisible()
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(/^13:00–13:45/)

  // Reload: the dialog is in the address, so it is still open, with the new time.
  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Haircut for Ana Lopez' })).toBeVisible()
  await page.getByRole('button', { name: 'Close' }).click()
  await expect(page).not.toHaveURL(/appointment=/)
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(/^13:00–13:45/)
})

test('a clash shows the server’s message and links to the appointment in the way', async ({
  page,
}) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  const blocking = await book(page, business, tuesday, '10:00')

  // Filtered to the owner's column, a click books with them (not "any available").
  await page.goto(`/calendar?view=week&date=${tuesday}&member=${business.teamMemberId}`)
  await expect(event(page, 'Ana Lopez')).toBeVisible()
  await clickEmptyTime(page, tuesday, '11:00')
  const dialog = page.getByRole('dialog', { name: 'New appointment' })
  await expect(dialog.getByRole('button', { name: /Team member/ })).toHaveText(/Existing Owner/)
  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Ana')
  await page.getByRole('option', { name: /Ana Lopez/ }).click()

  // 10:15 is not offered (it overlaps 10:00–10:45), but the time field takes it.
  await expect(dialog.getByRole('button', { name: '10:15' })).toHaveCount(0)
  const time = dialog.getByRole('group', { name: /^Time/ })
  await time.getByRole('spinbutton', { name: /hour/i }).click()
  await page.keyboard.type('10')
  await time.getByRole('spinbutton', { name: /minute/i }).click()
  await page.keyboard.type('15')
  await dialog.getByRole('button', { name: 'Book appointment' }).click()

  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText('Haircut')
  const link = alert.getByRole('link', { name: 'Open the appointment in the way' })
  await expect(link).toHaveAttribute('href', `/calendar?appointment=${blocking.id}`)
  await link.click()

  await expect(page.getByRole('dialog', { name: 'New appointment' })).toBeHidden()
  await expect(page.getByRole('dialog', { name: 'Haircut for Ana Lopez' })).toBeVisible()
  // Opened from a bare link, the calendar moves to that appointment's week behind the dialog.
  await expect(page).toHaveURL(new RegExp(`date=${tuesday}`))
})

test('a click in a member’s break explains it before booking; “Book anyway” books it', async ({
  page,
}) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  const patched = await page.request.patch(`/api/v1/team-members/${business.teamMemberId}`, {
    headers: await staffAuthHeaders(page),
    data: {
      name: 'Priya Natarajan',
      working_hours: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        start: '09:00',
        end: '17:00',
        breaks: [{ start: '13:00', end: '13:30' }],
      })),
    },
  })
  expect(patched.status(), await patched.text()).toBe(200)

  // The week view filtered to one member: a click books in her column, at that time.
  await page.goto(`/calendar?view=week&date=${tuesday}&member=${business.teamMemberId}`)
  await clickEmptyTime(page, tuesday, '13:00')
  const dialog = page.getByRole('dialog', { name: 'New appointment' })
  await expect(dialog.getByRole('button', { name: /Team member/ })).toHaveText(/Priya Natarajan/)
  const notice = dialog.getByText('Priya is on a break 13:00–13:30 — book anyway?')
  await expect(notice).toBeVisible()
  // Her free times that day are offered beside it; the break is not among them.
  await expect(dialog.getByRole('button', { name: '13:30' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: '13:00' })).toHaveCount(0)
  await expectNoAxeViolationsInEveryLook(page, { within: '.p-appointment-modal' })

  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Ana')
  await page.getByRole('option', { name: /Ana Lopez/ }).click()
  // Booked without the choice, the refusal names the field, which is marked, focused and in view.
  await dialog.getByRole('button', { name: 'Book appointment' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please check the highlighted field: Book anyway.',
  )
  const bookAnyway = dialog.getByRole('checkbox', { name: 'Book anyway' })
  await expect(bookAnyway).toBeFocused()
  await expect(bookAnyway).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('Tick “Book anyway” to book this time.')).toBeInViewport()

  await page.keyboard.press('Space')
  await expect(bookAnyway).toBeChecked()
  await dialog.getByRole('button', { name: 'Book appointment' }).click()
  await expect(toast(page, 'Appointment booked')).toBeVisible()
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(/^13:00–13:45, Ana Lopez, Haircut/)
})

test('the address keeps view, day and filter; Back returns; Enter opens an event', async ({
  page,
}) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  await book(page, business, tuesday, '09:00')

  await page.goto(`/calendar?view=day&date=${tuesday}`)
  await expect(event(page, 'Ana Lopez')).toBeVisible()
  await page.getByRole('button', { name: 'Next day' }).click()
  await expect(event(page, 'Ana Lopez')).toHaveCount(0)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`date=${tuesday}`))
  await expect(event(page, 'Ana Lopez')).toBeVisible()

  await page
    .getByRole('radio', { name: 'Month' })
    .or(page.getByRole('button', { name: 'Month' }))
    .click()
  await expect(page).toHaveURL(/view=month/)
  await expect(event(page, 'Ana Lopez')).toBeVisible()

  // Keyboard: events are focusable and Enter opens them.
  await event(page, 'Ana Lopez').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Haircut for Ana Lopez' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  // The header's New Appointment opens the dialog over the view the user is on.
  await page.getByRole('link', { name: 'New Appointment' }).click()
  await expect(page.getByRole('dialog', { name: 'New appointment' })).toBeVisible()
  await expect(page).toHaveURL(/view=month/)
})

test('staff change only their own column', async ({ page, browser }) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  const ownersAppointment = await book(page, business, tuesday, '10:00')

  const staffEmail = uniqueEmail('calendar-staff')
  const staffMember = await apiPost<{ id: string }>(page, '/api/v1/team-members', {
    name: 'Sam Staff',
    email: staffEmail,
    permission: 'staff',
  })
  const patched = await page.request.patch(`/api/v1/services/${business.serviceId}`, {
    headers: await staffAuthHeaders(page),
    data: { team_member_ids: [business.teamMemberId, staffMember.id] },
  })
  expect(patched.status()).toBe(200)

  await createVerifiedAccount(staffEmail)
  const context = await browser.newContext()
  const staff = await context.newPage()
  await signIn(staff, staffEmail, strongPassword)
  await staff.goto(`/calendar?view=week&date=${tuesday}`)

  // The owner's appointment: visible, but neither draggable nor changeable.
  const owners = event(staff, 'Ana Lopez')
  await expect(owners).toBeVisible()
  await expect(owners).not.toHaveClass(/fc-event-draggable/)
  await owners.click()
  const dialog = staff.getByRole('dialog', { name: 'Haircut for Ana Lopez' })
  await expect(dialog).toBeVisible()
  await expect(staff).toHaveURL(new RegExp(`appointment=${ownersAppointment.id}`))
  await expect(dialog.getByRole('button', { name: 'Reschedule' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  // Booking puts them in their own column, whatever the time.
  await clickEmptyTime(staff, tuesday, '11:00')
  const form = staff.getByRole('dialog', { name: 'New appointment' })
  await expect(form.getByRole('button', { name: /Team member/ })).toHaveText(/Sam Staff/)
  await form.getByRole('combobox', { name: 'Customer' }).fill('Ana')
  await staff.getByRole('option', { name: /Ana Lopez/ }).click()
  await form.getByRole('button', { name: 'Book appointment' }).click()
  await expect(toast(staff, 'Appointment booked')).toBeVisible()
  const own = staff.locator('.fc-event', { hasText: 'Sam Staff' })
  await expect(own).toHaveAccessibleName(/^11:00–11:45, Ana Lopez, Haircut, with Sam Staff/)
  await expect(own).toHaveClass(/fc-event-draggable/)
  await context.close()
})

/** Drags an event at `from` (its start) to the time-grid cell of a day and time. */
async function dragEvent(page: Page, text: string, date: string, from: string, to: string) {
  const block = event(page, text)
  const column = page.locator(`td.fc-timegrid-col[data-date="${date}"]`)
  const lane = (time: string) => page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`)
  await lane(to).scrollIntoViewIfNeeded()
  await lane(from).scrollIntoViewIfNeeded()
  const blockBox = await block.boundingBox()
  const columnBox = await column.boundingBox()
  const fromBox = await lane(from).boundingBox()
  const toBox = await lane(to).boundingBox()
  if (!blockBox || !columnBox || !fromBox || !toBox) throw new Error('time grid not laid out')
  // Grabbed and dropped at the same point of their slots: the move is exactly to - from.
  const quarter = fromBox.height / 4
  await page.mouse.move(blockBox.x + blockBox.width / 2, fromBox.y + quarter)
  await page.mouse.down()
  const x = columnBox.x + columnBox.width / 2
  await page.mouse.move(x, toBox.y + quarter - 20, { steps: 5 })
  await page.mouse.move(x, toBox.y + quarter, { steps: 5 })
  await page.mouse.up()
}

test('a drag asks first, can leave the customer out, and is undone exactly; a bad drop says why', async ({
  page,
}) => {
  const business = await newBusiness(page)
  const tuesday = nextTuesday(business.timeZone)
  const appointment = await book(page, business, tuesday, '10:00')
  await page.goto(`/calendar?view=week&date=${tuesday}`)
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(/^10:00–10:45/)

  // A 45-minute block in the week has room for who, when and what, none of it cut off; the
  // whole sentence shows beside it on hover.
  const block = event(page, 'Ana Lopez')
  const blockBox = await block.boundingBox()
  for (const part of ['customer', 'time', 'service']) {
    const line = await block.locator(`.p-cal-event__${part}`).boundingBox()
    const inside =
      blockBox !== null &&
      line !== null &&
      line.x + line.width <= blockBox.x + blockBox.width + 0.5 &&
      line.y + line.height <= blockBox.y + blockBox.height + 0.5
    expect(inside, `the ${part} line inside the block`).toBe(true)
  }
  await expect(block.locator('.p-cal-event__service')).toHaveText('Haircut')
  const details = block.locator('.p-cal-event__details')
  await expect(details).toBeHidden()
  await block.hover()
  await expect(details).toBeVisible()
  await expect(details).toHaveText(/^10:00–10:45, Ana Lopez, Haircut, with Existing Owner/)

  // Before 09:00 the owner does not work: refused where it lands, with the reason.
  await dragEvent(page, 'Ana Lopez', tuesday, '10:00', '08:00')
  await expect(toast(page, 'Existing starts at 09:00 on Tuesdays.')).toBeVisible()
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(/^10:00–10:45/)

  await dragEvent(page, 'Ana Lopez', tuesday, '10:00', '11:30')
  const confirm = page.getByRole('dialog', { name: 'Move the appointment?' })
  // Where in the 11:30 slot the pointer lands decides the quarter: read which one it took.
  const question = /Move Ana Lopez's Haircut to Tue (11:[34][05]) with Existing Owner\?/
  await expect(confirm).toContainText(question)
  const movedTo = question.exec((await confirm.textContent()) ?? '')?.[1] ?? ''
  const notify = confirm.getByRole('switch', { name: 'Notify the customer' })
  await expect(notify).toBeChecked()
  await expect(confirm.getByRole('button', { name: 'Move' })).toBeFocused()
  await confirm.getByText('Notify the customer').click()
  await expect(notify).not.toBeChecked()
  await confirm.getByRole('button', { name: 'Move' }).click()

  const offer = page.getByRole('status').filter({ hasText: `Moved Ana Lopez to Tue ${movedTo}` })
  await expect(offer).toBeVisible()
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(new RegExp(`^${movedTo}–`))
  await offer.getByRole('button', { name: 'Undo' }).click()
  await expect(toast(page, 'Ana Lopez is back at Tue 10:00 with Existing Owner.')).toBeVisible()
  await expect(event(page, 'Ana Lopez')).toHaveAccessibleName(/^10:00–10:45/)

  const headers = await staffAuthHeaders(page)
  const log = await (await page.request.get('/api/v1/activity-log', { headers })).json()
  const summaries = (log.items as { entity_id: string; summary: string }[])
    .filter((entry) => entry.entity_id === appointment.id)
    .map((entry) => entry.summary)
  expect(summaries[0]).toMatch(/^Undid the last change of Haircut .* back to Tue .*10:00/)
  expect(summaries[1]).toContain(`to Tue`)
  expect(summaries[1]).toMatch(new RegExp(`^Rescheduled Haircut .* ${movedTo}`))
})
