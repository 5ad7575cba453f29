import { ConnectorError } from '../connector.ts'

/*
 * Google's failures as the engine's kinds. The libraries throw gaxios errors (two copies of
 * gaxios are installed, so they are read by shape, not by class): the Calendar API's
 * `{ error: { code, errors: [{ reason }] } }`, and the token endpoint's `{ error }`.
 */

interface HttpFailure {
  status?: number
  code?: string
  message?: string
  response?: { status?: number; data?: unknown; headers?: unknown }
}

const rateLimitReasons = ['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']

/** The HTTP status of a failed call, if the provider answered at all. */
export function statusOf(error: unknown): number | undefined {
  const failure = error as HttpFailure | null
  return failure?.response?.status ?? failure?.status
}

export function toConnectorError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error
  const failure = (error ?? {}) as HttpFailure
  const status = statusOf(error)
  const data = failure.response?.data as
    | { error?: string | { message?: string; errors?: { reason?: string }[] } }
    | undefined
  const oauthError = typeof data?.error === 'string' ? data.error : undefined
  const apiError = typeof data?.error === 'object' ? data.error : undefined
  const reason = apiError?.errors?.[0]?.reason
  const said = apiError?.message ?? oauthError ?? failure.message ?? 'no answer'
  if (status === undefined) {
    return new ConnectorError('unreachable', `Google did not answer: ${failure.code ?? said}`)
  }
  if (oauthError === 'invalid_grant') {
    return new ConnectorError(
      'needs_reconnect',
      'Google no longer accepts this connection (invalid_grant).',
    )
  }
  if (oauthError === 'invalid_client' || oauthError === 'unauthorized_client') {
    return new ConnectorError(
      'protocol',
      `Google refused the app's OAuth client (${oauthError}): check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.`,
    )
  }
  if (status === 429 || (status === 403 && rateLimitReasons.includes(reason ?? ''))) {
    return new ConnectorError(
      'rate_limited',
      `Google: ${said}`,
      retryAfterMs(failure.response?.headers),
    )
  }
  if (status === 401 || status === 403) {
    return new ConnectorError('needs_reconnect', `Google refused access (${status}): ${said}`)
  }
  if (status === 404 || status === 410) {
    return new ConnectorError('calendar_gone', `Google: the calendar is gone (${status}).`)
  }
  if (status >= 500) return new ConnectorError('unreachable', `Google answered ${status}: ${said}`)
  return new ConnectorError('protocol', `Google answered ${status}: ${said}`)
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(headers: unknown): number | undefined {
  // A fetch Headers (of whichever fetch gaxios used), or a plain object.
  const readable = headers as { get?: (name: string) => string | null } | undefined
  const value =
    typeof readable?.get === 'function'
      ? readable.get('retry-after')
      : (headers as Record<string, string> | undefined)?.['retry-after']
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}
