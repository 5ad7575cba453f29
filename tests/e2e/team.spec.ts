import { expect, type Locator, type Page, test } from '@playwright/test'
import { strongPassword, uniqueEmail } from '../support/e2e/accounts.ts'
import { authEmulatorPort } from '../support/e2e/ports.ts'
import { signInAsNewOwner } from '../support/e2e/sign-in.ts'

function field(scope: Page | Locator, name: string) {
  return scope.getByRole('textbox', { name, exact: true })
}

/** react-aria keeps the real input hidden under its visual; the label is what a user clicks. */
function toggle(page: Page, name: string) {
  return page.locator('label', { has: page.getByRole('switch', { name, exact: true }) }).click()
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text }).first()
}

async function dismissToasts(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' })
  // One at a time, re-counting after each: a click on a toast on its way out is retried.
  await expect(async () => {
    if ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 2_000 })
    expect(await dismiss.count()).toBe(0)
  }).toPass()
}

/** Types into a react-aria date/time field, segment by segment (they advance by themselves). */
async function typeSegments(group: Locator, keys: string) {
  await group.getByRole('spinbutton').first().click()
  await group.page().keyboard.type(keys)
}

async function choose(page: Page, select: string, option: string) {
  await page.getByRole('button', { name: new RegExp(select) }).click()
  await page.getByRole('option', { name: option }).click()
}

