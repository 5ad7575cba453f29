import { type Browser, expect, type FrameLocator, type Page } from '@playwright/test'
import { DEMO_OWNER } from '../../../server/auth/demo-owner.ts'
import { timeZoneCity } from '../../../src/domain/time-zone-names.ts'
import { signIn } from './sign-in.ts'

/** The seeded demo business (server/db/seed.ts) that the public pages show. */
export const BUSINESS = 'harbor-street'
export const BUSINESS_TIME_ZONE = 'America/New_York'
export const PRIYA = { name: 'Priya Natarajan', email: 'priya@harbor-street.test' }

/** What the customer-info URL says was chosen: `/booking/customer-info/<service>/<member>?start=`. */
export interface ChosenSlot {
  serviceId: string
  /** A team member's id, or `any`. */
  teamMemberId: string
  startsAt: string
}

/** Service, then team member (or "Any available") where there is one to choose, up to the month of free times. */
export async function openTimes(page: Page, options: { service: string; teamMember?: string }) {
  await page.goto(`/booking?business=${BUSINESS}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  await page.getByRole('button', { name: new RegExp(options.service) }).click()
  const teamStep = page.getByRole('heading', { level: 1, name: 'Choose a team member' })
  const timeStep = page.getByRole('heading', { level: 1, name: 'Choose a time' })
  // A service only one person performs goes straight to the times.
  await expect(teamStep.or(timeStep)).toBeVisible()
  if (await teamStep.isVisible()) {
    await page
      .getByRole('button', { name: new RegExp(options.teamMember ?? 'Any available') })
      .click()
  }
  await expect(timeStep).toBeVisible()
}

/** The time step's month has loaded (its grid is no longer busy). */
export async function monthLoaded(page: Page | FrameLocator) {
  await expect(page.locator('.p-month-grid__table')).toBeVisible()
  await expect(page.locator('.p-month-grid__table[aria-busy]')).toHaveCount(0)
}

/**
 * A month with free times on screen: this one, or (late in a month, when other tests have
 * taken what was left of it) the one the picker's "Next available" opens, in any language.
 */
export async function monthWithFreeTimes(page: Page | FrameLocator) {
  await monthLoaded(page)
  const nextAvailable = page.getByRole('button', {
    name: /Next available|Nächster freier Termin|Prochaine disponibilité|Próxima disponible/,
  })
  if (await nextAvailable.isVisible()) {
    await nextAvailable.click()
    await monthLoaded(page)
  }
}

/** The first free time the month shows (its first free day is preselected), or the next month's. */
export async function chooseFirstTime(page: Page | FrameLocator) {
  await monthWithFreeTimes(page)
  await page.locator('.p-time-list__time').first().click()
}

/** A zone through the picker's search: its city typed, the first match taken with Enter. */
export async function chooseTimeZone(page: Page, timeZone: string) {
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  await zone.click()
  await zone.fill(timeZoneCity(timeZone).replace(/ \(.*\)$/, ''))
  await expect(page.getByRole('option').first()).toBeVisible()
  await zone.press('Enter')
}

/** A month's title as the picker shows it: "December 2026" in the browser's locale. */
export function monthTitle(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T12:00:00Z`))
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The first free time from a week ahead on, paging months forward past those without one. A
 * week ahead is past the 24-hour reschedule and cancellation cutoffs, so the manage link
 * offers both; each test takes the first time still free, so tests never pick the same one.
 */
export async function chooseTimeNextWeek(
  page: Page,
  words: { yourDetails: string; nextMonth: string } = {
    yourDetails: 'Your details',
    nextMonth: 'Next month',
  },
): Promise<ChosenSlot> {
  // A week from the browser's today, as the picker counts days (in the visitor's zone).
  const weekAhead = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + 7 * 86_400_000)),
  )
  await chooseTimeFrom(page, weekAhead, words.nextMonth)
  await expect(page.getByRole('heading', { level: 1, name: words.yourDetails })).toBeVisible()
  return chosenSlot(page)
}

/**
 * The first free time on or after a day (`YYYY-MM-DD`), paging months forward to it with the
 * button named `nextMonth` (in the page's language).
 */
export async function chooseTimeFrom(
  scope: Page | FrameLocator,
  from: string,
  nextMonth = 'Next month',
): Promise<void> {
  for (let month = 0; month < 4; month += 1) {
    await monthLoaded(scope)
    const free = await scope
      .locator('.p-month-grid__day[data-free]')
      .evaluateAll((days) => days.map((day) => (day as HTMLElement).dataset.date ?? ''))
    const day = free.find((date) => date >= from)
    if (day) {
      await scope.locator(`.p-month-grid__day[data-date="${day}"]`).click()
      await expect(scope.locator('.p-time-list__title')).toHaveCount(1)
      await scope.locator('.p-time-list__time').first().click()
      return
    }
    await scope.getByRole('button', { name: nextMonth }).click()
  }
  throw new Error(`No free day from ${from} on within four months`)
}

