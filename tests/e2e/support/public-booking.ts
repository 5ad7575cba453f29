import { type Browser, expect, type Page } from '@playwright/test'
import { DEMO_OWNER } from '../../../server/auth/demo-owner.ts'

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

/** Service, then team member (or "Any available"), up to the week of free times. */
export async function openTimes(page: Page, options: { service: string; teamMember?: string }) {
  await page.goto(`/booking?business=${BUSINESS}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  await page.getByRole('button', { name: new RegExp(options.service) }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a team member' })).toBeVisible()
  await page
    .getByRole('button', { name: new RegExp(options.teamMember ?? 'Any available') })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible()
}

/**
 * The first free time from next week on, paging forward past weeks without one. Next week is
 * past the 24-hour reschedule and cancellation cutoffs, so the manage link offers both; each
 * test takes the first time still free, so tests never pick the same one.
 */
export async function chooseTimeNextWeek(page: Page): Promise<ChosenSlot> {
  const times = page.locator('.p-slot-picker__time')
  const nextWeek = page.getByRole('button', { name: /Next week/ }).first()
  for (let week = 0; week < 6; week += 1) {
    await nextWeek.click()
    await expect(times.first().or(page.getByText(/No free times this week/))).toBeVisible()
    if (await times.first().isVisible()) break
  }
  await times.first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible()
  return chosenSlot(page)
}

export function chosenSlot(page: Page): ChosenSlot {
  const url = new URL(page.url())
  const match = /\/booking\/customer-info\/([\w-]+)\/([\w-]+)$/.exec(url.pathname)
  const startsAt = url.searchParams.get('start')
  if (!match || !startsAt) throw new Error(`Not at the details step: ${page.url()}`)
  return { serviceId: match[1] ?? '', teamMemberId: match[2] ?? '', startsAt }
}

export async function fillDetails(page: Page, customer: { name: string; email: string }) {
  await page.getByLabel('Name').fill(customer.name)
  await page.getByLabel('E-mail').fill(customer.email)
}

/** The demo owner, signed in on a desktop-sized page of its own: the staff side. */
export async function signInAsStaff(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('Email').fill(DEMO_OWNER.email)
  await page.getByLabel('Password').fill(DEMO_OWNER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
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

/** The calendar date (`YYYY-MM-DD`) an instant falls on at the business. */
export function businessDate(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(
    new Date(instant),
  )
}
