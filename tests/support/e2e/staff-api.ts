import { expect, type Page } from '@playwright/test'

/** The signed-in staff member's token, as the app keeps it, for calls the test makes itself. */
export async function staffAuthHeaders(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  return { Authorization: `Bearer ${token}` }
}

/**
 * A call to the staff API as the signed-in staff member, for setting up what the screen under
 * test is not about; anything but a success fails the test with the answer's text.
 */
export async function staffApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: await staffAuthHeaders(page),
    ...(data === undefined ? {} : { data }),
  })
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** Adds a customer through the API as the signed-in staff member: it must be created (201). */
export async function addCustomerViaApi(
  page: Page,
  body: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  const response = await page.request.post('/api/v1/customers', {
    headers: await staffAuthHeaders(page),
    data: body,
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: string; name: string }
}
