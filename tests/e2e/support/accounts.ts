import { randomUUID } from 'node:crypto'
import { authEmulatorPort } from './ports.ts'

/** The e2e suite's own Auth emulator (see playwright.config.ts). */
const emulator = `http://127.0.0.1:${authEmulatorPort}`

export const strongPassword = 'Slotwise-Test-2026!'

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`
}

/** Creates an e-mail/password account directly in the emulator, as an existing user. */
export async function createEmulatorAccount(email: string, password = strongPassword) {
  const response = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        displayName: 'Existing Owner',
        returnSecureToken: true,
      }),
    },
  )
  if (!response.ok) throw new Error(`emulator signUp failed: ${await response.text()}`)
  return { email, password }
}
