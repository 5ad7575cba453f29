import type { components } from '../../shared/contract/schema'
import type { AuthUser } from '../machines/auth.machine'

type Profile = components['schemas']['Profile']
type Subscription = components['schemas']['Subscription']
type Tenant = components['schemas']['Tenant']

/** The slice of the Web Storage API these helpers use; tests pass an in-memory one. */
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The local-storage keys, named exactly as the product has always named them. */
export const storageKeys = {
  authToken: 'authToken',
  isAuthenticated: 'isAuthenticated',
  userId: 'userId',
  userEmail: 'userEmail',
  userName: 'userName',
  businessData: 'businessData',
  currency: 'currency',
  domain: 'domain',
  subscription: 'subscription',
  /** The signed-in user's default calendar view, so a cold start of /calendar knows its range. */
  calendarView: 'calendarView',
} as const

/**
 * A booking visitor's language choice: not part of anyone's session, so sign-in and sign-out
 * (which work through `storageKeys`) leave it alone.
 */
const BOOKING_LANGUAGE_KEY = 'bookingLanguage'

/** The calendar's Team filter (who the day view shows, in what order): a choice of this browser. */
const CALENDAR_TEAM_KEY = 'calendarTeam'

export const DEFAULT_CURRENCY = 'USD'

/** The keys a failed 401 refresh removes; currency, domain and subscription survive it. */
export const sessionKeys = [
  storageKeys.authToken,
  storageKeys.isAuthenticated,
  storageKeys.userId,
  storageKeys.userEmail,
  storageKeys.userName,
  storageKeys.businessData,
] as const

export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value)
    },
    removeItem: (key) => {
      values.delete(key)
    },
  }
}

// Node (tests, tooling) has no localStorage; a throwaway memory store keeps callers simple.
let fallbackStore: KeyValueStore | undefined
function browserStore(): KeyValueStore {
  if (typeof globalThis.localStorage !== 'undefined') return globalThis.localStorage
  fallbackStore ??= createMemoryStore()
  return fallbackStore
}

/** After any sign-in (or a restored session): the token and who is signed in. */
export function storeSignIn(
  session: { user: AuthUser; token: string | null },
  store: KeyValueStore = browserStore(),
): void {
  setOrRemove(store, storageKeys.authToken, session.token)
  store.setItem(storageKeys.isAuthenticated, 'true')
  store.setItem(storageKeys.userId, session.user.uid)
  setOrRemove(store, storageKeys.userEmail, session.user.email)
  setOrRemove(store, storageKeys.userName, session.user.displayName)
}

export function storeToken(token: string, store: KeyValueStore = browserStore()): void {
  store.setItem(storageKeys.authToken, token)
}

/** From the me call: the business (as businessData), its currency, API domain and plan. */
export function storeProfile(profile: Profile, store: KeyValueStore = browserStore()): void {
  store.setItem(storageKeys.businessData, JSON.stringify(profile.tenant))
  store.setItem(storageKeys.currency, profile.currency || DEFAULT_CURRENCY)
  setOrRemove(store, storageKeys.domain, profile.domain)
  store.setItem(storageKeys.subscription, JSON.stringify(profile.subscription))
  store.setItem(storageKeys.calendarView, profile.default_calendar)
}

export function clearSessionKeys(store: KeyValueStore = browserStore()): void {
  for (const key of sessionKeys) store.removeItem(key)
}

/**
 * Sign-out: every key the app keeps. Keys other code owns (a theme choice, Firebase's own
 * persistence) are left alone; `localStorage.clear()` would reset them too.
 */
export function clearAll(store: KeyValueStore = browserStore()): void {
  for (const key of Object.values(storageKeys)) store.removeItem(key)
}

export function readAuthToken(store: KeyValueStore = browserStore()): string | null {
  return store.getItem(storageKeys.authToken) || null
}

export function readDomain(store: KeyValueStore = browserStore()): string | null {
  return store.getItem(storageKeys.domain) || null
}

export function readCurrency(store: KeyValueStore = browserStore()): string {
  return store.getItem(storageKeys.currency) || DEFAULT_CURRENCY
}

/** The route guard's memory of a session while the provider has not reported yet. */
export function readIsAuthenticated(store: KeyValueStore = browserStore()): boolean {
  return store.getItem(storageKeys.isAuthenticated) === 'true'
}

export function readSubscription(store: KeyValueStore = browserStore()): Subscription | null {
  return readJson<Subscription>(store, storageKeys.subscription)
}

/** The language a visitor picked on the booking pages' switcher, if they ever did. */
export function readBookingLanguage(store: KeyValueStore = browserStore()): string | null {
  return store.getItem(BOOKING_LANGUAGE_KEY) || null
}

export function storeBookingLanguage(language: string, store: KeyValueStore = browserStore()) {
  store.setItem(BOOKING_LANGUAGE_KEY, language)
}

/** The calendar's Team filter as last chosen in this browser (JSON; checked by the reader). */
export function readCalendarTeam(store: KeyValueStore = browserStore()): unknown {
  return readJson<unknown>(store, CALENDAR_TEAM_KEY)
}

export function storeCalendarTeam(choice: unknown, store: KeyValueStore = browserStore()): void {
  store.setItem(CALENDAR_TEAM_KEY, JSON.stringify(choice))
}

/** The default calendar view the last profile named (`day`, `week` or `month`), unchecked. */
export function readCalendarView(store: KeyValueStore = browserStore()): string | null {
  return store.getItem(storageKeys.calendarView)
}

export function readBusinessData(store: KeyValueStore = browserStore()): Tenant | null {
  return readJson<Tenant>(store, storageKeys.businessData)
}

function setOrRemove(store: KeyValueStore, key: string, value: string | null): void {
  if (value) store.setItem(key, value)
  else store.removeItem(key)
}

// Stored JSON can be stale or hand-edited; a bad value reads as absent rather than crashing.
function readJson<T>(store: KeyValueStore, key: string): T | null {
  const raw = store.getItem(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}
