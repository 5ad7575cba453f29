import { StripeApiError } from './errors.ts'
import type { HttpReply } from './http-reply.ts'
import type { StripeState } from './state.ts'

export interface IdempotentRequest {
  key: string
  method: string
  path: string
  /** The decoded parameters, so the same values in another order still match. */
  fingerprint: string
}

/** The first answer given under this key, or undefined when the key is new. */
export function replayFor(state: StripeState, request: IdempotentRequest): HttpReply | undefined {
  const record = state.idempotency[request.key]
  if (!record) return undefined
  if (
    record.method !== request.method ||
    record.path !== request.path ||
    record.fingerprint !== request.fingerprint
  ) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.key}' if you meant to execute a different request.`,
    })
  }
  return {
    status: record.status,
    headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
    body: record.body,
  }
}

/** Stripe does not keep server errors under a key, so a retry after one runs again. */
export function remember(state: StripeState, request: IdempotentRequest, reply: HttpReply): void {
  if (reply.status >= 500) return
  state.idempotency[request.key] = {
    method: request.method,
    path: request.path,
    fingerprint: request.fingerprint,
    status: reply.status,
    body: reply.body,
  }
}
