// Loaded only through `import('./customer-auth')` from the customer's account pages, so the
// booking wizard never downloads the Firebase SDK.
import { getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  connectAuthEmulator,
  signOut as firebaseSignOut,
  getAuth,
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
} from 'firebase/auth'
import { getRuntimeConfig, type RuntimeConfig } from './runtime-config'

/**
 * A Firebase app of its own for customers: signing in to see one's bookings must neither
 * replace nor end a staff session in the same browser, and a staff member is not a customer.
 */
const CUSTOMER_APP_NAME = 'slotwise-customer'

let auth: Auth | undefined

function customerAuth(config: RuntimeConfig = getRuntimeConfig()): Auth {
  if (auth) return auth
  const existing = getApps().find((app) => app.name === CUSTOMER_APP_NAME)
  const app = existing ?? initializeApp(withoutEmpty(config.firebase), CUSTOMER_APP_NAME)
  auth = getAuth(app)
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true })
  }
  return auth
}

/** The signed-in customer's e-mail once Firebase has restored any session, or null. */
export async function currentCustomerEmail(): Promise<string | null> {
  const current = customerAuth()
  await current.authStateReady()
  return current.currentUser?.email ?? null
}

/** E-mails the sign-in link; opening it lands on `continueUrl` with the link's code. */
export async function sendSignInLink(email: string, continueUrl: string): Promise<void> {
  await sendSignInLinkToEmail(customerAuth(), email, { url: continueUrl, handleCodeInApp: true })
}

export function isSignInLink(href: string): boolean {
  return isSignInWithEmailLink(customerAuth(), href)
}

/** Signs in with the link's one-time code; the e-mail must be the one the link was sent to. */
export async function completeSignInLink(email: string, href: string): Promise<string> {
  const { user } = await signInWithEmailLink(customerAuth(), email, href)
  return user.email ?? email
}

/** The customer's ID token (Firebase refreshes an expired one), or null when signed out. */
export async function customerIdToken(): Promise<string | null> {
  const current = customerAuth()
  await current.authStateReady()
  return current.currentUser ? current.currentUser.getIdToken() : null
}

export async function signOutCustomer(): Promise<void> {
  await firebaseSignOut(customerAuth())
}

// Firebase treats an empty appId as a real (wrong) value; leave unset fields out.
function withoutEmpty(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== ''))
}
