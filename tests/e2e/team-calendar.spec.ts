import { expect, type Locator, type Page, test } from '@playwright/test'
import { DEMO_OWNER } from '../../server/auth/demo-owner.ts'
import { expectNoAxeViolationsInEveryLook } from '../support/e2e/accessibility.ts'
import { businessInstant, businessWeekdayAhead } from '../support/e2e/public-booking.ts'
import { signIn } from '../support/e2e/sign-in.ts'
import { addCustomerViaApi, staffApi } from '../support/e2e/staff-api.ts'
import { fingerOn } from '../support/e2e/touch.ts'

/*
 * The team day view on the demo business (Priya Mon–Fri 9–17 with lunch 12–13, Diego Wed–Sun
 * 11–19 with breaks 14:00–14:45 and 17:00–17:15, the owner Tue–Sat 10–18 with lunch 13–14): a
 * column per member with their breaks shaded, a pointer drag to a colleague's column, a drop
 * refused with its reason, a keyboard move, the phone layout with a finger's long-press drag and
 * day swipes, and axe in light and dark.
 */

// The browser lives elsewhere than the business: the columns must show business time.
test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } })

/** A column's body by the member's name (its header says the name). */
async function columnOf(page: Page, name: string): Promise<Locator> {
  const heads = await page.locator('.p-team-day__head').allTextContents()
  const index = heads.findIndex((text) => text.includes(name))
  expect(index, `a column for ${name}`).toBeGreaterThanOrEqual(0)
  return page.locator('.p-team-col').nth(index)
}

/** The point of a column at a business wall-clock time, from the axis labels. */
async function pointAt(page: Page, name: string, time: string) {
  const body = await columnOf(page, name)
  const box = await body.boundingBox()
  const first = (await page.locator('.p-team-day__hour').first().textContent()) ?? '00:00'
  const minutes = Number(await body.getAttribute('data-minutes'))
  const [h, m] = time.split(':').map(Number) as [number, number]
  const [fh] = first.split(':').map(Number) as [number]
  if (!box) throw new Error('column not laid out')
  return {
    x: box.x + box.width / 2,
    y: box.y + ((h * 60 + m - fh * 60) / minutes) * box.height,
  }
}

/** Drags a block by its top edge (a few pixels in) to a column and time. */
async function drag(page: Page, block: Locator, to: { name: string; time: string }) {
  await block.scrollIntoViewIfNeeded()
  const from = await block.boundingBox()
  if (!from) throw new Error('block not laid out')
  const target = await pointAt(page, to.name, to.time)
  await page.mouse.move(from.x + from.width / 2, from.y + 4)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 3 })
  await page.mouse.move(target.x, target.y + 4, { steps: 8 })
}

/** A new customer's 45-minute Signature Haircut with Priya at a New York time on `day`. */
async function bookHaircutWithPriya(page: Page, day: string, time: string, who: string) {
  const services = await staffApi<{ items: { id: string; name: string }[] }>(
    page,
    'GET',
    '/api/v1/services?limit=100',
  )
  const team = await staffApi<{ items: { id: string; name: string }[] }>(
    page,
    'GET',
    '/api/v1/team-members?limit=100',
  )
  const haircut = services.items.find((service) => service.name === 'Signature Haircut')
  const priya = team.items.find((member) => member.name === 'Priya Natarajan')
  const customer = await addCustomerViaApi(page, { name: `${who} ${Date.now()}` })
  await staffApi(page, 'POST', '/api/v1/appointments', {
    service_id: haircut?.id,
    team_member_id: priya?.id,
    customer_id: customer.id,
    starts_at: businessInstant(day, time),
    override_working_hours: false,
  })
  return customer
}

