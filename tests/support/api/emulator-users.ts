import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'

export interface EmulatorUser {
  uid: string
  email: string
  idToken: string
  password: string
}

export function authEmulatorHost(): string {
  return inject('authEmulatorHost')
}

/** A unique address per call, so test files never see each other's users. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@slotwise.test`
}

/** Signs a new user up in the Auth emulator through its REST API and returns a real ID token. */
export async function signUp(
  options: { email?: string; password?: string; displayName?: string } = {},
): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? 'Correct-Horse-42!'
  const created = await callEmulator('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  })
  const uid = String(created.localId)
  let idToken = String(created.idToken)
  if (options.displayName) {
    await callEmulator('accounts:update', { idToken, displayName: options.displayName })
    // The name claim only appears in tokens issued after the profile has it.
    const signedIn = await callEmulator('accounts:signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    })
    idToken = String(signedIn.idToken)
  }
  return { uid, email, idToken, password }
}

/**
 * Marks the user's e-mail verified (as clicking the verification link would) and signs in
 * again: only tokens issued after that carry `email_verified: true`, which is what lets a
 * team-member invitation for this address be accepted.
 */
export async function verifyEmail(user: EmulatorUser): Promise<EmulatorUser> {
  await updateAsAdmin({ localId: user.uid, emailVerified: true })
  const signedIn = await callEmulator('accounts:signInWithPassword', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  })
  return { ...user, idToken: String(signedIn.idToken) }
}

/**
 * Gives the account another verified e-mail (as the person changing their sign-in address
 * would) and signs in with it: the new token carries the new address.
 */
export async function changeEmail(user: EmulatorUser, email: string): Promise<EmulatorUser> {
  await updateAsAdmin({ localId: user.uid, email, emailVerified: true })
  const signedIn = await callEmulator('accounts:signInWithPassword', {
    email,
    password: user.password,
    returnSecureToken: true,
  })
  return { ...user, email, idToken: String(signedIn.idToken) }
}

async function updateAsAdmin(payload: object): Promise<void> {
  const url = `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/projects/demo-slotwise/accounts:update`
  const response = await fetch(url, {
    method: 'POST',
    // The emulator accepts "owner" as an admin credential for its own project.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(payload),
  })
  if (!response.ok)
    throw new Error(`Auth emulator accounts:update failed: ${await response.text()}`)
}

async function callEmulator(method: string, payload: object): Promise<Record<string, unknown>> {
  const url = `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`
  const post = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
  // The emulator closes a kept-alive connection after a few idle seconds; on a busy machine
  // fetch may reuse it just then, and the request never reaches the emulator: send it again.
  const response = await post().catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string } }).cause
    if (cause?.code === 'UND_ERR_SOCKET') return post()
    throw error
  })
  const body = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`Auth emulator ${method} failed: ${JSON.stringify(body)}`)
  return body
}

/** Rewrites a JWT's payload without re-signing it, the way an attacker would. */
export function withPayload(token: string, change: (payload: Record<string, unknown>) => void) {
  const [header, payload, signature] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'))
  change(claims)
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.')
}

export function withHeader(token: string, header: object) {
  const [, payload, signature] = token.split('.')
  return [Buffer.from(JSON.stringify(header)).toString('base64url'), payload, signature].join('.')
}
