import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

interface AxeCheck {
  /** A selector the check is limited to (the whole page when absent). */
  within?: string
  /** Only the serious and critical violations count (where a third-party widget is minor). */
  seriousOnly?: boolean
  /** Said before each violation, so that a failure names the page or look it was on. */
  label?: string
}

/**
 * Waits for the page's finite animations and transitions to end. A colour transition (a theme
 * switched just before, a dialog fading in) would otherwise be measured halfway: CI saw a
 * label at 2.9:1 on its way from the dark palette to the light one.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().endTime !== Infinity,
      )
      .map((animation) => animation.finished.catch(() => undefined))
    // A slow animation may run on: axe then measures it as it is, as before.
    return Promise.race([Promise.all(ending), new Promise((done) => setTimeout(done, 1000))])
  })
}

/**
 * axe for the page as it is. A page without frames is scanned by `axe.run` in the page itself
 * (the builder's legacy mode): the default, made for frames of any origin, runs each frame's
 * part and then merges them in a new blank tab, axe injected into it afresh, which was about
 * two thirds of a scan's time (4.4 s of 5 s on the busy machine; the audit itself 0.6 s). A page
 * with frames (an embedded booking page) keeps the default, so axe looks into them too.
 */
function axeFor(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page })
  return page.frames().length > 1 ? builder : builder.setLegacyMode()
}

/** axe finds no violation on the page as it is now, once its transitions have ended. */
export async function expectNoAxeViolations(page: Page, check: AxeCheck = {}): Promise<void> {
  await settleAnimations(page)
  const builder = axeFor(page)
  const { violations } = await (check.within ? builder.include(check.within) : builder).analyze()
  const counted = check.seriousOnly
    ? violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    : violations
  const prefix = check.label ? `${check.label} ` : ''
  expect(
    counted.map(
      (violation) =>
        `${prefix}${violation.id}: ${violation.help} (${violation.nodes[0]?.html ?? ''})`,
    ),
  ).toEqual([])
}

type Viewport = { width: number; height: number }

interface EveryLookCheck {
  viewports?: Viewport[]
  within?: string
  label?: string
  /**
   * Runs in each look before the page is scanned as it is, to check another state of the same
   * page in that look too (a list opened, scanned, closed again): one visit instead of one per
   * look. It gets the look's name for its labels.
   */
  inEachLook?: (look: string) => Promise<void>
}

/**
 * axe finds no violation in the light and the dark scheme (the app follows the system's), on
 * each of `viewports` (the current one when none is given). The page is left in the light
 * scheme at the size it had.
 */
export async function expectNoAxeViolationsInEveryLook(
  page: Page,
  { viewports, within, label, inEachLook }: EveryLookCheck = {},
): Promise<void> {
  const before = page.viewportSize()
  if (!before) throw new Error('a page without a fixed viewport cannot be put back as it was')
  for (const viewport of viewports ?? [before]) {
    await page.setViewportSize(viewport)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/p-dark/)
      else await expect(page.locator('html')).not.toHaveClass(/p-dark/)
      const look = label
        ? `${label} ${viewport.width}px ${colorScheme}`
        : `${viewport.width}px ${colorScheme}`
      await inEachLook?.(look)
      await expectNoAxeViolations(page, { within, label: look })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(before)
}
