import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, parseRetryAfter } from '../../../../../src/api/api-error'
import { createPublicBookingApi } from '../../../../../src/features/booking/api'
import { createPublicClient } from '../../../../../src/features/booking/public-client'
import type { PublicBookingInput } from '../../../../../src/machines/booking-context'
import { sendJson, startTestServer, type TestServer } from '../../../../support/unit/test-server'

const body: PublicBookingInput = {
  service_id: '7a0e2d64-3c0f-4f57-8f0e-2a3b4c5d6e01',
  team_member_id: null,
  starts_at: '2026-12-02T09:00:00.000Z',
  customer: { name: 'Ann Lee', email: 'ann@example.com', phone: null },
  time_zone: 'Europe/Berlin',
}

let server: TestServer
beforeEach(async () => {
  server = await startTestServer(sendJson(201, { appointment: {}, manage_token: 'x' }))
})
afterEach(() => server.close())

function api(business: string | null) {
  return createPublicBookingApi(
    createPublicClient({ baseUrl: server.origin, getBusiness: () => business }),
  )
}

describe('public booking client', () => {
  it('sends the page’s business, the idempotency key and the body unchanged', async () => {
    await api('harbor-street').book('key-1234-abcd', body)
    const [request] = server.seen
    expect(request?.path).toBe('/api/v1/public/bookings?business=harbor-street')
    expect(request?.headers['idempotency-key']).toBe('key-1234-abcd')
    expect(request?.headers.authorization).toBeUndefined()
    expect(JSON.parse(request?.body ?? '')).toEqual(body)
  })

  it('leaves the query alone without a business and sends the manage token as a header', async () => {
    server.handle(sendJson(200, {}))
    await api(null).appointment('1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9', 'secret-token-0123456789')
    const [request] = server.seen
    expect(request?.path).toBe('/api/v1/public/appointments/1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9')
    expect(request?.headers['x-manage-token']).toBe('secret-token-0123456789')
  })

  it('throws the problem with its status and Retry-After', async () => {
    server.handle((_request, response) => {
      response.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': '30' })
      response.end(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429 }))
    })
    const failure = await api(null)
      .book('key-1234-abcd', body)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 30 })
  })

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-12-01T10:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120)
    expect(parseRetryAfter('Tue, 01 Dec 2026 10:01:00 GMT', now)).toBe(60)
    expect(parseRetryAfter(null, now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
  })
})
