import createClient, { type Client, type Middleware } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { ProblemError } from '../components/form/problem-field-errors'
import { jsonHeaders } from './middleware/json-headers'
import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from './timeout'

/**
 * The client of the public booking pages. Unlike `api` in client.ts it has no sign-in, no 401
 * replay and no error reporter, and it must stay that way: the booking pages load this module,
 * and anything that reaches Firebase or the auth context would land in their first download.
 */

type Schemas = components['schemas']
export type PublicAppointment = Schemas['PublicAppointment']
export type PublicBookingInput = Schemas['PublicBookingInput']
export type PublicBookingConfirmation = Schemas['PublicBookingConfirmation']

/** A failed public call: the problem's sentence and fields, and when a 429 says to come back. */
export class PublicApiError extends ProblemError {
  readonly retryAfterSeconds: number | null

  constructor(status: number, body: unknown, retryAfter: string | null) {
    super(status, body)
    this.name = 'PublicApiError'
    this.retryAfterSeconds = parseRetryAfter(retryAfter)
  }
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** The business named by a page's `?business=`, so the API answers for the same one. */
export function pageBusiness(): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get('business') || null
}

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
  baseUrl?: string
  timeoutMs?: number
  getBusiness?: () => string | null
  fetch?: (request: Request) => Promise<Response>
}

export function createPublicClient(options: PublicClientOptions = {}): Client<paths> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const client = createClient<paths>({
    // openapi-fetch needs an absolute base to build URLs outside the browser (tests).
    baseUrl: options.baseUrl ?? '',
    fetch: (request) => fetchWithTimeout(request, timeoutMs, options.fetch),
  })
  client.use(jsonHeaders, businessQuery(options.getBusiness ?? pageBusiness))
  return client
}

/** The data of a call, or a PublicApiError carrying the problem and any Retry-After. */
export function publicData<Data>(result: {
  data?: Data
  error?: unknown
  response: Response
}): Data {
  if (result.response.ok && result.error === undefined) return result.data as Data
  throw new PublicApiError(
    result.response.status,
    result.error,
    result.response.headers.get('Retry-After'),
  )
}

/** THE public client of the browser's booking pages. */
export const publicApi = createPublicClient()

/** A fresh Idempotency-Key: one per intended write, kept for its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** Calls of the public API, named for what the booking pages do with them. */
export function createPublicBookingApi(client: Client<paths> = publicApi) {
  return {
    async business() {
      return publicData(await client.GET('/api/v1/public/business'))
    },
    async services(teamMemberId?: string) {
      const query = teamMemberId ? { team_member_id: teamMemberId } : {}
      return publicData(await client.GET('/api/v1/public/services', { params: { query } })).items
    },
    async teamMembers() {
      return publicData(await client.GET('/api/v1/public/team-members')).items
    },
    async profile(teamMemberSlug: string) {
      return publicData(
        await client.GET('/api/v1/public/profiles/{teamMemberSlug}', {
          params: { path: { teamMemberSlug } },
        }),
      )
    },
    async availability(query: {
      serviceId: string
      teamMemberId: string | null
      from: string
      to: string
    }) {
      return publicData(
        await client.GET('/api/v1/public/availability', {
          params: {
            query: {
              service_id: query.serviceId,
              ...(query.teamMemberId ? { team_member_id: query.teamMemberId } : {}),
              from: query.from,
              to: query.to,
            },
          },
        }),
      )
    },
    async book(idempotencyKey: string, body: PublicBookingInput) {
      return publicData(
        await client.POST('/api/v1/public/bookings', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body,
        }),
      )
    },
    async appointment(appointmentId: string, token: string) {
      return publicData(
        await client.GET('/api/v1/public/appointments/{appointmentId}', {
          params: { path: { appointmentId }, header: { 'X-Manage-Token': token } },
        }),
      )
    },
    async reschedule(
      appointmentId: string,
      token: string,
      idempotencyKey: string,
      startsAt: string,
    ) {
      return publicData(
        await client.POST('/api/v1/public/appointments/{appointmentId}/reschedule', {
          params: {
            path: { appointmentId },
            header: { 'X-Manage-Token': token, 'Idempotency-Key': idempotencyKey },
          },
          body: { starts_at: startsAt },
        }),
      )
    },
    async cancel(appointmentId: string, token: string, idempotencyKey: string, reason: string) {
      return publicData(
        await client.POST('/api/v1/public/appointments/{appointmentId}/cancel', {
          params: {
            path: { appointmentId },
            header: { 'X-Manage-Token': token, 'Idempotency-Key': idempotencyKey },
          },
          body: { reason },
        }),
      )
    },
  }
}

export type PublicBookingApi = ReturnType<typeof createPublicBookingApi>
