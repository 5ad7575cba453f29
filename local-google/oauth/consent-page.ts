import { randomUUID } from 'node:crypto'
import { ensureAccount } from '../accounts.ts'
import type { ServiceContext } from '../context.ts'
import { escapeHtml, type HttpReply, htmlReply, redirectReply } from '../http-reply.ts'
import { newToken } from '../ids.ts'
import { knownScopes } from './scopes.ts'

/*
 * Google's consent screen, reduced to what a test account needs: who signs in (the app's
 * `login_hint`, or the service's default account), what the app asks for, and Allow or Deny.
 * Allow sends the browser back with `code` and `state`; Deny with `error=access_denied`.
 */

const codeLifetimeMs = 10 * 60_000
const decisionPath = '/o/oauth2/v2/auth/decision'

type Query = Record<string, string>

/** `GET /o/oauth2/v2/auth`: the page, or Google's error page for a request it cannot accept. */
export function consentPage(context: ServiceContext, query: Query): HttpReply {
  const refused = refusal(context, query)
  if (refused) return refused
  const email = query.login_hint || context.defaultEmail
  const scopes = (query.scope ?? '').split(' ').filter(Boolean)
  const hidden = Object.entries(query)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n      ')
  return htmlReply(
    200,
    `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head>
  <body>
    <main>
      <h1>Slotwise wants to access your Google Account</h1>
      <form method="post" action="${decisionPath}">
      ${hidden}
        <label>Account <input name="email" type="email" value="${escapeHtml(email)}" required></label>
        <p>This will allow Slotwise to:</p>
        <ul>${scopes.map((scope) => `<li>${escapeHtml(knownScopes[scope] ?? scope)}</li>`).join('')}</ul>
        <button type="submit" name="decision" value="deny">Deny</button>
        <button type="submit" name="decision" value="allow">Allow</button>
      </form>
    </main>
  </body>
</html>
`,
  )
}

/** `POST /o/oauth2/v2/auth/decision`: the person's answer, back to the app's redirect URI. */
export function consentDecision(
  context: ServiceContext,
  form: Query,
  defaultTimeZone: string,
): HttpReply {
  const refused = refusal(context, form)
  if (refused) return refused
  const redirect = new URL(form.redirect_uri ?? '')
  if (form.state !== undefined) redirect.searchParams.set('state', form.state)
  if (form.decision !== 'allow') {
    redirect.searchParams.set('error', 'access_denied')
    return redirectReply(redirect.toString())
  }
  const email = (form.email || form.login_hint || context.defaultEmail).trim().toLowerCase()
  ensureAccount(context.state, email, defaultTimeZone)
  const scopes = (form.scope ?? '').split(' ').filter(Boolean)
  const grantId = randomUUID()
  const firstConsent = !Object.values(context.state.grants).some(
    (grant) => grant.email === email && grant.clientId === context.client.id && !grant.revoked,
  )
  // Google hands out a refresh token for offline access only the first time a person
  // consents, unless the app asks again with prompt=consent.
  const offline = form.access_type === 'offline'
  const refreshToken =
    offline && (firstConsent || (form.prompt ?? '').split(' ').includes('consent'))
      ? newToken('1//')
      : null
  context.state.grants[grantId] = {
    id: grantId,
    clientId: context.client.id,
    email,
    scopes,
    refreshToken,
    revoked: false,
  }
  const code = newToken('4/')
  context.state.codes[code] = {
    grantId,
    redirectUri: form.redirect_uri ?? '',
    expiresAt: Date.now() + codeLifetimeMs,
    used: false,
  }
  redirect.searchParams.set('code', code)
  redirect.searchParams.set('scope', scopes.join(' '))
  return redirectReply(redirect.toString())
}

function refusal(context: ServiceContext, query: Query): HttpReply | undefined {
  if (query.client_id !== context.client.id) {
    return errorPage(401, 'invalid_client', 'The OAuth client was not found.')
  }
  if (query.response_type !== 'code') {
    return errorPage(
      400,
      'unsupported_response_type',
      `Invalid response_type: ${query.response_type ?? ''}`,
    )
  }
  if (!isHttpUrl(query.redirect_uri)) {
    return errorPage(400, 'invalid_request', 'Missing required parameter: redirect_uri')
  }
  const scopes = (query.scope ?? '').split(' ').filter(Boolean)
  if (scopes.length === 0)
    return errorPage(400, 'invalid_request', 'Missing required parameter: scope')
  const unknown = scopes.find((scope) => !(scope in knownScopes))
  if (unknown)
    return errorPage(
      400,
      'invalid_scope',
      `Some requested scopes were invalid. {invalid=[${unknown}]}`,
    )
  return undefined
}

function errorPage(status: number, error: string, detail: string): HttpReply {
  return htmlReply(
    status,
    `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Error ${status}: ${escapeHtml(error)}</title></head>
  <body><main><h1>Access blocked: Authorization Error</h1><p>${escapeHtml(detail)}</p><p>Error ${status}: ${escapeHtml(error)}</p></main></body>
</html>
`,
  )
}

function isHttpUrl(text: string | undefined): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text ?? '').protocol)
  } catch {
    return false
  }
}
