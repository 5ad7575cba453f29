import type { ServiceContext } from '../context.ts'
import { OAuthError } from '../errors.ts'
import { type HttpReply, jsonReply } from '../http-reply.ts'
import { newToken } from '../ids.ts'
import type { Grant } from '../state.ts'

/*
 * Google's token endpoint (`POST /token`, RFC 6749) for the two grants a web server app uses,
 * and `POST /revoke` (RFC 7009). Revoking any token of a grant ends the whole grant, as on
 * Google: its refresh token then answers `invalid_grant`.
 */

const accessTokenLifetimeSeconds = 3599

type Form = Record<string, string>

export function tokenEndpoint(
  context: ServiceContext,
  form: Form,
  authorization: string | undefined,
): HttpReply {
  authenticateClient(context, form, authorization)
  if (form.grant_type === 'authorization_code') return exchangeCode(context, form)
  if (form.grant_type === 'refresh_token') return refresh(context, form)
  throw new OAuthError(
    400,
    'unsupported_grant_type',
    `Invalid grant_type: ${form.grant_type ?? ''}`,
  )
}

export function revokeEndpoint(context: ServiceContext, token: string | undefined): HttpReply {
  const grant = token ? grantOfToken(context, token) : undefined
  if (!grant || grant.revoked) {
    throw new OAuthError(400, 'invalid_token', 'Token expired or revoked')
  }
  revokeGrant(context, grant)
  return jsonReply(200, {})
}

export function revokeGrant(context: ServiceContext, grant: Grant): void {
  grant.revoked = true
  for (const [token, access] of Object.entries(context.state.accessTokens)) {
    if (access.grantId === grant.id) delete context.state.accessTokens[token]
  }
}

/** client_secret_post (the libraries' default) or client_secret_basic. */
function authenticateClient(context: ServiceContext, form: Form, authorization?: string): void {
  let clientId = form.client_id
  let clientSecret = form.client_secret
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    clientId = decodeURIComponent(decoded.slice(0, colon))
    clientSecret = decodeURIComponent(decoded.slice(colon + 1))
  }
  if (clientId !== context.client.id) {
    throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.')
  }
  if (clientSecret !== context.client.secret) {
    throw new OAuthError(401, 'invalid_client', 'Unauthorized')
  }
}

function exchangeCode(context: ServiceContext, form: Form): HttpReply {
  const code = form.code ? context.state.codes[form.code] : undefined
  if (!code) throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.')
  const grant = context.state.grants[code.grantId]
  if (code.used || code.expiresAt < Date.now() || !grant || grant.revoked) {
    throw new OAuthError(400, 'invalid_grant', 'Bad Request')
  }
  if (form.redirect_uri !== code.redirectUri) {
    throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request')
  }
  code.used = true
  return jsonReply(200, {
    access_token: issueAccessToken(context, grant),
    expires_in: accessTokenLifetimeSeconds,
    ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
    scope: grant.scopes.join(' '),
    token_type: 'Bearer',
  })
}

function refresh(context: ServiceContext, form: Form): HttpReply {
  const grant = Object.values(context.state.grants).find(
    (candidate) => candidate.refreshToken !== null && candidate.refreshToken === form.refresh_token,
  )
  if (!grant || grant.revoked) {
    throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.')
  }
  return jsonReply(200, {
    access_token: issueAccessToken(context, grant),
    expires_in: accessTokenLifetimeSeconds,
    scope: grant.scopes.join(' '),
    token_type: 'Bearer',
  })
}

function issueAccessToken(context: ServiceContext, grant: Grant): string {
  const token = newToken('ya29.')
  context.state.accessTokens[token] = {
    grantId: grant.id,
    expiresAt: Date.now() + accessTokenLifetimeSeconds * 1000,
  }
  return token
}

function grantOfToken(context: ServiceContext, token: string): Grant | undefined {
  const access = context.state.accessTokens[token]
  if (access) return context.state.grants[access.grantId]
  return Object.values(context.state.grants).find((grant) => grant.refreshToken === token)
}
