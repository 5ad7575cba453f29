import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInEveryLook,
} from '../support/e2e/accessibility.ts'
import { signInToNewBusiness } from '../support/e2e/sign-in.ts'
import { addCustomerViaApi, staffApi } from '../support/e2e/staff-api.ts'

test('an owner adds, finds, edits and deletes a customer', async ({ page }) => {
  await signInToNewBusiness(page, 'customers')
  await page.getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'No customers yet' })).toBeVisible()

  await page.getByRole('link', { name: 'Add customer', exact: true }).click()
  await expect(page).toHaveURL(/\/customers\/create$/)
  await expect(page).toHaveTitle('Add Customer - Slotwise Appointments')
  // Required fields are said before the server is asked.
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByText('Enter the customer’s name.')).toBeVisible()

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ann Lee')
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ann.lee@example.test')
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 212 555 0100')
  const newTag = page.getByLabel('New tag')
  await newTag.fill('VIP')
  await newTag.press('Enter')
  await newTag.fill('Mornings')
  await page.getByRole('button', { name: 'Add tag' }).click()
  await expect(
    page.getByRole('grid', { name: 'Tags' }).getByRole('row', { name: /VIP/ }),
  ).toBeVisible()
  await page.getByText('Agreed to receive marketing e-mails').click()
  await page.getByRole('textbox', { name: 'Notes' }).fill('Prefers the window seat.')
  await page.getByRole('button', { name: 'Add customer' }).click()

  await expect(page.getByText('Customer added')).toBeVisible()
  await expect(page).toHaveURL(/\/customers$/)
  await expect(page.getByText('1 customer')).toBeVisible()
  const row = page.getByRole('row', { name: /Ann Lee/ })
  await expect(row).toContainText('ann.lee@example.test')
  await expect(row).toContainText('VIP')

  // Server-side search.
  await addCustomerViaApi(page, { name: 'Bob Stone', email: 'bob@example.test' })
  await page.reload()
  await expect(page.getByText('2 customers')).toBeVisible()
  await page.getByLabel('Search customers').fill('555 0100')
  await expect(page.getByText('1 customer match')).toBeVisible()
  await expect(page.getByRole('row', { name: /Bob Stone/ })).toHaveCount(0)
  await page.getByLabel('Search customers').fill('zzz-nobody')
  await expect(page.getByRole('heading', { name: 'No customers match' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear search and filters' }).click()
  await expect(page.getByText('2 customers')).toBeVisible()

  // A row opens the client profile; its details are edited one press further.
  await page.getByRole('link', { name: 'Ann Lee' }).click()
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Ann Lee' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call +1 212 555 0100' })).toHaveAttribute(
    'href',
    'tel:+12125550100',
  )
  await expect(page.getByRole('link', { name: 'ann.lee@example.test' })).toHaveAttribute(
    'href',
    'mailto:ann.lee@example.test',
  )
  await expect(
    page.getByRole('switch', { name: 'Agreed to receive marketing e-mails' }),
  ).toBeChecked()
  await expect(page.getByText('Prefers the window seat.')).toBeVisible()
  await page.getByRole('link', { name: 'Edit details' }).click()
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}\/edit$/)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ann Lee')
  await expect(page.getByRole('heading', { name: 'No appointments yet' })).toBeVisible()

  // Leaving with unsaved changes asks first; staying keeps what was typed.
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 212 555 0199')
  page.once('dialog', (dialog) => dialog.dismiss())
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click()
  await expect(page).toHaveURL(/\/edit$/)
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(
    '+1 212 555 0199',
  )

  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Customer saved')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(
    '+1 212 555 0199',
  )
  await expect(
    page.getByRole('grid', { name: 'Tags' }).getByRole('row', { name: /Mornings/ }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Delete customer' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Delete Ann Lee?')
  await dialog.getByRole('button', { name: 'Delete customer' }).click()
  await expect(page.getByText('Customer deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/customers$/)
  await expect(page.getByText('1 customer')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ann Lee' })).toHaveCount(0)
})

test('a second customer with the same e-mail is refused, with a link to the first', async ({
  page,
}) => {
  await signInToNewBusiness(page, 'customers')
  const first = await addCustomerViaApi(page, { name: 'Chloe First', email: 'chloe@example.test' })

  await page.goto('/customers/create')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Chloe Second')
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('chloe@example.test')
  await page.getByRole('button', { name: 'Add customer' }).click()

  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'A customer with this e-mail already exists' })
  await expect(alert).toBeVisible()
  await expect(page.getByText('A customer with this e-mail already exists.')).toBeVisible()
  await expect(page).toHaveURL(/\/customers\/create$/)
  // The form still holds what was typed; the link opens the customer already there.
  page.once('dialog', (dialog) => dialog.accept())
  await alert.getByRole('link', { name: 'Open the existing customer' }).click()
  await expect(page).toHaveURL(new RegExp(`/customers/${first.id}/edit$`))
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Chloe First')
})

