import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { DEMO_OWNER } from '../../server/auth/demo-owner.ts'
import { expectNoAxeViolationsInEveryLook } from '../support/e2e/accessibility.ts'
import { signIn } from '../support/e2e/sign-in.ts'

/**
 * Insights as the demo owner on the real `npm start` path, from the dashboard's link: a failed
 * load offers Try again, last week is not empty, the last 30 days hold the demo's closed visits
 * (three no-shows), the utilisation chart reads as a table, a chart's CSV downloads, and axe
 * finds nothing in light and dark, on a desktop and at 375 px.
 * The figures themselves are held to hand-computed numbers in tests/api/insights.test.ts.
 */
test('the owner opens Insights, reads a chart as a table and exports its CSV', async ({ page }) => {
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password)
  // The first answer fails: the shared alert says so, and Try again asks once more.
  let failures = 0
  await page.route('**/api/v1/insights?*', (route) => {
    if (failures > 0) return route.continue()
    failures += 1
    return route.fulfill({ status: 503, json: { title: 'Service Unavailable', status: 503 } })
  })
  // The dashboard's way in on a Monday morning.
  await page.getByRole('link', { name: 'Last week in Insights' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible()
  const failed = page.getByRole('alert').filter({ hasText: "Couldn't load the insights" })
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect(failed).toHaveCount(0)
  // Last week unless the address says otherwise.
  await expect(page.getByRole('radio', { name: 'Last week' })).toBeChecked()
  // The demo's weeks of history: a first look shows a week of bookings and takings.
  const value = (figure: string) =>
    page.getByTestId(`insight-${figure}`).locator('.p-insights-figure__value')
  await expect(value('bookings')).toHaveText(/^[1-9]\d*$/)
  await expect(value('revenue')).toHaveText(/^\$[1-9]/)

  const last30Days = page.getByRole('radio', { name: 'Last 30 days' })
  await last30Days.click()
  await expect(last30Days).toBeChecked()
  await expect(page).toHaveURL(/\/insights\?start=\d{4}-\d\d-\d\d&end=\d{4}-\d\d-\d\d$/)
  // Three days ago, and two in the weeks of history (9 and 23 days ago).
  await expect(page.getByTestId('insight-no-shows')).toContainText(
    /3 no-shows of \d+ closed visits/,
  )

  const utilisation = page.getByRole('region', { name: 'Utilisation per team member', exact: true })
  await utilisation.getByRole('button', { name: 'Show as table' }).click()
  const table = utilisation.getByRole('table', { name: 'Utilisation per team member' })
  await expect(table.getByRole('columnheader', { name: 'Available' })).toBeVisible()
  await expect(table.getByRole('row')).not.toHaveCount(1)

  const download = page.waitForEvent('download')
  await utilisation.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(
    /^insights-utilisation-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
  )
  const csv = await readFile(await file.path(), 'utf8')
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFteam_member,booked_minutes,available_minutes,utilisation,previous_booked_minutes,previous_available_minutes,previous_utilisation',
  )

  await expectNoAxeViolationsInEveryLook(page, {
    viewports: [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ],
    within: 'main',
  })
})
