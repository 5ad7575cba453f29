import createClient, { type Client } from 'openapi-fetch'
import type { paths } from '../../shared/contract/schema'
import { readAuthToken, readDomain } from '../app/storage'
import { apiDomain } from './middleware/api-domain'
import { bearerToken } from './middleware/bearer-token'
import { type ErrorReporter, failureLog } from './middleware/failure-log'
import { jsonHeaders } from './middleware/json-headers'
import { type UnauthorizedHandler, unauthorizedReplay } from './middleware/unauthorized-replay'
import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from './timeout'

export type { ErrorReporter, HttpFailure } from './middleware/failure-log'
export type { UnauthorizedHandler } from './middleware/unauthorized-replay'
export { REQUEST_TIMEOUT_MS } from './timeout'

// Injected from outside so this module knows nothing of the auth machine or of Sentry.
let unauthorizedHandler: UnauthorizedHandler | null = null
let errorReporter: ErrorReporter | null = null

/** Who refreshes the token and replays a 401 (the auth provider); null = callers see the 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler
}

/** Where failed calls are reported (monitoring); null = nowhere. */
export function setErrorReporter(reporter: ErrorReporter | null): void {
  errorReporter = reporter
}

export interface ApiClientOptions {
  /** Default '' = the page's origin. A stored `domain` overrides it per request. */
  baseUrl?: string
  timeoutMs?: number
  getToken?: () => string | null
  getDomain?: () => string | null
  fetch?: (request: Request) => Promise<Response>
}

/**
 * An openapi-fetch client with the product's HTTP behaviour: JSON, bearer token, stored
 * domain as base address, 10 s timeout, 401 → injected handler, 403/5xx console messages,
 * failures → injected reporter. The app uses the one `api` below; tests build their own.
 */
export function createApiClient<Paths extends {} = paths>(
  options: ApiClientOptions = {},
): Client<Paths> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const client = createClient<Paths>({
    baseUrl: options.baseUrl ?? '',
    fetch: (request) => fetchWithTimeout(request, timeoutMs, options.fetch),
  })
  // openapi-fetch runs onRequest in this order and onResponse in reverse: the replay sees the
  // raw 401 first and the failure log sees the final response last.
  client.use(
    failureLog(() => errorReporter),
    jsonHeaders,
    bearerToken(options.getToken ?? (() => readAuthToken())),
    apiDomain(options.getDomain ?? (() => readDomain())),
    unauthorizedReplay(() => unauthorizedHandler),
  )
  return client
}

/** THE client for the browser app. */
export const api = createApiClient()

/**
 * Sends a parked 401 request again with a new token (the auth machine's replay). It bypasses
 * the middleware, so a replay that gets another 401 comes back to the machine rather than
 * starting a second refresh.
 */
export function replayRequest(
  request: Request,
  token: string,
  options: { timeoutMs?: number; fetch?: (request: Request) => Promise<Response> } = {},
): Promise<Response> {
  // Clone each time: one parked request may be replayed up to three times.
  const copy = request.clone()
  const headers = new Headers(copy.headers)
  headers.set('Authorization', `Bearer ${token}`)
  return fetchWithTimeout(
    new Request(copy, { headers }),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    options.fetch,
  )
}
