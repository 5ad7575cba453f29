import { expect, test } from '@playwright/test'
import { DEMO_OWNER } from '../../server/auth/demo-owner.ts'
import { type CalDavServer, startRadicale } from '../support/caldav/caldav-servers.ts'
import {
  eventText,
  getObject,
  makeCalendar,
  objectHrefs,
  putObject,
} from '../support/caldav/calendar-fixtures.ts'
import { expectNoAxeViolationsInEveryLook } from '../support/e2e/accessibility.ts'
import {
  BUSINESS_TIME_ZONE,
  businessInstant,
  businessWeekdayAhead,
  fillDetails,
  monthLoaded,
  openTimes,
  PRIYA,
  showDay,
} from '../support/e2e/public-booking.ts'
import { signIn } from '../support/e2e/sign-in.ts'

/*
 * Issue 25 end to end, one flow: Priya connects her calendar on a Radicale this file starts,
 * sees its dentist's appointment as a busy block in the team day view, a customer on the
 * public booking page is not offered those times, and the booking they make appears on the
 * Radicale server, in the calendar Priya chose to add bookings to.
 */

// The business's own zone for the browser too: the booking page's times are then its times.
test.use({ timezoneId: BUSINESS_TIME_ZONE, viewport: { width: 1280, height: 900 } })

/** A Thursday five weeks ahead (Priya works 9–17), away from the days other files book on. */
const day = businessWeekdayAhead(4, 5)
let radicale: CalDavServer
let work: string

test.beforeAll(async () => {
  radicale = await startRadicale()
  work = await makeCalendar(radicale, 'work', { name: 'Work' })
  await putObject(
    radicale,
    work,
    'dentist.ics',
    eventText({
      uid: 'dentist@example.test',
      start: businessInstant(day, '10:00'),
      end: businessInstant(day, '12:00'),
      summary: 'Dentist',
    }),
  )
})

test.afterAll(async () => {
  await radicale?.stop()
})

test('a member connects a CalDAV calendar: its busy time blocks booking, and a booking is written into it', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password)

  // The owner opens Priya's Calendars from the team list.
  await page.goto('/team')
  await page.getByRole('link', { name: PRIYA.name }).first().click()
  await page
    .getByRole('navigation', { name: `${PRIYA.name}: pages` })
    .getByRole('link', { name: 'Calendars' })
    .click()
  await expect(page.getByRole('heading', { name: 'No calendars connected yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Connect a calendar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect a calendar' })
  await dialog.getByText('Other CalDAV server', { exact: true }).click()
  await expect(dialog.getByRole('radio', { name: 'Other CalDAV server' })).toBeChecked()
  await dialog.getByLabel('Server address').fill(radicale.origin)
  await dialog.getByLabel('Username').fill(radicale.username)
  await dialog.getByLabel('Password').fill(radicale.password)
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog).toBeHidden()

  const account = page.getByRole('region', { name: /alice/ })
  await expect(account.getByRole('switch', { name: 'Check Work for conflicts' })).toBeChecked()
  await expect(account.getByText(/^Synced/)).toBeVisible()
  // Listed again after a reload. (Which also clears react-aria's live region: the team list's
  // table left an announcement there naming a label that left with it, which axe would count.)
  await page.reload()
  await expect(account.getByText(/^Synced/)).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page, {
    viewports: [{ width: 375, height: 812 }],
    label: 'Calendars',
  })
  await page.getByRole('button', { name: /Add new bookings to/ }).click()
  await page.getByRole('option', { name: /^Work/ }).click()
  await expect(account.getByText('Bookings added here')).toBeVisible()

  // The team day view shows the dentist as a busy block in Priya's column; a click says busy.
  await page.goto(`/calendar?view=day&date=${day}`)
  const busy = page.getByRole('button', {
    name: `Busy 10:00–12:00 in ${PRIYA.name}’s own calendar: Dentist`,
  })
  await busy.click()
  await expect(page.getByText('Busy then')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A customer is not offered Priya's times that overlap it (a 45-minute haircut; Priya
  // lunches 12–13).
  const customer = await (await browser.newContext({ timezoneId: BUSINESS_TIME_ZONE })).newPage()
  await openTimes(customer, { service: 'Signature Haircut', teamMember: PRIYA.name })
  await showDay(customer, day)
  await monthLoaded(customer)
  const times = customer.locator('.p-time-list__time')
  await expect(times.first()).toBeVisible()
  const offered = await times.evaluateAll((buttons) =>
    buttons.map((button) => new Date((button as HTMLElement).dataset.starts ?? '').toISOString()),
  )
  expect(offered).toContain(businessInstant(day, '09:00'))
  expect(offered).toContain(businessInstant(day, '13:00'))
  for (const taken of ['09:30', '10:00', '11:00']) {
    expect(offered).not.toContain(businessInstant(day, taken))
  }

  // The customer books 13:00 (after Priya's lunch); the booking appears in Priya's Work calendar on Radicale.
  await times.nth(offered.indexOf(businessInstant(day, '13:00'))).click()
  await fillDetails(customer, { name: 'Sam Rivera', email: 'sam.rivera@example.test' })
  await customer.getByRole('button', { name: 'Book now' }).click()
  await expect(customer.getByText("You're booked, Sam Rivera")).toBeVisible()
  // Priya's other upcoming appointments were written there too when Work was chosen.
  const booked = `DTSTART:${businessInstant(day, '13:00').replace(/[-:]|\.\d{3}/g, '')}`
  const writtenAt = async () => {
    const hrefs = await objectHrefs(radicale, work)
    const objects = await Promise.all(hrefs.map((href) => getObject(radicale, href)))
    return objects.filter((object) => object?.text.includes(booked)).length
  }
  await expect.poll(writtenAt, { timeout: 20_000 }).toBe(1)
})
