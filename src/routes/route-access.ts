/** Mirrors the auth context's status; kept here so the guard's rules stay a pure function. */
export type AuthStatus = 'initializing' | 'signedOut' | 'signedIn'

/** `guest`: only for signed-out users (login, register). `staff`: only for signed-in users. */
export type GuardedArea = 'guest' | 'staff'

export type AccessDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }

export const SIGNED_IN_HOME = '/dashboard'
export const LOGIN_PATH = '/login'
export const RETURN_PARAM = 'next'

export interface AccessInput {
  area: GuardedArea
  status: AuthStatus
  /** localStorage `isAuthenticated` === 'true': the last session ended signed in. */
  storedFlag: boolean
  /** The path being opened, without the query string. */
  path: string
  /** The query string being opened (with or without the leading '?'). */
  search: string
  /**
   * This visit had a session that has now ended (sign-out, or a refresh that failed). Then the
   * way back is a plain /login: after signing out, signing in again starts on the dashboard.
   */
  sessionEnded?: boolean
}

/**
 * The route guard. While Firebase restores the session (`initializing`) the stored flag stands in
 * for the answer, so a returning user is not bounced to /login and back; without the flag there
 * is nothing to go on yet, so the staff area waits instead of flashing the login page.
 */
export function decideAccess({
  area,
  status,
  storedFlag,
  path,
  search,
  sessionEnded = false,
}: AccessInput): AccessDecision {
  const authenticated = status === 'signedIn' || (status === 'initializing' && storedFlag)

  if (area === 'guest') {
    if (!authenticated) return { kind: 'render' }
    return { kind: 'redirect', to: returnPathFrom(search) }
  }

  if (authenticated) return { kind: 'render' }
  if (status === 'initializing') return { kind: 'wait' }
  return { kind: 'redirect', to: sessionEnded ? LOGIN_PATH : loginPathFor(path, search) }
}

/** /login?next=<where they were going>, so sign-in can send them back there. */
export function loginPathFor(path: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search
  const target = query ? `${path}?${query}` : path
  if (!isSafeReturnPath(target) || target === SIGNED_IN_HOME) return LOGIN_PATH
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: target })}`
}

/** Where a user who has just signed in goes: the remembered page, or the dashboard. */
export function returnPathFrom(search: string): string {
  const next = new URLSearchParams(search).get(RETURN_PARAM)
  return next !== null && isSafeReturnPath(next) ? next : SIGNED_IN_HOME
}

/**
 * Only same-origin app paths may be returned to: an attacker-made link such as
 * /login?next=//evil.example must not send a freshly signed-in user off-site.
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  return !['/login', '/register'].some(
    (guestPath) => pathname === guestPath || pathname.startsWith(`${guestPath}/`),
  )
}