/** A day's times (`YYYY-MM-DD`, in the visitor's zone), paging months forward to it. */
export async function showDay(page: Page, day: string): Promise<void> {
  for (let month = 0; month < 4; month += 1) {
    await monthLoaded(page)
    const cell = page.locator(`.p-month-grid__day[data-date="${day}"]`)
    if ((await cell.count()) > 0) {
      await cell.click()
      return
    }
    await page.getByRole('button', { name: 'Next month' }).click()
  }
  throw new Error(`${day} is not within four months`)
}

export function chosenSlot(page: Page): ChosenSlot {
  const url = new URL(page.url())
  const match = /\/booking\/customer-info\/([\w-]+)\/([\w-]+)$/.exec(url.pathname)
  const startsAt = url.searchParams.get('start')
  if (!match || !startsAt) throw new Error(`Not at the details step: ${page.url()}`)
  return { serviceId: match[1] ?? '', teamMemberId: match[2] ?? '', startsAt }
}

/**
 * A booking made straight through the public API, with "any available" team member, at the
 * last free Signature Haircut time 9 to 30 days ahead: past the 24-hour cut-offs, and the last,
 * so the first times other tests choose stay free.
 */
export async function bookThroughApi(
  page: Page,
  customer: { name: string; email: string },
  visitor: { language: string; timeZone: string },
): Promise<{ id: string; token: string }> {
  const services = await page.request.get(`/api/v1/public/services?business=${BUSINESS}`)
  const { items } = (await services.json()) as { items: { id: string; name: string }[] }
  const service = items.find((item) => item.name === 'Signature Haircut')
  if (!service) throw new Error('The seeded business offers no Signature Haircut')
  const day = 86_400_000
  const query = new URLSearchParams({
    business: BUSINESS,
    service_id: service.id,
    from: new Date(Date.now() + 9 * day).toISOString(),
    to: new Date(Date.now() + 30 * day).toISOString(),
  })
  const free = await page.request.get(`/api/v1/public/availability?${query}`)
  expect(free.status(), await free.text()).toBe(200)
  const { slots } = (await free.json()) as { slots: { starts_at: string }[] }
  const slot = slots.at(-1)
  if (!slot) throw new Error('No free time three weeks ahead')
  const booked = await page.request.post(`/api/v1/public/bookings?business=${BUSINESS}`, {
    data: {
      service_id: service.id,
      team_member_id: null,
      starts_at: slot.starts_at,
      customer,
      time_zone: visitor.timeZone,
      language: visitor.language,
    },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const body = (await booked.json()) as { appointment: { id: string }; manage_token: string }
  return { id: body.appointment.id, token: body.manage_token }
}

export async function fillDetails(page: Page, customer: { name: string; email: string }) {
  await page.getByLabel('Name').fill(customer.name)
  await page.getByLabel('E-mail').fill(customer.email)
}

/** The demo owner, signed in on a desktop-sized page of its own: the staff side. */
export async function signInAsStaff(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password)
  return page
}

interface StaffAppointment {
  id: string
  team_member_id: string
  customer_email: string | null
  starts_at: string
  ends_at: string
  status: string
}

/** The appointments that overlap a range, as the staff API lists them to the signed-in owner. */
export async function staffAppointments(
  staff: Page,
  range: { from: string; to: string },
): Promise<StaffAppointment[]> {
  const token = await staff.evaluate(() => localStorage.getItem('authToken'))
  const query = new URLSearchParams(range)
  const response = await staff.request.get(`/api/v1/appointments?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { items: StaffAppointment[] }).items
}

/**
 * A day (`YYYY-MM-DD`) some weeks ahead at the business on a given weekday (0 Sunday … 6
 * Saturday): far from the days the booking flows take their first free times on.
 */
export function businessWeekdayAhead(weekday: number, weeks: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(
    new Date(),
  )
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7) + 7 * weeks)
  return date.toISOString().slice(0, 10)
}

/** The instant of a New York wall-clock time on `date` (EST or EDT, whichever is in force). */
export function businessInstant(date: string, time: string): string {
  for (const offset of ['-05:00', '-04:00']) {
    const instant = new Date(`${date}T${time}:00${offset}`)
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone: BUSINESS_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant)
    if (shown === time) return instant.toISOString()
  }
  throw new Error(`no ${time} on ${date} in New York`)
}

/** The calendar date (`YYYY-MM-DD`) an instant falls on at the business. */
export function businessDate(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(
    new Date(instant),
  )
}

/** A week from the browser's today (`YYYY-MM-DD`), as the picker counts days (in its zone). */
export function weekAhead(page: Page): Promise<string> {
  return page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + 7 * 86_400_000)),
  )
}

/**
 * The manage page's move, once a new time is tapped: it only proposes the time (the panel takes
 * the focus), "Move it" moves the appointment, and the outcome takes the focus, in view.
 */
export async function confirmMove(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Move your appointment?' })).toBeFocused()
  await page.getByRole('button', { name: 'Move it' }).click()
  const outcome = page.getByRole('status').filter({ hasText: /Your appointment is now on/ })
  await expect(outcome).toBeFocused()
  await expect(outcome).toBeInViewport()
}
