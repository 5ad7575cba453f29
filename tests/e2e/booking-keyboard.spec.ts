import { expect, type Page, test } from '@playwright/test'
import { manageUrl } from '../../shared/booking-links.ts'
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInEveryLook,
} from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import {
  BUSINESS,
  BUSINESS_TIME_ZONE,
  bookThroughApi,
  monthLoaded,
  monthWithFreeTimes,
  openTimes,
} from '../support/e2e/public-booking.ts'

/**
 * The wizard with the keyboard alone, against the real app and the seeded demo business: a
 * whole booking in at most 25 key presses besides the typed name and e-mail, and the time step
 * (month grid, zone search, clock switch, the day's times) without axe violations in light and
 * dark, on a phone and on a desktop. Rescheduling from the manage link uses the same picker,
 * with the same keys, and is checked with axe in light and dark on a phone.
 */

const KEY_BUDGET = 25

/** Presses keys and counts them; typing is not counted. */
class Keyboard {
  presses = 0
  constructor(private readonly page: Page) {}

  async press(key: string) {
    this.presses += 1
    await this.page.keyboard.press(key)
  }

  /** Tabs until the focused element's name matches, counting every Tab. */
  async tabTo(name: RegExp) {
    for (let tries = 0; tries < 30; tries += 1) {
      await this.press('Tab')
      if (name.test(await focusedName(this.page))) return
    }
    throw new Error(`Tab never reached ${name}`)
  }
}

