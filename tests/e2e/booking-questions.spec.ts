import { expect, type Page, test } from '@playwright/test'
import { buildWizardUrl } from '../../shared/booking-links.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import {
  BUSINESS,
  BUSINESS_TIME_ZONE,
  chooseTimeNextWeek,
  fillDetails,
  monthWithFreeTimes,
  openTimes,
  showDay,
  signInAsStaff,
} from '../support/e2e/public-booking.ts'

/**
 * Booking questions from end to end: staff add a required single choice and a required "I
 * agree" box to a service in its form, a customer must answer both to book it, and staff read
 * the answers in the appointment dialog and see them named on the calendar's event. The
 * service is a group session: its times show the seats left, one fewer once booked.
 */

test.use({ viewport: { width: 375, height: 812 } })

/** The n-th question (1-based) of the service form's booking questions. */
function question(page: Page, number: number) {
  return page.getByRole('group', { name: `Question ${number}`, exact: true })
}

/** react-aria keeps the real input hidden under its visual; the label is what a user clicks. */
async function toggle(scope: ReturnType<typeof question>, name: string) {
  await scope.getByText(name, { exact: true }).click()
  await expect(scope.getByRole('switch', { name })).toBeChecked()
}

async function addServiceWithQuestions(staff: Page, name: string) {
  await staff.goto('/services/create')
  await staff.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  // One of the demo's own categories: the demo business is shared by the shard's files, and the
  // booking page lists its categories exactly (public-booking.spec.ts).
  await staff.getByRole('textbox', { name: 'Category', exact: true }).fill('Styling')
  await staff.getByRole('textbox', { name: 'Duration (minutes)', exact: true }).fill('30')
  await staff.getByRole('textbox', { name: 'Price', exact: true }).fill('25')
  // A group session, so the time step also shows the seats left.
  await staff.getByRole('textbox', { name: 'Seats per slot', exact: true }).fill('3')
  const performers = staff.getByRole('group', { name: 'Performed by' })
  if (!(await performers.getByRole('checkbox').first().isChecked())) {
    await performers.locator('label').first().click()
  }

  await staff.getByRole('button', { name: 'Add a question' }).click()
  const first = question(staff, 1)
  await first.getByRole('textbox', { name: 'Question', exact: true }).fill('Hair type')
  await first.getByRole('button', { name: /Answer type/ }).click()
  await staff.getByRole('option', { name: 'Single choice' }).click()
  await first.getByRole('textbox', { name: 'Options' }).fill('Straight\nCurly\nCoily')
  await toggle(first, 'Required')

  await staff.getByRole('button', { name: 'Add a question' }).click()
  const second = question(staff, 2)
  await second
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('I agree to the studio rules')
  await second.getByRole('button', { name: /Answer type/ }).click()
  await staff.getByRole('option', { name: /Checkbox/ }).click()
  await toggle(second, 'Required')

  await staff.getByRole('button', { name: 'Add service' }).click()
  await expect(staff).toHaveURL(/\/services$/)
}

test('a customer answers the service’s required questions and staff see the answers', async ({
  browser,
  page,
}) => {
  const staff = await signInAsStaff(browser)
  const service = `Curl Consultation ${Date.now()}`
  await addServiceWithQuestions(staff, service)

  await openTimes(page, { service })
  await monthWithFreeTimes(page)
  // Nobody has booked it yet: each time shows all three seats, on screen and in its name.
  const firstTime = page.getByRole('radio').first()
  await expect(firstTime).toContainText('3 seats left')
  await expect(firstTime).toHaveAccessibleName(/^\w+ \d{1,2}:\d{2}\s[AP]M, 3 seats left$/)
  const { serviceId, teamMemberId, startsAt } = await chooseTimeNextWeek(page)
  await fillDetails(page, { name: 'Noor Haddad', email: uniqueEmail('questions') })

  const hairType = page.getByRole('group', { name: /Hair type/ })
  const agree = page.getByRole('checkbox', { name: /I agree to the studio rules/ })
  await expect(hairType.getByRole('radio')).toHaveCount(3)
  await expect(hairType).toContainText('(required)')
  await expect(agree).toHaveAttribute('required', '')

  // Unanswered: refused on the page, each question says why and the first one takes focus.
  await page.getByRole('button', { name: 'Book now' }).click()
  await expect(hairType.getByText('Please answer this question.')).toBeVisible()
  await expect(page.getByText('Please tick this box to continue.')).toBeVisible()
  const straight = hairType.getByRole('radio', { name: 'Straight' })
  await expect(straight).toBeFocused()
  await expect(straight).toHaveAttribute('aria-invalid', 'true')
  await expect(straight).toHaveAccessibleDescription('Please answer this question.')
  await expect(agree).toHaveAccessibleDescription('Please tick this box to continue.')
  await expect(page).toHaveURL(/\/booking\/customer-info\//)

  // Answering clears each question's error.
  await hairType.getByText('Curly').click()
  await expect(hairType.getByText('Please answer this question.')).toHaveCount(0)
  await page.getByText('I agree to the studio rules').click()
  await expect(agree).toBeChecked()
  await page.getByRole('button', { name: 'Book now' }).click()

  await expect(page).toHaveURL(/\/booking\/confirmation\//)
  const appointmentId = /\/booking\/confirmation\/([\w-]+)/.exec(page.url())?.[1] ?? ''
  expect(appointmentId).not.toBe('')

  // The time booked now has one seat fewer for the next customer.
  await page.goto(buildWizardUrl({ step: 'calendar', serviceId, teamMemberId }, BUSINESS))
  // The day as the picker counts it: in the browser's zone.
  const bookedDay = await page.evaluate(
    (instant) => new Intl.DateTimeFormat('en-CA').format(new Date(instant)),
    startsAt,
  )
  await showDay(page, bookedDay)
  await expect(page.locator(`.p-time-list__time[data-starts="${startsAt}"]`)).toHaveAccessibleName(
    /, 2 seats left$/,
  )

  await staff.goto(`/calendar?appointment=${appointmentId}`)
  const dialog = staff.getByRole('dialog', { name: new RegExp(`${service} for Noor Haddad`) })
  await expect(dialog).toBeVisible()
  const answers = dialog.getByRole('region', { name: 'Answers given when booking' })
  await expect(answers).toContainText('Hair type')
  await expect(answers).toContainText('Curly')
  await expect(answers).toContainText('I agree to the studio rules')
  await expect(answers).toContainText('Yes')
  await expect(dialog).toContainText('1 of 3 booked')

  // The calendar's event says it has answers, on screen and in its accessible name.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(
    new Date(startsAt),
  )
  await staff.goto(`/calendar?view=day&date=${day}`)
  const event = staff.getByRole('button', {
    name: /Noor Haddad, .*2 booking answers: Hair type: Curly; I agree to the studio rules: Yes/,
  })
  await expect(event).toBeVisible()
  await expect(event).toContainText('2 answers')
  await staff.context().close()
})