/** `date` moved by whole days. */
function daysAfter(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

test('the team day: a column each, breaks shaded, a refused drop, a drag to a colleague undone, a keyboard move', async ({
  page,
}) => {
  // A Wednesday (all three work), far from the days other files book on.
  const day = businessWeekdayAhead(3, 9)
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password)
  const customer = await bookHaircutWithPriya(page, day, '09:30', 'Dana Drag')

  await page.goto(`/calendar?view=day&date=${day}`)
  const heads = page.locator('.p-team-day__head')
  await expect(heads).toHaveCount(3)
  await expect(heads.filter({ hasText: 'Priya Natarajan' })).toContainText('PN')
  // Each member's own breaks, written on their column.
  await expect(await columnOf(page, 'Priya Natarajan')).toContainText('Break 12:00–13:00')
  await expect(await columnOf(page, 'Diego Alvarez')).toContainText('Break 14:00–14:45')
  await expect(await columnOf(page, 'Morgan Lee')).toContainText('Break 13:00–14:00')

  const block = page.getByRole('button', {
    name: new RegExp(`^09:30–10:15, ${customer.name}, Signature Haircut, with Priya`),
  })
  await expect(block).toBeVisible()
  await expect(block).toContainText('Signature Haircut')

  // Dropped on Diego at 09:30, before his day starts: refused there, with the reason.
  await drag(page, block, { name: 'Diego Alvarez', time: '09:30' })
  const ghost = page.locator('.p-team-col__ghost')
  const notYet = 'Diego starts at 11:00 on Wednesdays.'
  await expect(ghost).toContainText(notYet)
  await page.mouse.up()
  await expect(page.getByRole('status').filter({ hasText: `Not moved: ${notYet}` })).toHaveCount(1)
  await expect(block).toBeVisible()
  await expect(ghost).toHaveCount(0)

  // Dropped on Diego at 11:00: asked first, moved to his column, then taken back with Undo.
  await drag(page, block, { name: 'Diego Alvarez', time: '11:00' })
  await expect(ghost).toContainText('11:00–11:45')
  await page.mouse.up()
  const confirm = page.getByRole('dialog', { name: 'Move the appointment?' })
  await expect(confirm).toContainText(`with Diego`)
  await confirm.getByText('Notify the customer').click()
  await confirm.getByRole('button', { name: 'Move' }).click()
  const moved = page.getByRole('button', {
    name: new RegExp(`^11:00–11:45, ${customer.name}, Signature Haircut, with Diego`),
  })
  await expect(moved).toBeVisible()
  await expect(await columnOf(page, 'Diego Alvarez')).toContainText(customer.name)
  const offer = page.getByRole('status').filter({ hasText: `Moved ${customer.name} to` })
  await offer.getByRole('button', { name: 'Undo' }).click()
  await expect(block).toBeVisible()
  await expect(await columnOf(page, 'Diego Alvarez')).not.toContainText(customer.name)

  // By keyboard: M picks it up, Down moves by 15 minutes, Enter drops; each step is announced.
  await block.focus()
  await page.keyboard.press('m')
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown')
  await expect(
    page.getByRole('status').filter({ hasText: '10:30–11:15 with Priya Natarajan' }),
  ).toHaveCount(1)
  await page.keyboard.press('Enter')
  await expect(confirm.getByRole('button', { name: 'Move' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^10:30–11:15, ${customer.name}, Signature Haircut, with Priya`),
    }),
  ).toBeVisible()

  // The Team filter: who is shown and in what order, remembered by this browser.
  await page.getByRole('button', { name: /^Team/ }).click()
  const filter = page.getByRole('dialog', { name: 'Team shown in the day view' })
  await filter.locator('label', { hasText: 'Morgan Lee' }).click()
  await expect(filter.getByRole('checkbox', { name: 'Morgan Lee' })).not.toBeChecked()
  await filter.getByRole('button', { name: 'Move Priya Natarajan up' }).click()
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(heads).toHaveText([/Diego Alvarez/, /Priya Natarajan/])

  await expectNoAxeViolationsInEveryLook(page, { within: 'main', label: 'team day' })
})

test('on a phone: a compact header, a strip of days, the grid above the fold, columns scroll sideways, a finger moves blocks and swipes days', async ({
  page,
}) => {
  // A Wednesday (all three work), far from the days other files book on.
  const day = businessWeekdayAhead(3, 9)
  await page.setViewportSize({ width: 375, height: 812 })
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password)
  const customer = await bookHaircutWithPriya(page, day, '15:00', 'Tara Touch')
  await page.goto(`/calendar?view=day&date=${day}`)
  const grid = page.locator('.p-team-day')
  await expect(grid).toBeVisible()
  const heading = page.getByRole('heading', { level: 2 })
  await expect(heading).toHaveText(/^Wed, \w+ \d+/)
  const box = await grid.boundingBox()
  expect(box?.y ?? 812).toBeLessThan(812 * 0.4)
  expect(await grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)

  // A finger: a swipe that starts on a block scrolls the grid and picks nothing up.
  const finger = await fingerOn(page)
  const ghost = page.locator('.p-team-col__ghost')
  const block = page.getByRole('button', { name: new RegExp(`^15:00–15:45, ${customer.name}`) })
  await block.scrollIntoViewIfNeeded()
  const onBlock = async () => {
    const place = await block.boundingBox()
    if (!place) throw new Error('block not laid out')
    return { x: place.x + place.width / 2, y: place.y + 12 }
  }
  const scrollTop = () => grid.evaluate((element) => element.scrollTop)
  const scrolledFrom = await scrollTop()
  const start = await onBlock()
  await finger.swipe(start, { x: start.x, y: start.y - 120 })
  await expect.poll(scrollTop).toBeGreaterThan(scrolledFrom)
  await expect(ghost).toHaveCount(0)

  // A long press picks it up; dragged past Priya's day it is refused there, with the reason.
  const hour =
    (await pointAt(page, 'Priya Natarajan', '16:00')).y -
    (await pointAt(page, 'Priya Natarajan', '15:00')).y
  const held = await onBlock()
  await finger.press(held)
  await expect(ghost).toContainText('15:00–15:45')
  await finger.moveTo({ x: held.x, y: held.y + hour * 1.5 })
  const tooLate = 'Priya finishes at 17:00 on Wednesdays.'
  await expect(ghost).toContainText(tooLate)
  await finger.up()
  await expect(page.getByRole('status').filter({ hasText: `Not moved: ${tooLate}` })).toHaveCount(1)
  await expect(ghost).toHaveCount(0)

  // Held again and dropped an hour later: asked first, then moved.
  const again = await onBlock()
  await finger.press(again)
  await finger.moveTo({ x: again.x, y: again.y + hour })
  await expect(ghost).toContainText('16:00–16:45')
  await finger.up()
  await page
    .getByRole('dialog', { name: 'Move the appointment?' })
    .getByRole('button', { name: 'Move' })
    .click()
  await expect(
    page.getByRole('button', { name: new RegExp(`^16:00–16:45, ${customer.name}`) }),
  ).toBeVisible()

  // Sideways swipes on the empty grid: the columns scroll first; at their end the day changes,
  // the strip and the announced heading follow.
  await grid.evaluate((element) => {
    element.scrollTop = 0
    element.scrollLeft = 0
  })
  const early = await pointAt(page, 'Priya Natarajan', '08:30')
  const gridBox = await grid.boundingBox()
  const right = { x: (gridBox?.x ?? 0) + (gridBox?.width ?? 375) * 0.8, y: early.y }
  const left = { x: right.x - 160, y: early.y }
  const scrollLeft = () => grid.evaluate((element) => element.scrollLeft)
  // A swipe is quick (SWIPE_MAX_MS); on two busy cores the three touch events of one can take
  // longer, and then, as for a person, the swipe is made again. Each try waits long enough for a
  // swipe that did count, so one never counts twice.
  const swipeToDay = (from: typeof left, to: typeof left, date: string) =>
    expect(async () => {
      await finger.swipe(from, to)
      await expect(page).toHaveURL(new RegExp(`date=${date}`), { timeout: 5_000 })
    }).toPass({ timeout: 30_000 })
  await finger.swipe(right, left)
  await expect.poll(scrollLeft).toBeGreaterThan(0)
  await expect(page).toHaveURL(new RegExp(`date=${day}`))
  await grid.evaluate((element) => {
    element.scrollLeft = element.scrollWidth
  })
  await swipeToDay(right, left, daysAfter(day, 1))
  await expect(heading).toHaveText(/^Thu, \w+ \d+/)
  await expect(page.locator('.p-date-strip [aria-current="date"]')).toHaveAccessibleName(
    /^Thursday/,
  )
  // The next day opens on its first columns, so a swipe the other way goes straight back.
  await expect.poll(scrollLeft).toBe(0)
  await swipeToDay(left, right, day)
  await expect(heading).toHaveText(/^Wed, \w+ \d+/)

  // The strip of days by keyboard: the shown day is its one tab stop, Right goes to the next.
  const shownDay = page.locator('.p-date-strip [aria-current="date"]')
  await shownDay.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/)
  await expect(page).not.toHaveURL(new RegExp(`date=${day}`))
  await expect(page.locator('.p-date-strip [aria-current="date"]')).toBeFocused()

  // The rest of the controls wait in a menu.
  await page.getByRole('button', { name: 'Calendar options' }).click()
  const options = page.getByRole('dialog', { name: 'Calendar options' })
  await expect(
    options.getByRole('radio', { name: 'Week' }).or(options.getByRole('button', { name: 'Week' })),
  ).toBeVisible()
  await expect(options.getByRole('switch', { name: 'Show cancelled' })).toBeVisible()
  await page.keyboard.press('Escape')

  await expectNoAxeViolationsInEveryLook(page, { within: 'main', label: 'team day on a phone' })
})
