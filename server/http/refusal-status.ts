import type { Refusal, RefusalKind } from '../domain/refusal.ts'

/** The one table from a use case's refusal to its HTTP status. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'too-many-requests': 429,
  unavailable: 503,
}

/**
 * The headers a refusal's details become: when to retry, the media types the method accepts
 * (`Accept-Put` for a PUT), and the Bearer challenge of a token that was not accepted.
 */
export function refusalHeaders(refusal: Refusal, method: string): Record<string, string> {
  const headers: Record<string, string> = {}
  if (refusal.retryAfterSeconds !== undefined) {
    headers['retry-after'] = String(refusal.retryAfterSeconds)
  }
  if (refusal.acceptedTypes) {
    headers[`accept-${method.toLowerCase()}`] = refusal.acceptedTypes.join(', ')
  }
  if (refusal.kind === 'unauthenticated') {
    headers['www-authenticate'] = 'Bearer error="invalid_token"'
  }
  return headers
}
