import { expect, test } from '@playwright/test'
import { manageUrl } from '../../shared/booking-links.ts'
import { expectNoAxeViolationsInEveryLook } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import { BUSINESS, bookThroughApi, monthWithFreeTimes } from '../support/e2e/public-booking.ts'

/**
 * The customer's self-service pages (manage link, my appointments) in the visitor's language:
 * a German browser on the seeded business, which follows the visitor's language. The manage
 * page's words, dates and messages are German, and it has no axe violations in light and dark
 * on a phone.
 */

test.use({ viewport: { width: 375, height: 812 }, locale: 'de-DE' })

const GERMAN_WEEKDAY = /Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag/

test('the manage page speaks German: its words, dates, picker and messages', async ({ page }) => {
  // Eight axe scans (four screens, light and dark): more than the default minute on a busy machine.
  test.slow()
  const { id, token } = await bookThroughApi(
    page,
    { name: 'Lena Vogel', email: uniqueEmail('sprache') },
    { language: 'de', timeZone: 'Europe/Berlin' },
  )
  await page.goto(manageUrl(id, token, BUSINESS))
  await expect(page.getByRole('heading', { name: 'Bestätigt' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.locator('#reschedule-deadline')).toContainText('Sie können den Termin bis')
  await expect(page.locator('#reschedule-deadline')).toContainText(GERMAN_WEEKDAY)
  await expect(page.getByRole('link', { name: 'Kalenderdatei (.ics)' })).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page)

  await page.getByRole('button', { name: 'Verschieben' }).click()
  await expect(page.getByRole('heading', { name: 'Neue Uhrzeit wählen' })).toBeFocused()
  // Late in a month the member may have nothing left in it: the picker offers the next month.
  await monthWithFreeTimes(page)
  await expect(page.getByRole('radio').first()).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page)
  await page.screenshot({
    path: test.info().outputPath('manage-reschedule-de.png'),
    fullPage: true,
  })
  await page.getByRole('button', { name: 'Aktuelle Uhrzeit behalten' }).click()
  await expect(page.getByRole('heading', { name: 'Bestätigt' })).toBeFocused()

  await page.getByRole('button', { name: 'Termin absagen' }).click()
  await expect(page.getByRole('heading', { name: 'Diesen Termin absagen' })).toBeFocused()
  await page.getByRole('button', { name: 'Termin absagen' }).last().click()
  await expect(page.getByText('Bitte sagen Sie uns kurz, warum Sie absagen.')).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page)
  await page.getByLabel('Grund').fill('Krank')
  await page.getByRole('button', { name: 'Termin absagen' }).last().click()
  await expect(page.getByRole('heading', { name: 'Abgesagt' })).toBeVisible()
  await expect(page.getByText('Ihr Termin wurde abgesagt.')).toBeVisible()
  await expect(page.getByText('Angegebener Grund: Krank')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Erneut buchen' })).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page)
})

test('a manage link without its token says so in German', async ({ page }) => {
  await page.goto(`/booking/event/00000000-0000-4000-8000-000000000000?business=${BUSINESS}`)
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist unvollständig.')
})

test('my appointments asks for the address in German', async ({ page }) => {
  await page.goto(`/booking/my-appointments?business=${BUSINESS}`)
  await expect(
    page.getByRole('heading', { name: 'Melden Sie sich an, um Ihre Termine zu sehen' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Anmeldelink senden' }).click()
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible()
  await page.getByLabel('E-Mail').fill('lena@example')
  await page.getByRole('button', { name: 'Anmeldelink senden' }).click()
  await expect(page.getByText(/E-Mail-Adresse wie name@beispiel\.de/)).toBeVisible()
  await expectNoAxeViolationsInEveryLook(page)
})