/** What a screen reader would roughly call the focused element: its label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element) return ''
    const label = element.id
      ? document.querySelector(`label[for="${element.id}"]`)?.textContent
      : null
    return `${element.getAttribute('aria-label') ?? ''} ${label ?? ''} ${element.textContent ?? ''}`
  })
}

test.use({ viewport: { width: 375, height: 812 } })

test(`a whole booking with the keyboard alone takes at most ${KEY_BUDGET} key presses`, async ({
  page,
}) => {
  const keys = new Keyboard(page)
  await page.goto(`/booking?business=${BUSINESS}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()

  await keys.tabTo(/Signature Haircut/)
  await keys.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a team member' })).toBeVisible()
  await keys.tabTo(/Any available/)
  await keys.press('Enter')

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible()
  await monthWithFreeTimes(page)
  // The grid is one Tab stop, on the first free day (preselected); the day's times are one more.
  await keys.tabTo(/^\s*\w+day, /)
  await expect(page.locator('.p-month-grid__day:focus')).toHaveAttribute('data-free', 'true')
  await keys.tabTo(/\d{1,2}:\d{2}/)
  await expect(page.getByRole('radio').first()).toBeFocused()
  await keys.press('Enter')

  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeFocused()
  await keys.tabTo(/^\s*Name/)
  await page.keyboard.type('Kai Keys')
  await keys.tabTo(/E-mail/)
  await page.keyboard.type(uniqueEmail('keys'))
  // Enter in a field sends the form, as in any web form: the optional phone and notes, the
  // privacy notice's link and "Book now" are not Tabbed through (the keyboard booking in
  // public-booking.spec.ts Tabs to the button).
  await keys.press('Enter')
  await expect(page.getByText("You're booked, Kai Keys")).toBeVisible()

  console.info(`keyboard booking: ${keys.presses} key presses besides typing`)
  expect(keys.presses).toBeLessThanOrEqual(KEY_BUDGET)
})

test('the grid pages months with PageDown and PageUp, the focus following; the clock switch is remembered', async ({
  page,
}) => {
  await openTimes(page, { service: 'Signature Haircut' })
  await monthWithFreeTimes(page)
  // An American browser starts on the 12-hour clock; Space on the switch turns it to 24 hours,
  // which the times show at once and still show after a reload.
  const clock = page.getByRole('switch', { name: '24-hour clock' })
  const firstTime = page.locator('.p-time-list__time').first()
  await expect(clock).not.toBeChecked()
  await expect(firstTime).toHaveText(/^\d{1,2}:\d{2}\s[AP]M$/)
  await clock.focus()
  await page.keyboard.press('Space')
  await expect(clock).toBeChecked()
  await expect(firstTime).toHaveText(/^\d{2}:\d{2}$/)
  await page.reload()
  await monthWithFreeTimes(page)
  await expect(clock).toBeChecked()
  await expect(firstTime).toHaveText(/^\d{2}:\d{2}$/)

  const title = page.locator('#month-grid-title')
  const before = await title.textContent()
  await page.locator('.p-month-grid__day[tabindex="0"]').focus()
  await page.keyboard.press('PageDown')
  await expect(title).not.toHaveText(before ?? '')
  await monthLoaded(page)
  // The focus follows into the new month, on a day of it.
  await expect(page.locator('.p-month-grid__day:focus')).toHaveCount(1)
  await page.keyboard.press('PageUp')
  await expect(title).toHaveText(before ?? '')
})

test('the time step, its zone search open and closed, has no axe violations in light and dark, on a phone and a desktop', async ({
  page,
}) => {
  await openTimes(page, { service: 'Signature Haircut' })
  await monthWithFreeTimes(page)
  await expect(page.getByRole('radio').first()).toBeVisible()
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  const zones = page.getByRole('listbox', { name: 'Time zone' }).getByRole('option')
  // One visit, every look: a page opened afresh for each of the four was most of the time.
  await expectNoAxeViolationsInEveryLook(page, {
    viewports: [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ],
    // The zone search open, too: its list is part of the step.
    inEachLook: async (look) => {
      await zone.click()
      await expect(zones.first()).toBeVisible()
      await expectNoAxeViolations(page, { label: `${look}, zone search open` })
      await page.keyboard.press('Escape')
      await expect(zones).toHaveCount(0)
    },
  })
})

test('rescheduling offers the same month picker, by keyboard, without axe violations', async ({
  page,
}) => {
  const keys = new Keyboard(page)
  // Booked through the API: the wizard's way to the manage link is booking-wizard.spec.ts's.
  const { id, token } = await bookThroughApi(
    page,
    { name: 'Rae Move', email: uniqueEmail('move') },
    { language: 'en', timeZone: BUSINESS_TIME_ZONE },
  )
  await page.goto(manageUrl(id, token, BUSINESS))
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible()

  await page.getByRole('button', { name: 'Reschedule' }).focus()
  await keys.press('Enter')
  // The part that opened takes the focus: the button pressed is gone.
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeFocused()
  // Late in a month the other tests may have taken what was left of it (29 November, 20:20).
  await monthWithFreeTimes(page)
  await expect(page.getByRole('radio').first()).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page, { label: 'choosing a new time' })

  // One Tab stop for the grid (on the preselected free day), one for the day's times.
  await keys.tabTo(/^\s*\w+day, /)
  await expect(page.locator('.p-month-grid__day:focus')).toHaveAttribute('data-free', 'true')
  await keys.press('PageDown')
  await monthLoaded(page)
  await expect(page.locator('.p-month-grid__day:focus')).toHaveCount(1)
  await keys.press('PageUp')
  await monthLoaded(page)
  await keys.tabTo(/\d{1,2}:\d{2}/)
  const times = page.getByRole('radio')
  await expect(times.first()).toBeFocused()
  // The first free day is often today, whose times the shard's other bookings use up: with one
  // time left, ArrowDown stays on it (the list stops at its ends).
  const count = await times.count()
  await keys.press('ArrowDown')
  await expect(times.nth(Math.min(1, count - 1))).toBeFocused()
  await keys.press('Enter')
  // The time is only proposed: the panel to confirm it takes the focus, under the times.
  await expect(page.getByRole('heading', { name: 'Move your appointment?' })).toBeFocused()
  await expectNoAxeViolationsInEveryLook(page, { label: 'move proposed' })
  await keys.tabTo(/^\s*Move it$/)
  await keys.press('Enter')
  // The outcome takes the focus, in view, in both schemes without violations.
  const outcome = page.getByRole('status').filter({ hasText: /Your appointment is now on/ })
  await expect(outcome).toBeFocused()
  await expect(outcome).toBeInViewport()
  await expectNoAxeViolationsInEveryLook(page, { label: 'moved' })
})
