import type { RefusalKind } from '../domain/refusal.ts'

/** The one table from a use case's refusal to its HTTP status. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-many-requests': 429,
  unavailable: 503,
}
