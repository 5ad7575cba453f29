import { expect, type Page, test } from '@playwright/test'
import { buildWizardUrl } from '../../shared/booking-links.ts'
import { CATALOGUES } from '../../shared/i18n/catalogues.ts'
import { LANGUAGES, type Language } from '../../shared/languages.ts'
import { formatPrice } from '../../src/components/appointments/appointment-format.ts'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import { waitForMail } from '../support/e2e/mail-inbox.ts'
import {
  BUSINESS,
  bookThroughApi,
  chooseTimeNextWeek,
  monthLoaded,
} from '../support/e2e/public-booking.ts'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'

/**
 * The booking page in the visitor's language, end to end: a German browser books the demo
 * business (which follows the visitor's language, as every business does by default) in
 * German and gets its e-mail in German; axe in every language, theme and size (each language
 * in one scheme per size; the details step and the confirmation too, each language at least
 * once); the footer switcher by keyboard, remembered; and a business that keeps its own language
 * for everyone.
 */

const de = CATALOGUES.de
const GERMAN_MONTH =
  /^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/
const GERMAN_WEEKDAY = /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)$/

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

interface PublicService {
  id: string
  name: string
  duration_minutes: number
  price_minor: number
  currency: string
}

async function demoService(page: Page, name: string): Promise<PublicService> {
  const response = await page.request.get(`/api/v1/public/services?business=${BUSINESS}`)
  expect(response.status()).toBe(200)
  const { items } = (await response.json()) as { items: PublicService[] }
  const service = items.find((candidate) => candidate.name === name)
  if (!service) throw new Error(`No service ${name}`)
  return service
}

