import { expect, test, type WebSocketRoute } from '@playwright/test'
import { createEmulatorAccount, uniqueEmail } from '../support/e2e/accounts.ts'
import { signInOnNewPage } from '../support/e2e/sign-in.ts'

test('a business renamed in one browser is renamed in a second one without reload', async ({
  browser,
}) => {
  const { email, password } = await createEmulatorAccount(uniqueEmail('live'))
  const first = await signInOnNewPage(browser, email, password)
  const second = await signInOnNewPage(browser, email, password)
  for (const page of [first, second]) {
    // The header says whether the screen updates by itself, in words.
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible()
    await expect(page.getByTestId('business-name')).toHaveText("Existing Owner's Business")
  }

  await first.goto('/settings/business-configuration/edit')
  await first.getByRole('textbox', { name: 'Business name', exact: true }).fill('Live Studio')
  await first.getByRole('button', { name: 'Save changes' }).click()
  await expect(first.getByText('Business configuration saved')).toBeVisible()

  const navigations: string[] = []
  second.on('framenavigated', (frame) => navigations.push(frame.url()))
  await expect(second.getByTestId('business-name')).toHaveText('Live Studio')
  expect(navigations).toEqual([])
})

test('the header says Reconnecting… while the live socket is down, and Live once it is back', async ({
  browser,
}) => {
  const { email, password } = await createEmulatorAccount(uniqueEmail('live-drop'))
  const page = await (await browser.newContext()).newPage()
  // Every live socket the page opens goes through here, so the test can cut one.
  const sockets: WebSocketRoute[] = []
  await page.routeWebSocket(/\/api\/v1\/live$/, (socket) => {
    socket.connectToServer()
    sockets.push(socket)
  })
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const status = page.getByRole('banner').locator('[aria-live="polite"]')
  await expect(status).toHaveText('Live')

  await sockets.at(-1)?.close({ code: 1012, reason: 'Service restart' })
  await expect(status).toHaveText('Reconnecting…')
  // The first retry comes after about a second.
  await expect(status).toHaveText('Live', { timeout: 5000 })
  expect(sockets).toHaveLength(2)
})
