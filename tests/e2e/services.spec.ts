import { expect, type Page, test } from '@playwright/test'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'

/** A text, number or colour input by its label (steppers and sections share the label). */
function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true })
}

/** react-aria keeps the real input hidden under its visual; the label is what a user clicks. */
function toggle(page: Page, name: string) {
  return page.locator('label', { has: page.getByRole('switch', { name }) }).click()
}

/** The toast with this title (react-hot-toast keeps them top-right). */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text }).first()
}

async function addService(
  page: Page,
  service: { name: string; duration: string; price: string; category?: string },
) {
  await page.goto('/services/create')
  await field(page, 'Name').fill(service.name)
  await field(page, 'Duration (minutes)').fill(service.duration)
  await field(page, 'Price').fill(service.price)
  if (service.category) await field(page, 'Category').fill(service.category)
  await page.getByRole('button', { name: 'Add service' }).click()
  await expect(page).toHaveURL(/\/services$/)
}

test('an owner creates, edits and deletes a service', async ({ page }) => {
  await signInAsNewOwner(page, 'services')
  await page.goto('/services')
  await expect(page).toHaveTitle('Services - Slotwise Appointments')

  // Empty business: the call to action leads to the form.
  await expect(page.getByRole('heading', { name: 'No services yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Add your first service' }).click()
  await expect(page).toHaveURL(/\/services\/create$/)

  // Required fields are marked, and checked before anything is sent.
  await field(page, 'Price').fill('')
  await page.getByRole('button', { name: 'Add service' }).click()
  await expect(page.getByText('Enter a name for the service.')).toBeVisible()
  await expect(page.getByText('Enter a price (0 for a free service).')).toBeVisible()
  await expect(page).toHaveURL(/\/services\/create$/)

  await field(page, 'Name').fill('Deep Tissue Massage')
  await field(page, 'Description').fill('Firm pressure for knots and tension.')
  await field(page, 'Category').fill('Massage')
  await field(page, 'Duration (minutes)').fill('60')
  await field(page, 'Price').fill('85')
  await field(page, 'Buffer after (minutes)').fill('10')
  await field(page, 'Colour').fill('#0EA5E9')
  // A new business's team is its owner; a new service is theirs unless they untick it.
  const performers = page.getByRole('group', { name: 'Performed by' })
  await expect(performers.getByRole('checkbox').first()).toBeChecked()
  await performers.locator('label').first().click()
  await expect(page.getByRole('note')).toContainText('Not bookable online — nobody performs it')
  await performers.locator('label').first().click()
  await expect(page.getByRole('note')).toHaveCount(0)
  await page.getByRole('button', { name: 'Add service' }).click()

  await expect(toast(page, 'Deep Tissue Massage was added')).toBeVisible()
  await expect(page).toHaveURL(/\/services$/)
  const row = page.getByRole('row', { name: /Deep Tissue Massage/ })
  await expect(row).toContainText('1 h')
  await expect(row).toContainText('$85.00')
  await expect(row).toContainText('Active')
  await expect(row).toContainText('Massage')

  // Edit: price and the active flag.
  await page.getByRole('link', { name: 'Deep Tissue Massage', exact: true }).first().click()
  await expect(page).toHaveURL(/\/services\/[0-9a-f-]+\/edit$/)
  await expect(field(page, 'Name')).toHaveValue('Deep Tissue Massage')
  await expect(field(page, 'Price')).toHaveValue('$85.00')
  await expect(field(page, 'Colour')).toHaveValue(/#0EA5E9/i)
  await field(page, 'Price').fill('92.50')
  await toggle(page, 'Active')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Your changes to Deep Tissue Massage are saved')).toBeVisible()
  await expect(page).toHaveURL(/\/services$/)
  await expect(row).toContainText('$92.50')
  await expect(row).toContainText('Inactive')

  // Delete asks first; cancelling keeps it.
  await page.getByRole('link', { name: 'Deep Tissue Massage', exact: true }).first().click()
  await page.getByRole('button', { name: 'Delete service' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Deep Tissue Massage?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Delete service' }).click()
  await dialog.getByRole('button', { name: 'Delete service' }).click()
  await expect(toast(page, 'Deep Tissue Massage was deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/services$/)
  await expect(page.getByRole('heading', { name: 'No services yet' })).toBeVisible()
})

test('search, sort by price and the status filter narrow the list on the server', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'services')
  await addService(page, { name: 'Haircut', duration: '30', price: '40', category: 'Hair' })
  await addService(page, { name: 'Colour', duration: '90', price: '120', category: 'Hair' })
  await addService(page, { name: 'Manicure', duration: '45', price: '35', category: 'Nails' })

  const names = page
    .getByRole('grid', { name: 'Services' })
    .getByRole('rowheader')
    .getByRole('link')
  await expect(names).toHaveText(['Colour', 'Haircut', 'Manicure'])

  await page.getByRole('button', { name: /Sort by/ }).click()
  await page.getByRole('option', { name: 'Price (high to low)' }).click()
  await expect(names).toHaveText(['Colour', 'Haircut', 'Manicure'])
  await page.getByRole('columnheader', { name: 'Price' }).click()
  await expect(names).toHaveText(['Manicure', 'Haircut', 'Colour'])

  await page.getByLabel('Search services').fill('mani')
  await expect(names).toHaveText(['Manicure'])
  await page.getByLabel('Search services').fill('zzz')
  await expect(page.getByRole('heading', { name: 'No services match' })).toBeVisible()
  await page.getByLabel('Search services').fill('')
  await expect(names).toHaveCount(3)

  await page.getByRole('button', { name: /Status/ }).click()
  await page.getByRole('option', { name: 'Inactive only' }).click()
  await expect(page.getByRole('heading', { name: 'No services match' })).toBeVisible()
})

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  await signInAsNewOwner(page, 'services')
  await page.goto('/services')
  await page.getByRole('link', { name: 'Add Service' }).click()
  await field(page, 'Name').fill('Half-typed service')

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('unsaved changes')
    void dialog.dismiss()
  })
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/services\/create$/)
  await expect(field(page, 'Name')).toHaveValue('Half-typed service')

  // The Back button asks too; staying cancels it and keeps the form and what was typed.
  const asked = page.waitForEvent('dialog').then((dialog) => dialog.dismiss())
  // The cancelled traversal never "loads", so goBack's wait for it is cut short.
  await page.goBack({ timeout: 3000 }).catch(() => undefined)
  await asked
  await expect(page).toHaveURL(/\/services\/create$/)
  await expect(field(page, 'Name')).toHaveValue('Half-typed service')

  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click()
  await expect(page).toHaveURL(/\/customers$/)
})