test('a German browser books in German, and the confirmation e-mail is in German', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 900 },
  })
  const page = await context.newPage()
  const haircut = await demoService(page, 'Signature Haircut')
  const email = uniqueEmail('deutsch')

  await page.goto(`/booking?business=${BUSINESS}`)
  await expect(h1(page, de.book_an_appointment)).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page).toHaveTitle(new RegExp(`^${de.book_an_appointment} - `))
  await expect(page.getByRole('heading', { level: 2, name: de.choose_service })).toBeVisible()
  await expect(page.getByRole('navigation', { name: de.progress_label })).toBeVisible()
  await expect(page.getByRole('link', { name: de.skip_to_content })).toBeAttached()
  // The price in German conventions ("55,00 $"), the duration in German words.
  const price = formatPrice({ amount_minor: haircut.price_minor, currency: haircut.currency }, 'de')
  expect(price).toMatch(/^\d+,\d{2}\s\$$/)
  await expect(page.getByRole('button', { name: /Signature Haircut/ })).toContainText(
    `${haircut.duration_minutes} Min. · ${price}`,
  )

  await page.getByRole('button', { name: /Signature Haircut/ }).click()
  await expect(h1(page, de.title_choose_team_member)).toBeVisible()
  await page.getByRole('button', { name: new RegExp(de.any_available) }).click()
  await expect(h1(page, de.title_choose_time)).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${de.title_choose_time} - `))
  await monthLoaded(page)
  await expect(page.locator('#month-grid-title')).toHaveText(GERMAN_MONTH)
  // A German week starts on Monday, its days named in German.
  const weekdays = page.getByRole('columnheader')
  await expect(weekdays.first()).toHaveAttribute('aria-label', 'Montag')
  for (const label of await weekdays.evaluateAll((cells) =>
    cells.map((cell) => cell.getAttribute('aria-label') ?? ''),
  ))
    expect(label).toMatch(GERMAN_WEEKDAY)
  await expect(page.getByRole('button', { name: de.previous_month })).toBeVisible()
  await expect(page.getByRole('switch', { name: de.clock_24 })).toBeChecked()
  await expect(page.getByRole('combobox', { name: de.time_zone })).toBeVisible()
  const summary = page.getByRole('complementary', { name: de.summary_label })
  await expect(summary).toContainText(price)
  await expect(summary).toContainText(de.summary_with_anyone)
  await expect(summary).toContainText(/Kostenlose Stornierung bis \d+ Stunden vor Beginn\./)
  // The chosen day as a German heading, its times on the 24-hour clock by part of the day.
  const times = page.getByRole('radiogroup')
  await expect(times).toHaveAttribute('aria-label', /^Freie Zeiten am \p{L}+, \d{1,2}\. \p{L}+$/u)
  await expect(page.locator('.p-time-list__time').first()).toHaveText(/^\d{2}:\d{2}/)
  await expect(page.locator('.p-time-list__period').first()).toHaveText(
    new RegExp(`^(${de.period_morning}|${de.period_afternoon}|${de.period_evening})$`),
  )

  await chooseTimeNextWeek(page, { yourDetails: de.title_your_details, nextMonth: de.next_month })
  await expect(page.locator('.p-booking-when strong')).toHaveText(
    /^\p{L}+, \d{1,2}\. \p{L}+, \d{1,2}:\d{2}$/u,
  )
  // The page's own checks speak German.
  await page.getByRole('button', { name: de.book_now }).click()
  await expect(page.getByText(de.error_name_required)).toBeVisible()
  await expectNoAxeViolations(page, { label: 'de light details step' })
  await page.getByLabel(de.field_name).fill('Jana Schmidt')
  await page.getByLabel(de.field_email).fill(email)
  await page.getByRole('button', { name: de.book_now }).click()
  await expect(page.getByText(`Ihr Termin ist gebucht, Jana Schmidt.`)).toBeVisible()
  await expect(page.getByRole('link', { name: de.confirmation_manage })).toBeVisible()
  await expect(page.locator('.p-booking-summary')).toContainText(price)
  await expectNoAxeViolations(page, { label: 'de light confirmation' })

  const [mail] = await waitForMail(email, 1)
  expect(mail?.text).toContain('Guten Tag Jana Schmidt,')
  expect(mail?.text).toMatch(/Ihr Termin bei .+ ist gebucht\./)
  expect(mail?.text).toContain('Verschieben oder absagen:')
  await context.close()
})

/** Every language through the footer switcher (which the demo business offers). */
async function showIn(page: Page, language: Language) {
  await page.locator('#page-language').selectOption(language)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/**
 * Which scheme each language is scanned in, at each size. What a language changes (its words,
 * their lengths, the names of controls, `lang`) is scanned once per step and size; what a
 * scheme changes (colours, contrast) does not depend on the words. So each language is scanned
 * in one scheme per size and the other at the other size, and each scheme at each size by two
 * languages: every language, scheme and size is covered with half the scans of all of them
 * (each about a second and a half on the CI machine). The details step and the confirmation are
 * scanned in dark where the time step was: with the light scans elsewhere (English on a phone in
 * public-booking.spec.ts, German on a desktop in the booking above), each language is scanned at
 * least once and both sizes in dark.
 */
type Scheme = 'light' | 'dark'
const SCHEME_BY_SIZE: Record<number, Record<Language, Scheme>> = {
  375: { en: 'light', fr: 'light', es: 'dark', de: 'dark' },
  1280: { en: 'dark', fr: 'dark', es: 'light', de: 'light' },
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  const schemes: Partial<Record<Language, Scheme>> = SCHEME_BY_SIZE[viewport.width] ?? {}
  const laterSteps = LANGUAGES.filter((language) => schemes[language] === 'dark')
  test(`axe finds nothing on the service and time steps in every language (each in one scheme), nor on the details step and confirmation in dark in ${laterSteps.join(' and ')}, at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    // The time step's address, reached once by choosing; then opened directly.
    await page.goto(`/booking?business=${BUSINESS}`)
    await page.getByRole('button', { name: /Signature Haircut/ }).click()
    await page.getByRole('button', { name: /Any available/ }).click()
    await monthLoaded(page)
    const timeStep = new URL(page.url())
    const start = `/booking?business=${BUSINESS}`
    // One booking, its confirmation then opened in each language (the page's, not the booking's).
    const booked = await bookThroughApi(
      page,
      { name: 'Alex Axe', email: uniqueEmail('axe') },
      { language: 'en', timeZone: 'UTC' },
    )
    const confirmation = buildWizardUrl(
      { step: 'confirmation', appointmentId: booked.id, token: booked.token },
      BUSINESS,
    )

    for (const language of LANGUAGES) {
      const words = CATALOGUES[language]
      const scheme = schemes[language] ?? 'light'
      const look = `${language} ${viewport.width}px ${scheme}`
      // The page follows the scheme without a reload, and keeps it across loads.
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto(start)
      await showIn(page, language)
      await expect(h1(page, words.book_an_appointment)).toBeVisible()
      await expectSchemeShown(page, scheme)
      await expectNoAxeViolations(page, { label: `${look} service step` })
      await page.goto(`${timeStep.pathname}${timeStep.search}`)
      await expect(h1(page, words.title_choose_time)).toBeVisible()
      await monthLoaded(page)
      await expect(page.getByRole('switch', { name: words.clock_24 })).toBeVisible()
      await expectNoAxeViolations(page, { label: `${look} time step` })
      if (!laterSteps.includes(language)) continue
      await page.locator('.p-time-list__time').first().click()
      await expect(h1(page, words.title_your_details)).toBeVisible()
      // With its checks' messages shown: they are part of the step.
      await page.getByRole('button', { name: words.book_now }).click()
      await expect(page.getByText(words.error_name_required)).toBeVisible()
      await expectNoAxeViolations(page, { label: `${look} details step` })
      await page.goto(confirmation)
      await expect(page.getByRole('link', { name: words.confirmation_manage })).toBeVisible()
      await expectNoAxeViolations(page, { label: `${look} confirmation` })
    }
    await context.close()
  })
}

