import createClient, { type Client, type Middleware } from 'openapi-fetch'
import type { paths } from '../../../shared/contract/schema'
import { jsonHeaders } from '../../api/middleware/json-headers'
import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from '../../api/timeout'

/**
 * The client of the public booking pages (their calls are in api.ts). Unlike `api` in
 * src/api/client.ts it has no sign-in, no 401 replay and no error reporter, and it must stay
 * that way: the booking pages load this module, and anything that reaches Firebase or the auth
 * context would land in their first download.
 */

/** Adds `?business=` to every call when the page has one (and the call does not already). */
export function businessQuery(getBusiness: () => string | null): Middleware {
  return {
    async onRequest({ request }) {
      const business = getBusiness()
      const url = new URL(request.url)
      if (!business || url.searchParams.has('business')) return request
      url.searchParams.set('business', business)
      // A Request cannot change its URL, and `new Request(url, request)` drops a body that is
      // a stream in browsers: the body is copied as text (bookings are small JSON).
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      return new Request(url, {
        method: request.method,
        headers: request.headers,
        body: hasBody ? await request.text() : undefined,
        signal: request.signal,
      })
    },
  }
}

export interface PublicClientOptions {
  /** The business the page is for (its `?business=`), or null; the page knows, not the client. */
  getBusiness: () => string | null
  baseUrl?: string
  timeoutMs?: number
  fetch?: (request: Request) => Promise<Response>
}

export function createPublicClient(options: PublicClientOptions): Client<paths> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const client = createClient<paths>({
    // openapi-fetch needs an absolute base to build URLs outside the browser (tests).
    baseUrl: options.baseUrl ?? '',
    fetch: (request) => fetchWithTimeout(request, timeoutMs, options.fetch),
  })
  client.use(jsonHeaders, businessQuery(options.getBusiness))
  return client
}

/** A fresh Idempotency-Key: one per intended write, kept for its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}