test('a service in use cannot be deleted: the server says why and it can be deactivated instead', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'services')
  await addService(page, { name: 'Group Yoga', duration: '60', price: '15' })
  await page.getByRole('link', { name: 'Group Yoga', exact: true }).first().click()
  await expect(field(page, 'Name')).toHaveValue('Group Yoga')

  // No appointments can be booked yet (they arrive with the calendar), so the server's
  // refusal for a service with appointments is played back exactly as the contract defines it.
  await page.route('**/api/v1/services/*', async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback()
    await route.fulfill({
      status: 409,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        detail: 'Group Yoga has 3 upcoming appointments; deactivate it instead.',
      }),
    })
  })

  await page.getByRole('button', { name: 'Delete service' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete service' }).click()
  const refused = page.getByRole('alertdialog', { name: 'Group Yoga cannot be deleted' })
  await expect(refused.getByRole('alert')).toHaveText(
    'Group Yoga has 3 upcoming appointments; deactivate it instead.',
  )
  await refused.getByRole('button', { name: 'Deactivate instead' }).click()
  await expect(toast(page, 'Group Yoga is now inactive')).toBeVisible()
  await expect(page).toHaveURL(/\/services$/)
  await expect(page.getByRole('row', { name: /Group Yoga/ })).toContainText('Inactive')
})

test('after a direct load the names open their services, even when the profile arrives last', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'services')
  await addService(page, { name: 'Beard Trim', duration: '20', price: '18' })

  // The role that decides the links comes with the profile; hold it until the list is shown,
  // the order a slow /me gave in the field.
  let listShown: () => void = () => {}
  const listed = new Promise<void>((resolve) => {
    listShown = resolve
  })
  await page.route('**/api/v1/me/', async (route) => {
    await listed
    await route.fallback()
  })
  await page.goto('/services')
  const row = page.getByRole('grid', { name: 'Services' }).getByRole('row', { name: /Beard Trim/ })
  await expect(row).toBeVisible()
  listShown()

  await row.getByRole('link', { name: 'Beard Trim' }).click()
  await expect(page).toHaveURL(/\/services\/[0-9a-f-]+\/edit$/)
  await expect(field(page, 'Name')).toHaveValue('Beard Trim')
})