test('an owner adds a team member with working hours and time off, edits and removes them', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'team-owner')
  await page.goto('/team')
  await expect(page).toHaveTitle('Team - Slotwise Appointments')
  await page.getByRole('link', { name: 'Add Team Member' }).click()
  await expect(page).toHaveURL(/\/team\/create$/)

  const email = uniqueEmail('ada')
  await field(page, 'Name').fill('Ada Park')
  await field(page, 'E-mail').fill(email)
  await expect(page.getByText('They get access to this business when they sign in')).toBeVisible()
  await choose(page, 'Permission', 'Admin')
  await field(page, 'Public slug').fill('ada-park')
  await expect(page.getByText('/booking/ada-park')).toBeVisible()
  await page.getByRole('combobox', { name: 'Time zone' }).fill('berlin')
  await page.getByRole('option', { name: 'Europe/Berlin' }).click()
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin')
  await field(page, 'Bio').fill('Sports massage and physiotherapy.')

  // Working hours: Saturday on until midnight, Friday ends at noon, a lunch break on Monday.
  await toggle(page, 'Saturday')
  await expect(page.getByText('To work until midnight, set the end to 00:00')).toBeVisible()
  const saturdayEnd = page.getByRole('group', { name: 'Saturday end' })
  await typeSegments(saturdayEnd, '0000')
  await expect(saturdayEnd).toContainText('00:00')
  // Said on screen and to screen readers: this 00:00 is the end of the day.
  await expect(page.getByText('midnight (24:00)')).toBeVisible()
  await expect(saturdayEnd).toHaveAccessibleDescription(/midnight \(24:00\)/)
  await typeSegments(page.getByRole('group', { name: 'Friday end' }), '1200')
  await page.getByRole('button', { name: '+ Add break on Monday' }).click()
  await expect(page.getByRole('group', { name: 'Monday break 1 start' })).toContainText('13:00')
  await expect(page.getByRole('group', { name: 'Monday break 1 end' })).toContainText('14:00')

  // A day that ends before it starts is caught before sending.
  await typeSegments(page.getByRole('group', { name: 'Tuesday end' }), '0800')
  await page.getByRole('button', { name: 'Add team member' }).click()
  await expect(page.getByText('Finish after the start (09:00).')).toBeVisible()
  await typeSegments(page.getByRole('group', { name: 'Tuesday end' }), '1700')
  await expect(page.getByText('Finish after the start (09:00).')).toBeHidden()

  await page.getByRole('button', { name: 'Add team member' }).click()
  await expect(
    toast(page, `Ada Park was added. They get access when they sign in with ${email}`),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/team\/[0-9a-f-]+\/edit$/)

  // What was saved comes back.
  await expect(field(page, 'Name')).toHaveValue('Ada Park')
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin')
  await expect(page.getByRole('switch', { name: 'Saturday', exact: true })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Sunday', exact: true })).not.toBeChecked()
  await expect(page.getByRole('group', { name: 'Friday end' })).toContainText('12:00')
  await expect(page.getByRole('group', { name: 'Monday break 1 start' })).toContainText('13:00')
  await expect(page.getByRole('group', { name: 'Saturday end' })).toContainText('00:00')
  await expect(page.getByText('midnight (24:00)')).toHaveCount(1)

  // Time off, whole days.
  const timeOff = page.getByRole('form', { name: 'Add time off' })
  await typeSegments(timeOff.getByRole('group', { name: 'Days off' }), '081220300815 2030')
  await field(timeOff, 'Reason').fill('Holiday')
  await timeOff.getByRole('button', { name: 'Add time off' }).click()
  await expect(toast(page, 'Added time off')).toBeVisible()
  const list = page.getByRole('list', { name: 'Time off' })
  await expect(list).toContainText('Aug 12')
  await expect(list).toContainText('Holiday')

  // Time off, part of a day, in her time zone.
  await page.locator('label', { has: page.getByRole('radio', { name: 'Part of a day' }) }).click()
  await typeSegments(timeOff.getByRole('group', { name: 'Starts' }), '090120301330')
  await typeSegments(timeOff.getByRole('group', { name: 'Ends' }), '090120301530')
  await field(timeOff, 'Reason').fill('Dentist')
  await timeOff.getByRole('button', { name: 'Add time off' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list).toContainText('Dentist')
  await expect(list).toContainText('13:30')
  // The toasts sit top-right, over the list's Remove buttons: one sliding in as the button is
  // clicked takes the click (seen in CI). A person would close them; so does the test.
  await expect(toast(page, /Added time off .*Sep/)).toBeVisible()
  await dismissToasts(page)

  // Removing time off asks first.
  await list.getByRole('button', { name: /Remove time off .*Sep/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove time off' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list).not.toContainText('Dentist')

  // Edit the profile.
  await field(page, 'Bio').fill('Sports massage, physiotherapy and yoga.')
  await toggle(page, 'Bookable')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Your changes to Ada Park are saved')).toBeVisible()
  await expect(page).toHaveURL(/\/team$/)
  const row = page.getByRole('row', { name: /Ada Park/ })
  await expect(row).toContainText('Admin')
  await expect(row).toContainText('Not bookable')
  await expect(row).toContainText('Invitation pending')

  // The time off is still there after a reload of her page.
  await page.getByRole('link', { name: 'Ada Park', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Time off' })).toContainText('Holiday')
  await expect(field(page, 'Bio')).toHaveValue('Sports massage, physiotherapy and yoga.')

  // Remove her from the team.
  await page.getByRole('button', { name: 'Remove Ada Park' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(toast(page, 'Ada Park was removed from your team')).toBeVisible()
  await expect(page).toHaveURL(/\/team$/)
  await expect(page.getByRole('row', { name: /Ada Park/ })).toHaveCount(0)
})

test("the server's refusal of a taken slug and e-mail shows at those fields", async ({ page }) => {
  await signInAsNewOwner(page, 'team-owner')
  const email = uniqueEmail('ben')
  await page.goto('/team/create')
  await field(page, 'Name').fill('Ben Ito')
  await field(page, 'E-mail').fill(email)
  await field(page, 'Public slug').fill('ben')
  await page.getByRole('button', { name: 'Add team member' }).click()
  await expect(page).toHaveURL(/\/team\/[0-9a-f-]+\/edit$/)

  await page.goto('/team/create')
  await field(page, 'Name').fill('Benjamin Other')
  await field(page, 'Public slug').fill('ben')
  await page.getByRole('button', { name: 'Add team member' }).click()
  const slug = field(page, 'Public slug')
  await expect(slug).toHaveAttribute('aria-invalid', 'true')
  const slugError = page.locator('.p-field', { has: slug }).locator('.p-field__error')
  await expect(slugError).toContainText('Ben Ito')
  await expect(page).toHaveURL(/\/team\/create$/)

  // Fixing the field clears its message; the next clash is the e-mail.
  await slug.fill('benjamin')
  await expect(slugError).toHaveCount(0)
  await field(page, 'E-mail').fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Add team member' }).click()
  const emailError = page
    .locator('.p-field', { has: field(page, 'E-mail') })
    .locator('.p-field__error')
  await expect(emailError).toContainText('Ben Ito')

  // A bad e-mail never leaves the browser.
  await field(page, 'E-mail').fill('not-an-email')
  await page.getByRole('button', { name: 'Add team member' }).click()
  await expect(emailError).toHaveText('Enter an e-mail address like name@example.com.')
})

test('a staff member sees the team, and changes only their own hours and profile', async ({
  page,
  browser,
}) => {
  await signInAsNewOwner(page, 'team-owner')
  const staffEmail = uniqueEmail('sam')
  await page.goto('/team/create')
  await field(page, 'Name').fill('Sam Staff')
  await field(page, 'E-mail').fill(staffEmail)
  await page.getByRole('button', { name: 'Add team member' }).click()
  await expect(page).toHaveURL(/\/team\/[0-9a-f-]+\/edit$/)

  // Sam accepts by signing in with that (verified) e-mail.
  const sam = await createVerifiedAccount(staffEmail)
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await staff.goto('/login')
  await staff.getByLabel('Email').fill(sam.email)
  await staff.getByLabel('Password').fill(sam.password)
  await staff.getByRole('button', { name: 'Sign in' }).click()
  await expect(staff).toHaveURL(/\/dashboard$/)

  await staff.goto('/team')
  await expect(staff.getByText('You can see the team and change your own profile')).toBeVisible()
  const grid = staff.getByRole('grid', { name: 'Team members' })
  await expect(grid.getByRole('row', { name: /Sam Staff/ })).toContainText('Has access')
  // Only their own name links to an edit page.
  await expect(grid.getByRole('link')).toHaveText(['Sam Staff'])

  await grid.getByRole('link', { name: 'Sam Staff' }).click()
  await expect(field(staff, 'E-mail')).toHaveAttribute('readonly', '')
  await expect(staff.getByRole('button', { name: /Permission/ })).toBeDisabled()
  await field(staff, 'Bio').fill('Colour specialist.')
  await staff.getByRole('button', { name: '+ Add break on Wednesday' }).click()
  await staff.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(staff, 'Your changes to Sam Staff are saved')).toBeVisible()

  // Services are read-only for staff: no links, no add.
  await staff.goto('/services')
  await expect(staff.getByRole('heading', { name: 'No services yet' })).toBeVisible()
  await expect(staff.getByRole('link', { name: 'Add your first service' })).toHaveCount(0)
  await staffContext.close()

  // The owner sees Sam's change.
  await page.goto('/team')
  await page.getByRole('link', { name: 'Sam Staff', exact: true }).click()
  await expect(field(page, 'Bio')).toHaveValue('Colour specialist.')
  await expect(page.getByRole('group', { name: 'Wednesday break 1 start' })).toBeVisible()
})

/** A new e-mail/password account whose e-mail the emulator marks verified. */
async function createVerifiedAccount(email: string) {
  const emulator = `http://127.0.0.1:${authEmulatorPort}/identitytoolkit.googleapis.com/v1`
  const password = strongPassword
  const created = await fetch(`${emulator}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  if (!created.ok) throw new Error(`emulator signUp failed: ${await created.text()}`)
  const { localId } = (await created.json()) as { localId: string }
  // The emulator accepts "owner" as an admin credential for its own project.
  const verified = await fetch(`${emulator}/projects/demo-slotwise/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  })
  if (!verified.ok) throw new Error(`emulator accounts:update failed: ${await verified.text()}`)
  return { email, password }
}

test('an owner removes a former employee’s access: their next request is refused, and it can be restored', async ({
  page,
  browser,
}) => {
  await signInAsNewOwner(page, 'team-owner')
  const auth = {
    Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}`,
  }
  const customer = await page.request.post('/api/v1/customers', {
    headers: auth,
    data: { name: 'Gia Guest', email: uniqueEmail('gia') },
  })
  expect(customer.status()).toBe(201)
  const leaverEmail = uniqueEmail('eli')
  const added = await page.request.post('/api/v1/team-members', {
    headers: auth,
    data: { name: 'Eli Leaver', email: leaverEmail, permission: 'staff' },
  })
  expect(added.status()).toBe(201)

  // Eli joins and works with the customers, in a browser of their own.
  const eli = await createVerifiedAccount(leaverEmail)
  const eliContext = await browser.newContext()
  const leaver = await eliContext.newPage()
  await leaver.goto('/login')
  await leaver.getByLabel('Email').fill(eli.email)
  await leaver.getByLabel('Password').fill(eli.password)
  await leaver.getByRole('button', { name: 'Sign in' }).click()
  await expect(leaver).toHaveURL(/\/dashboard$/)
  await leaver.goto('/customers')
  await expect(leaver.getByRole('link', { name: 'Gia Guest' }).first()).toBeVisible()

  // The owner sees who has access since when; only they get the actions, not for themselves.
  await page.goto('/team')
  const grid = page.getByRole('grid', { name: 'Team members' })
  const row = grid.getByRole('row', { name: /Eli Leaver/ })
  await expect(row).toContainText('Has access')
  await expect(row).toContainText(/Has access since \w+/)
  await expect(grid.getByRole('row', { name: /Existing Owner/ })).not.toContainText('Remove access')

  // On a phone the same action is a keyboard-reachable button; Escape cancels and gives focus back.
  await page.setViewportSize({ width: 375, height: 812 })
  const phoneButton = page.getByRole('button', { name: "Remove Eli Leaver's access" })
  await phoneButton.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: "Remove Eli Leaver's access?" })
  await expect(dialog).toContainText('can no longer open')
  await expect(dialog).toContainText('keep their name')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(phoneButton).toBeFocused()
  await page.setViewportSize({ width: 1280, height: 800 })

  await row.getByRole('button', { name: "Remove Eli Leaver's access" }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Remove access', exact: true })
    .click()
  await expect(toast(page, 'Eli Leaver no longer has access')).toBeVisible()
  await expect(row).toContainText(/Access removed on \w+/)
  await expect(row.getByRole('button', { name: "Restore Eli Leaver's access" })).toBeVisible()

  // Eli's very next request is refused, in the app and at the API.
  const nav = leaver.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await nav.getByRole('link', { name: 'Customers' }).click()
  await expect(
    leaver.getByRole('alert').filter({ hasText: "Couldn't load your customers" }),
  ).toContainText("Your access to Existing Owner's Business was removed on")
  const refused = await leaver.request.get('/api/v1/customers', {
    headers: {
      Authorization: `Bearer ${await leaver.evaluate(() => localStorage.getItem('authToken'))}`,
    },
  })
  expect(refused.status()).toBe(403)
  expect(refused.headers()['content-type']).toContain('application/problem+json')
  expect(await refused.json()).toMatchObject({ type: '/problems/access-removed' })

  // Restored: Eli is back with the same account.
  await row.getByRole('button', { name: "Restore Eli Leaver's access" }).click()
  await expect(toast(page, 'Eli Leaver has access again, as staff')).toBeVisible()
  await expect(row).toContainText(/Has access since \w+/)
  await leaver.reload()
  await expect(leaver.getByRole('link', { name: 'Gia Guest' }).first()).toBeVisible()
  await eliContext.close()
})