async function expectSchemeShown(page: Page, scheme: Scheme) {
  if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/p-dark/)
  else await expect(page.locator('html')).not.toHaveClass(/p-dark/)
}

test('the footer language switcher works with the keyboard alone and is remembered', async ({
  page,
}) => {
  await page.goto(`/booking?business=${BUSINESS}`)
  await expect(h1(page, CATALOGUES.en.book_an_appointment)).toBeVisible()
  const switcher = page.getByRole('combobox', { name: CATALOGUES.en.language_label })
  await expect(switcher).toHaveValue('en')
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab')
    if (await switcher.evaluate((element) => element === document.activeElement)) break
  }
  await expect(switcher).toBeFocused()
  // A closed native select changes with the arrow keys: English → Español → Deutsch.
  await page.keyboard.press('ArrowDown')
  await expect(h1(page, CATALOGUES.es.book_an_appointment)).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(h1(page, de.book_an_appointment)).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  // Its own label follows, and the focus stays where the visitor is.
  const german = page.getByRole('combobox', { name: de.language_label })
  await expect(german).toBeFocused()
  await expect(german).toHaveValue('de')

  await page.reload()
  await expect(h1(page, de.book_an_appointment)).toBeVisible()
  await expect(german).toHaveValue('de')
  await expect(page).toHaveTitle(new RegExp(`^${de.book_an_appointment} - `))

  // The remembered choice holds on the booking area's other pages, a wrong address included.
  await page.goto(`/booking/no/such/page?business=${BUSINESS}`)
  await expect(h1(page, de.title_page_not_found)).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${de.title_page_not_found}`))
  await expect(page.getByRole('link', { name: de.start_a_booking })).toBeVisible()
})

test('a business that keeps its own language shows it to a German browser, with no switcher', async ({
  browser,
}) => {
  // A business of its own (a new owner's), so the demo business's settings stay as they are.
  const owner = await browser.newPage()
  await signInAsNewOwner(owner, 'languages')
  await owner.goto('/settings')
  const link = owner
    .getByRole('region', { name: 'Your booking page' })
    .getByRole('link', { name: /\/booking\?business=/ })
  const address = new URL((await link.getAttribute('href')) ?? '')
  const token = await owner.evaluate(() => localStorage.getItem('authToken'))
  const saved = await owner.request.put('/api/v1/settings/language', {
    headers: { Authorization: `Bearer ${token}` },
    data: { default_language: 'fr', follow_visitor_language: false },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await owner.close()

  const context = await browser.newContext({ locale: 'de-DE' })
  const page = await context.newPage()
  // A German choice remembered from another business's page does not count here either.
  await page.addInitScript(() => localStorage.setItem('bookingLanguage', 'de'))
  await page.goto(`${address.pathname}${address.search}`)
  const fr = CATALOGUES.fr
  await expect(h1(page, fr.book_an_appointment)).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page).toHaveTitle(new RegExp(`^${fr.book_an_appointment} - `))
  // A new business has nothing to book yet: said in French too.
  await expect(page.getByRole('heading', { name: fr.services_empty_title })).toBeVisible()
  await expect(page.getByRole('combobox')).toHaveCount(0)
  await expect(page.locator('#page-language')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).not.toContainText(de.language_label)
  await context.close()
})
