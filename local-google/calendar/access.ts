import type { ServiceContext } from '../context.ts'
import {
  injectedFailure,
  insufficientScopes,
  invalidCredentials,
  notFound,
  writerAccessRequired,
} from '../errors.ts'
import { type CallKind, scopesFor } from '../oauth/scopes.ts'
import type { StoredCalendar } from '../state.ts'

/** Who a Calendar API request acts for: the account and scopes of its access token's grant. */
export interface Caller {
  email: string
  scopes: string[]
}

/** A bearer access token that is known, unexpired and whose grant still stands; else 401. */
export function authenticate(context: ServiceContext, authorization: string | undefined): Caller {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1]
  const access = token ? context.state.accessTokens[token] : undefined
  const grant = access ? context.state.grants[access.grantId] : undefined
  if (!access || !grant || grant.revoked || access.expiresAt <= Date.now()) {
    throw invalidCredentials()
  }
  return { email: grant.email, scopes: grant.scopes }
}

/** Google answers 403 insufficientPermissions when the token's scopes do not cover the call. */
export function requireScope(caller: Caller, kind: CallKind): void {
  const enough: readonly string[] = scopesFor[kind]
  if (!caller.scopes.some((scope) => enough.includes(scope))) throw insufficientScopes()
}

/** The calendar named in the path (`primary` is the caller's own); 404 if they cannot see it. */
export function calendarFor(
  context: ServiceContext,
  caller: Caller,
  calendarId: string,
): StoredCalendar {
  const id = calendarId === 'primary' ? caller.email : calendarId
  const visible = context.state.accounts[caller.email]?.calendarIds.includes(id)
  const calendar = context.state.calendars[id]
  if (!visible || !calendar) throw notFound()
  return calendar
}

export function requireWriter(calendar: StoredCalendar): void {
  if (calendar.accessRole === 'reader') throw writerAccessRequired()
}

/** Counts down a failure a test set with `/_local/failures`, throwing it while it lasts. */
export function failIfInjected(context: ServiceContext): void {
  const failure = context.state.failure
  if (!failure) return
  failure.remaining -= 1
  if (failure.remaining <= 0) context.state.failure = null
  throw injectedFailure(failure.status, failure.retryAfterSeconds)
}
