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

/**
 * An emulator account whose e-mail is verified (as if its owner had clicked the link): only a
 * verified e-mail may take up a team-member invitation.
 */
export async function createVerifiedAccount(email: string): Promise<void> {
  const identity = `${emulator}/identitytoolkit.googleapis.com/v1`
  const created = await fetch(`${identity}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: strongPassword, returnSecureToken: true }),
  })
  if (!created.ok) throw new Error(`emulator signUp failed: ${await created.text()}`)
  const { localId } = (await created.json()) as { localId: string }
  const verified = await fetch(`${identity}/projects/demo-slotwise/accounts:update`, {
    method: 'POST',
    // The emulator takes "owner" as an admin credential for its own project.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  })
  if (!verified.ok) throw new Error(`emulator accounts:update failed: ${await verified.text()}`)
}
