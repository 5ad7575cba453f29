// Loaded only through `import('./firebase')`, so the public booking pages never download the
// Firebase SDK.
import { getApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  signOut as firebaseSignOut,
  GoogleAuthProvider,
  getAuth,
  onIdTokenChanged,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  type User,
  type UserCredential,
  updateProfile,
} from 'firebase/auth'
import type { AuthResult, AuthUser, SignOutResult } from '../machines/auth.machine'
import { describeAuthFailure } from './auth-errors'
import { getRuntimeConfig, type RuntimeConfig } from './runtime-config'

/** A Google account for e2e tests; see `signInWithGoogle`. */
export interface GoogleTestIdentity {
  sub: string
  email: string
  displayName?: string
}

declare global {
  // Set by e2e tests (page.addInitScript) before the app loads.
  var __slotwiseGoogleTestIdentity: GoogleTestIdentity | undefined
}

let auth: Auth | undefined
let usesEmulator = false

/**
 * The app's Auth instance, created on first use from the runtime config (tests pass their
 * own config to that first call).
 */
export function getFirebaseAuth(config: RuntimeConfig = getRuntimeConfig()): Auth {
  if (auth) return auth
  const app = getApps().length > 0 ? getApp() : initializeApp(withoutEmpty(config.firebase))
  auth = getAuth(app)
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true })
    usesEmulator = true
  }
  return auth
}

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName }
}

export async function signInWithEmail(email: string, password: string): Promise<AuthResult> {
  return settle(() => signInWithEmailAndPassword(getFirebaseAuth(), email, password))
}

/**
 * Creates the account and sets its display name, then forces a fresh ID token: the first token
 * was minted before the name existed, and the server reads the name from the token's `name`
 * claim when it creates the business.
 */
export async function signUpWithEmail(
  email: string,
  password: string,
  displayName: string,
): Promise<AuthResult> {
  return settle(async () => {
    const credential = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password)
    await updateProfile(credential.user, { displayName })
    await credential.user.getIdToken(true)
    return credential
  })
}

/**
 * Google sign-in in a popup, always offering the account chooser. The popup's size (500×600)
 * is the SDK's own; it takes no option for it.
 *
 * Google's popup needs the internet even against the emulator, so when the emulator is in use
 * and a test has set `window.__slotwiseGoogleTestIdentity`, the same account is signed in with
 * an emulator-only unsigned credential instead; e2e tests still click the real button.
 */
export async function signInWithGoogle(): Promise<AuthResult> {
  const current = getFirebaseAuth()
  const testIdentity = globalThis.__slotwiseGoogleTestIdentity
  if (usesEmulator && testIdentity) {
    const idToken = JSON.stringify({
      sub: testIdentity.sub,
      email: testIdentity.email,
      email_verified: true,
      name: testIdentity.displayName,
    })
    return settle(() => signInWithCredential(current, GoogleAuthProvider.credential(idToken)))
  }
  const provider = new GoogleAuthProvider()
  provider.setCustomParameters({ prompt: 'select_account' })
  return settle(() => signInWithPopup(current, provider))
}

export async function signOut(): Promise<SignOutResult> {
  try {
    await firebaseSignOut(getFirebaseAuth())
    return { error: null }
  } catch (error) {
    return { error: describeAuthFailure(error) }
  }
}

/**
 * Reports the signed-in user (with a current ID token) or null: once at start, on every
 * sign-in and sign-out, and whenever Firebase refreshes the token (hourly), so the stored
 * token stays fresh. Returns the unsubscribe function.
 */
export function onAuthStateChanged(
  listener: (user: AuthUser | null, token: string | null) => void,
): () => void {
  // Token look-ups are async; a later report must not be overtaken by an earlier one.
  let latest = 0
  return onIdTokenChanged(getFirebaseAuth(), async (user) => {
    const report = ++latest
    if (!user) {
      listener(null, null)
      return
    }
    const token = await user.getIdToken().catch(() => null)
    if (report === latest) listener(toAuthUser(user), token)
  })
}

/** The current user's ID token (forced fresh when asked), or null when no one is signed in. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const current = getFirebaseAuth()
  // At start-up Firebase restores a persisted session asynchronously.
  await current.authStateReady()
  return current.currentUser ? current.currentUser.getIdToken(forceRefresh) : null
}

async function settle(call: () => Promise<UserCredential>): Promise<AuthResult> {
  try {
    const { user } = await call()
    const token = await user.getIdToken()
    return { user: toAuthUser(user), token, error: null }
  } catch (error) {
    return { user: null, token: null, error: describeAuthFailure(error) }
  }
}

// Firebase treats an empty appId as a real (wrong) value; leave unset fields out.
function withoutEmpty(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== ''))
}
