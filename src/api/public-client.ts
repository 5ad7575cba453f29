import createClient, { type Client, type Middleware } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { unwrap } from './api-error'
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

/** Calls of the public API, named for what the booking pages do with them. */
export function createPublicBookingApi(client: Client<paths>) {
  return {
    async business() {
      return unwrap(await client.GET('/api/v1/public/business'))
    },
    async services(teamMemberId?: string) {
      const query = teamMemberId ? { team_member_id: teamMemberId } : {}
      return unwrap(await client.GET('/api/v1/public/services', { params: { query } })).items
    },
    async teamMembers() {
      return unwrap(await client.GET('/api/v1/public/team-members')).items
    },
    async profile(teamMemberSlug: string) {
      return unwrap(
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
      return unwrap(
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
      return unwrap(
        await client.POST('/api/v1/public/bookings', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body,
        }),
      )
    },
    async appointment(appointmentId: string, token: string) {
      return unwrap(
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
      return unwrap(
        await client.POST('/api/v1/public/appointments/{appointmentId}/reschedule', {
          params: {
            path: { appointmentId },
            header: { 'X-Manage-Token': token, 'Idempotency-Key': idempotencyKey },
          },
          body: { starts_at: startsAt },
        }),
      )
    },
    /** Back from Stripe's Checkout: the payment synced, and where the booking stands. */
    async paymentReturn(appointmentId: string, token: string, sessionId: string | null) {
      return unwrap(
        await client.POST('/api/v1/public/appointments/{appointmentId}/payment-return', {
          params: { path: { appointmentId }, header: { 'X-Manage-Token': token } },
          body: sessionId ? { session_id: sessionId } : {},
        }),
      )
    },
    async cancel(appointmentId: string, token: string, idempotencyKey: string, reason: string) {
      return unwrap(
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
