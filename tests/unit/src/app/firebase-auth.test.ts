/**
 * The Firebase wrapper against the real Auth emulator: the results the auth machine gets,
 * the sentences users see, and the e2e hook for Google sign-in.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAuthEmulator } from '../../../../scripts/lib/auth-emulator.ts'
import { describeAuthError } from '../../../../src/app/auth-errors'
import type * as Firebase from '../../../../src/app/firebase'
import { DEV_RUNTIME_CONFIG } from '../../../../src/app/runtime-config'
import type { AuthUser } from '../../../../src/machines/auth.machine'

let emulator: Awaited<ReturnType<typeof startAuthEmulator>>
let firebase: typeof Firebase

const run = Date.now().toString(36)
const email = (name: string) => `${name}.${run}@example.com`
const password = 'Str0ng!pass'

/** The claims of a (here unsigned) Firebase ID token. */
function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
}

beforeAll(async () => {
  emulator = await startAuthEmulator()
  firebase = await import('../../../../src/app/firebase')
  firebase.getFirebaseAuth({ ...DEV_RUNTIME_CONFIG, authEmulatorUrl: emulator.url })
}, 150_000)

afterAll(async () => {
  await emulator?.stop()
}, 30_000)

afterEach(async () => {
  globalThis.__slotwiseGoogleTestIdentity = undefined
  await firebase.signOut()
})

describe('e-mail sign-up and sign-in', () => {
  it('sign-up sets the display name, and the token already carries it as the name claim', async () => {
    const result = await firebase.signUpWithEmail(email('ada'), password, 'Ada Lovelace')
    expect(result.error).toBeNull()
    expect(result.user).toMatchObject({ email: email('ada'), displayName: 'Ada Lovelace' })
    expect(claimsOf(result.token ?? '')).toMatchObject({
      email: email('ada'),
      name: 'Ada Lovelace',
      user_id: result.user?.uid,
    })
  })

  it('sign-in returns the user and a token; exactly one of user and error is null', async () => {
    await firebase.signUpWithEmail(email('grace'), password, 'Grace Hopper')
    await firebase.signOut()
    const result = await firebase.signInWithEmail(email('grace'), password)
    expect(result.error).toBeNull()
    expect(result.user).toMatchObject({ email: email('grace'), displayName: 'Grace Hopper' })
    expect(claimsOf(result.token ?? '').email).toBe(email('grace'))
  })

  it('a wrong password is a sentence, with a null user', async () => {
    await firebase.signUpWithEmail(email('alan'), password, 'Alan Turing')
    await firebase.signOut()
    const result = await firebase.signInWithEmail(email('alan'), 'not-the-password')
    expect(result.user).toBeNull()
    expect(result.error).toBe(describeAuthError('auth/invalid-credential'))
  })

  it('provider refusals become the catalogue sentences', async () => {
    await firebase.signUpWithEmail(email('taken'), password, 'First')
    await firebase.signOut()
    expect((await firebase.signUpWithEmail(email('taken'), password, 'Second')).error).toBe(
      describeAuthError('auth/email-already-in-use'),
    )
    expect((await firebase.signUpWithEmail(email('weak'), '123', 'Weak')).error).toBe(
      describeAuthError('auth/weak-password'),
    )
    expect((await firebase.signInWithEmail('not-an-email', password)).error).toBe(
      describeAuthError('auth/invalid-email'),
    )
  })
})

describe('Google sign-in test hook', () => {
  it('signs in the test identity through a Google credential when the emulator is in use', async () => {
    globalThis.__slotwiseGoogleTestIdentity = {
      sub: `google-${run}`,
      email: email('google'),
      displayName: 'Gee Oogle',
    }
    const result = await firebase.signInWithGoogle()
    expect(result.error).toBeNull()
    expect(result.user).toMatchObject({ email: email('google'), displayName: 'Gee Oogle' })
    const claims = claimsOf(result.token ?? '')
    expect(claims.firebase).toMatchObject({ sign_in_provider: 'google.com' })
  })
})

describe('session', () => {
  it('reports sign-in (with token) and sign-out to listeners', async () => {
    const reports: Array<[AuthUser | null, string | null]> = []
    const unsubscribe = firebase.onAuthStateChanged((user, token) => reports.push([user, token]))
    try {
      await waitFor(() => reports.length >= 1)
      expect(reports[0]).toEqual([null, null])

      const { user } = await firebase.signUpWithEmail(email('listener'), password, 'Lis Tener')
      await waitFor(() => reports.some(([reported]) => reported?.uid === user?.uid))
      const signedIn = reports.find(([reported]) => reported?.uid === user?.uid)
      expect(signedIn?.[1]).toEqual(expect.any(String))

      await firebase.signOut()
      await waitFor(() => reports.at(-1)?.[0] === null)
    } finally {
      unsubscribe()
    }
  })

  it('getIdToken forces a token for the signed-in user, and is null when nobody is', async () => {
    const { user } = await firebase.signUpWithEmail(email('token'), password, 'To Ken')
    const token = await firebase.getIdToken(true)
    expect(claimsOf(token ?? '').user_id).toBe(user?.uid)
    await firebase.signOut()
    expect(await firebase.getIdToken(true)).toBeNull()
  })
})

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