test('Export CSV downloads the customers of the current filter', async ({ page }) => {
  await signInToNewBusiness(page, 'customers')
  await addCustomerViaApi(page, { name: 'Dana Gold', email: 'dana@example.test', tags: ['gold'] })
  await addCustomerViaApi(page, { name: 'Eli Plain', email: 'eli@example.test' })

  await page.goto('/customers')
  await expect(page.getByText('2 customers')).toBeVisible()
  await page.getByRole('button', { name: /Tag/ }).click()
  await page.getByRole('option', { name: 'gold' }).click()
  await expect(page.getByText('1 customer match')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^customers-gold-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await download.path()) ?? '', 'utf8')
  expect(csv).toContain('Dana Gold')
  expect(csv).not.toContain('Eli Plain')
  await expect(page.getByText('Customers exported')).toBeVisible()
})

test('on a phone the customers are cards, not a table', async ({ page }) => {
  await signInToNewBusiness(page, 'customers')
  await addCustomerViaApi(page, { name: 'Fay Phone', phone: '+44 20 7946 0000' })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/customers')
  await expect(page.getByRole('listitem').filter({ hasText: 'Fay Phone' })).toBeVisible()
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeHidden()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
  expect(overflow).toBe(false)
})

test('customers come 25 to a page, sorted on the server', async ({ page }) => {
  await signInToNewBusiness(page, 'customers')
  for (let index = 1; index <= 26; index += 1) {
    await addCustomerViaApi(page, { name: `Page Person ${String(index).padStart(2, '0')}` })
  }
  await page.goto('/customers')
  const table = page.getByRole('grid', { name: 'Customers' })
  await expect(page.getByText('1–25 of 26 customers')).toBeVisible()
  await expect(table.getByRole('link', { name: 'Page Person 01' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'Page Person 26' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('26–26 of 26 customers')).toBeVisible()
  await expect(table.getByRole('link', { name: 'Page Person 26' })).toBeVisible()

  // Sorting by a column asks the server, so Z to A starts with the last customer of all.
  // The list is sorted by name already: one click on its header turns the order round.
  await table.getByRole('columnheader', { name: /Name/ }).click()
  await expect(page.getByRole('button', { name: /Sort by/ })).toContainText('Name, Z to A')
  await expect(page.getByText('1–25 of 26 customers')).toBeVisible()
  await expect(table.getByRole('row').nth(1)).toContainText('Page Person 26')
})

/**
 * No axe violation of any impact on the screen itself (`main`: the app shell's drawer and
 * react-aria's live announcer in <body> are other screens' business).
 */
test('the client profile: figures and visits on a direct load, a note, and Book again prefilled', async ({
  page,
}) => {
  await signInToNewBusiness(page, 'customers')
  const team = await staffApi<{ items: { id: string; name: string }[] }>(
    page,
    'GET',
    '/api/v1/team-members',
  )
  const owner = team.items[0]
  if (!owner) throw new Error('The business has no team member.')
  const service = await staffApi<{ id: string }>(page, 'POST', '/api/v1/services', {
    name: 'Gel Manicure',
    duration_minutes: 45,
    price_minor: 4200,
    team_member_ids: [owner.id],
  })
  const customer = await addCustomerViaApi(page, { name: 'Gia Nails', phone: '+1 (646) 555-0142' })
  const book = (days: number) =>
    staffApi<{ id: string }>(page, 'POST', '/api/v1/appointments', {
      service_id: service.id,
      customer_id: customer.id,
      team_member_id: owner.id,
      starts_at: `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 14)}00:00.000Z`,
      override_working_hours: true,
    })
  await book(3)
  const cancelled = await book(5)
  await staffApi(page, 'POST', `/api/v1/appointments/${cancelled.id}/cancel`, {
    reason: 'Moved away for a week',
  })

  await page.goto(`/customers/${customer.id}`)
  await expect(page.getByRole('heading', { name: 'Gia Nails' })).toBeVisible()
  await expect(page).toHaveTitle('Customer - Slotwise Appointments')
  await expect(page.getByTestId('figure-spent')).toContainText('$0.00')
  await expect(page.getByTestId('figure-visits')).toContainText('0')
  // Cancelled five days ahead, well before the default one-day cut-off: not late.
  await expect(page.getByTestId('figure-late')).toContainText('0')
  await expect(page.getByTestId('figure-late')).toContainText('1 cancellation in all')
  const upcoming = page.getByRole('table', { name: 'Upcoming visits, soonest first' })
  await expect(upcoming.getByRole('row')).toHaveCount(2)
  await expect(upcoming).toContainText('Gel Manicure')
  await expect(upcoming).toContainText('$42.00')
  const past = page.getByRole('table', { name: 'Past visits, newest first' })
  await expect(past).toContainText('Cancelled')

  // Notes: a blank one is refused where it is typed; markup stays text.
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Write the note first.')).toBeVisible()
  await page.getByRole('textbox', { name: 'New note' }).fill('<b>Bring tea</b> & a towel')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Note added')).toBeVisible()
  const timeline = page.getByRole('list', { name: 'Notes, newest first' })
  await expect(timeline.getByRole('listitem')).toHaveCount(1)
  await expect(timeline).toContainText('<b>Bring tea</b> & a towel')
  await expect(timeline.locator('b')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'New note' })).toHaveValue('')

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport)
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('p-dark', on), dark)
      await expectNoAxeViolations(page, { within: 'main' })
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('p-dark'))
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.getByRole('button', { name: 'Book again' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New appointment' })
  await expect(dialog.getByRole('combobox', { name: 'Customer' })).toHaveValue('Gia Nails')
  await expect(dialog.getByRole('button', { name: /Service/ })).toHaveText(/Gel Manicure/)
  await expect(dialog.getByRole('button', { name: /Team member/ })).toHaveText(
    new RegExp(owner.name),
  )
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test('an owner imports a Square export: map, check, leave out a bad row, import', async ({
  page,
}) => {
  // Four steps, each checked by axe in four ways: longer than one screen's test.
  test.slow()
  await signInToNewBusiness(page, 'customers')
  await addCustomerViaApi(page, { name: 'Maria Lopez', email: 'maria@example.test' })
  /**
   * No axe violations on a phone and a desktop, light and dark. Only the screen itself: the
   * shared sidebar's business name and account panel sit outside any landmark on a desktop
   * (axe's `region`), as on every staff screen.
   */
  const checkEveryWay = (step: string) =>
    expectNoAxeViolationsInEveryLook(page, {
      viewports: [
        { width: 375, height: 812 },
        { width: 1280, height: 800 },
      ],
      within: 'main',
      label: step,
    })

  await page.getByRole('link', { name: 'Customers' }).click()
  await page.getByRole('link', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/\/customers\/import$/)
  await expect(page).toHaveTitle('Import Customers - Slotwise Appointments')
  await checkEveryWay('choose')

  const square = [
    'Reference ID,First Name,Surname,Email Address,Phone Number,Company Name,Memo,Groups',
    'R-1,Maria,Lopez,MARIA@example.test,(202) 555-0143,,Allergic to latex,VIP',
    'R-2,Tom,Ng,tom@example.test,415.555.2671,Acme,,',
    'R-3,Bad,Phone,bad@example.test,12345,,,',
  ].join('\n')
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'square.csv', mimeType: 'text/csv', buffer: Buffer.from(square) })
  await expect(page.getByText('recognised as a Square export')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: match the columns' })).toBeFocused()
  // Company Name is not recognised; the owner keeps it as notes.
  await page.getByRole('button', { name: /Import “Company Name” as/ }).click()
  await page.getByRole('option', { name: 'Notes', exact: true }).click()
  await page.getByRole('button', { name: /Import “Memo” as/ }).click()
  await page.getByRole('option', { name: 'Don’t import' }).click()
  await checkEveryWay('map')

  await page.getByRole('button', { name: 'Check the file' }).click()
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: check and import' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '1 row has errors' })).toBeVisible()
  const badRow = page.getByRole('row', { name: /Bad Phone/ })
  await expect(badRow).toContainText('“12345” is not a valid phone number')
  await expect(page.getByRole('row', { name: /Maria Lopez/ })).toContainText(
    'Same e-mail as Maria Lopez: adds phone, tags',
  )
  const importButton = page.getByRole('button', { name: 'Import 2 customer rows' })
  await expect(importButton).toBeDisabled()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the rows with errors' }).click()
  expect((await download).suggestedFilename()).toBe('square-errors.csv')
  await page.getByText('Leave out the 1 row with errors').click()
  await checkEveryWay('review')

  await importButton.click()
  await expect(page.getByRole('heading', { name: 'Imported', exact: true })).toBeVisible()
  await expect(page.getByText('Customers imported')).toBeVisible()
  await checkEveryWay('done')
  await page.getByRole('link', { name: 'See your customers' }).click()
  await expect(page.getByText('2 customers')).toBeVisible()
  await expect(page.getByRole('row', { name: /Tom Ng/ })).toContainText('+14155552671')
  await expect(page.getByRole('row', { name: /Maria Lopez/ })).toContainText('VIP')
})
