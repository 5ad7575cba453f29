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
