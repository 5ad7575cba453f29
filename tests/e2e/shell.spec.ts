import { expect, test } from '@playwright/test'
import { authEmulatorPort } from '../support/e2e/ports.ts'

test('dark mode toggles the p-dark class and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/login')
  const root = page.locator('html')
  await expect(root).not.toHaveClass(/p-dark/)
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(root).toHaveClass(/p-dark/)
  await page.reload()
  await expect(root).toHaveClass(/p-dark/)
  await page.getByRole('button', { name: 'Switch to light mode' }).click()
  await expect(root).not.toHaveClass(/p-dark/)
})

test('the public booking area opens without sign-in and without Firebase', async ({ page }) => {
  const firebaseCalls: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (/identitytoolkit|securetoken/.test(url) || url.includes(`:${authEmulatorPort}/`)) {
      firebaseCalls.push(url)
    }
  })
  await page.goto('/booking')
  await expect(page).toHaveURL(/\/booking$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(firebaseCalls).toEqual([])
})

test('/ redirects signed-out visitors to /login and unknown pages say so', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/no-such-page')
  await expect(page.getByText(/not found/i).first()).toBeVisible()
})

test('the styleguide shows coloured boxes and a three-card grid that stacks on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 900 })
  await page.goto('/styleguide')
  const cards = page.getByTestId('styleguide-card')
  await expect(cards).toHaveCount(3)
  const wide = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top))
  expect(new Set(wide).size).toBe(1)
  await page.setViewportSize({ width: 375, height: 800 })
  const narrow = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top))
  expect(new Set(narrow).size).toBe(3)
})

test('a route chunk that fails to load offers a retry instead of a blank page', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  let block = true
  await page.route('**/static/js/async/**', (route) => (block ? route.abort() : route.continue()))
  await page.evaluate(() => {
    window.history.pushState({}, '', '/styleguide')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByText("This page didn't load.", { exact: false })).toBeVisible()
  block = false
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('styleguide-card').first()).toBeVisible()
})

test('the API reference is served locally at /api/docs', async ({ page, baseURL }) => {
  const external: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(`${baseURL}/`)) external.push(request.url())
  })
  await page.goto('/api/docs')
  await expect(page.getByText('Slotwise Appointments API').first()).toBeVisible()
  expect(external).toEqual([])
})
