import { randomBytes } from 'node:crypto'
import { ensureAccount, newCalendar } from './accounts.ts'
import type { ServiceContext } from './context.ts'
import { badRequest, notFound } from './errors.ts'
import { type HttpReply, jsonReply } from './http-reply.ts'
import { revokeGrant } from './oauth/token-endpoint.ts'

/*
 * Control routes under `/_local/` (not Google's API) for what tests cannot do through it:
 * time passing for tokens, a person revoking access in their Google Account, Google
 * forgetting old sync tokens, rate limits and outages, and accounts with more calendars.
 */

type Body = Record<string, unknown>

export function answerAdmin(
  context: ServiceContext,
  path: string,
  body: Body,
  defaultTimeZone: string,
): HttpReply {
  const { state } = context
  const email = typeof body.email === 'string' ? body.email.toLowerCase() : undefined
  if (path === '/_local/accounts') {
    if (!email) throw badRequest('email is required', 'required')
    ensureAccount(state, email, stringOr(body.timeZone, defaultTimeZone))
    return jsonReply(200, { email, calendarIds: state.accounts[email]?.calendarIds })
  }
  if (path === '/_local/calendars') {
    if (!email || !state.accounts[email]) throw badRequest('email of a known account is required')
    const role = stringOr(body.accessRole, 'owner')
    if (!['owner', 'writer', 'reader'].includes(role)) throw badRequest('Invalid accessRole')
    const id = `${randomBytes(16).toString('hex')}@group.calendar.google.com`
    const calendar = newCalendar(
      id,
      email,
      role as 'owner',
      stringOr(body.timeZone, defaultTimeZone),
      false,
      '#a47ae2',
    )
    calendar.summary = stringOr(body.summary, 'Calendar')
    state.calendars[id] = calendar
    state.accounts[email]?.calendarIds.push(id)
    return jsonReply(200, { id })
  }
  if (path === '/_local/tokens/expire') {
    for (const access of Object.values(state.accessTokens)) {
      if (!email || state.grants[access.grantId]?.email === email) access.expiresAt = 0
    }
    return jsonReply(200, {})
  }
  if (path === '/_local/grants/revoke') {
    for (const grant of Object.values(state.grants)) {
      if (grant.email === email) revokeGrant(context, grant)
    }
    return jsonReply(200, {})
  }
  if (path === '/_local/failures') {
    const status = Number(body.status)
    if (![403, 429, 500, 503].includes(status))
      throw badRequest('status must be 403, 429, 500 or 503')
    const retryAfter = body.retryAfterSeconds
    state.failure = {
      status,
      remaining: Math.max(1, Number(body.count ?? 1)),
      retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : null,
    }
    return jsonReply(200, {})
  }
  const expire = path.match(/^\/_local\/calendars\/([^/]+)\/expire-sync-tokens$/)
  const calendar = expire ? state.calendars[decodeURIComponent(expire[1] as string)] : undefined
  if (calendar) {
    calendar.syncGeneration += 1
    return jsonReply(200, {})
  }
  throw notFound()
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback
}
