import type { Page } from '@playwright/test'

export interface Point {
  x: number
  y: number
}

/**
 * One finger on the page, through Chromium's own input pipeline (CDP `Input.dispatchTouchEvent`),
 * so the page sees what a phone gives it: touch and pointer events, and the browser's own scroll
 * of a swipe, which a script's synthetic events would not cause. Playwright's `page.touchscreen`
 * only taps.
 */
export async function fingerOn(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
  let at: Point = { x: 0, y: 0 }
  const touch = (type: 'touchStart' | 'touchMove', point: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [point] })

  const finger = {
    async down(point: Point) {
      at = point
      await touch('touchStart', point)
    },
    /** To `point` in even steps, a frame apart. */
    async moveTo(point: Point, steps = 8) {
      const from = at
      for (let step = 1; step <= steps; step += 1) {
        at = {
          x: from.x + ((point.x - from.x) * step) / steps,
          y: from.y + ((point.y - from.y) * step) / steps,
        }
        await touch('touchMove', at)
        await page.waitForTimeout(16)
      }
    },
    async up() {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    },
    /** A quick swipe from one point to another (well under a long press). */
    async swipe(from: Point, to: Point) {
      await finger.down(from)
      await finger.moveTo(to)
      await finger.up()
    },
    /** A finger resting on `point` for `ms`, then still down. */
    async press(point: Point, ms = 650) {
      await finger.down(point)
      await page.waitForTimeout(ms)
    },
  }
  return finger
}
