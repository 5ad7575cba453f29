import type { Middleware } from 'openapi-fetch'
import { ApiError } from '../api-error'

/** One failed call, as the error reporter receives it. `status` 0 = no response (network, timeout). */
export interface HttpFailure {
  status: number
  method: string
  /** The contract path, e.g. `/api/v1/me/`: low-cardinality, unlike the URL. */
  route: string
  error: unknown
}

export type ErrorReporter = (failure: HttpFailure) => void

export const INTERNAL_SERVER_ERROR = 'Internal server error'

/**
 * The error catalogue for the console (403, 5xx) and the error reporter (every failure). It
 * sees the final response, after any 401 replay. It never changes what the caller gets.
 */
export function failureLog(getReporter: () => ErrorReporter | null): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return response
      const body = await jsonBody(response)
      if (response.status === 403) console.error('Access forbidden')
      else if (response.status >= 500)
        console.error('Server error:', problemDetail(body) ?? INTERNAL_SERVER_ERROR)
      getReporter()?.({
        status: response.status,
        method: request.method,
        route: schemaPath,
        error: new ApiError(response.status, body, response.headers.get('Retry-After')),
      })
      return response
    },
    onError({ request, error, schemaPath }) {
      getReporter()?.({ status: 0, method: request.method, route: schemaPath, error })
    },
  }
}

/** The response's JSON body, read from a copy so the caller can still read it; null if none. */
async function jsonBody(response: Response): Promise<unknown> {
  try {
    return await response.clone().json()
  } catch {
    return null
  }
}

/** `detail` of a problem+json body, or `message` of an older-style one. */
function problemDetail(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  if ('detail' in body && typeof body.detail === 'string' && body.detail) return body.detail
  if ('message' in body && typeof body.message === 'string' && body.message) return body.message
  return null
}
