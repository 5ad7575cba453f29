import { createHash, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import fp from 'fastify-plugin'
import { parse } from 'yaml'
import { HttpProblem } from '../http/problem.ts'
import type { BookingChannel, Metrics } from '../observability/metrics.ts'

export interface MetricsOptions {
  /** The contract: requests are labelled by its operationIds. */
  specPath: string
  /**
   * Serve `GET /metrics`: with a token only to `Authorization: Bearer <token>`; false serves
   * nothing (the counters still count, for a later scrape to be right once it is on).
   */
  expose: { token?: string | undefined } | false
  /** Counters of this app (the background jobs count into them too); `/metrics` reports them. */
  metrics: Metrics
}

/** Bookings are counted where they are answered: 201 from one of these operations. */
const BOOKING_OPERATIONS: Record<string, BookingChannel> = {
  createPublicBooking: 'public',
  createAppointment: 'staff',
}

/**
 * Prometheus metrics: every response timed by its route (the contract's operationId, else the
 * route's pattern, else `unmatched`, so neither ids nor tenants ever become labels), bookings
 * and 409s counted, and `GET /metrics` to scrape them.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, options) => {
    const { metrics } = options
    const operations = operationIdsByRoute(options.specPath)

    app.addHook('onResponse', async (request, reply) => {
      const pattern = request.routeOptions.url
      const method = request.method === 'HEAD' ? 'GET' : request.method
      const route = pattern ? (operations.get(`${method} ${pattern}`) ?? pattern) : 'unmatched'
      const status = reply.statusCode
      metrics.observeRequest(route, request.method, status, reply.elapsedTime / 1000)
      if (status === 409) metrics.conflict(route)
      const channel = BOOKING_OPERATIONS[route]
      if (status === 201 && channel) metrics.bookingCreated(channel)
    })

    if (!options.expose) return
    const expected = options.expose.token ? digest(options.expose.token) : undefined
    app.get(
      '/metrics',
      // Prometheus asks every few seconds; two info lines each would drown the log.
      { logLevel: 'warn' },
      async (request, reply) => {
        if (expected && !hasToken(request.headers.authorization, expected)) {
          throw new HttpProblem(
            401,
            'Metrics need the token: Authorization: Bearer <METRICS_TOKEN>.',
            {
              headers: { 'www-authenticate': 'Bearer realm="metrics"' },
            },
          )
        }
        const { contentType, body } = await metrics.scrape()
        return reply.type(contentType).header('cache-control', 'no-store').send(body)
      },
    )
  },
  { name: 'metrics' },
)

/** Compared as digests, in constant time, so the answer's timing tells nothing of the token. */
function hasToken(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  return given !== undefined && timingSafeEqual(digest(given), expected)
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

/** `GET /api/v1/services/:serviceId` → `getService`, as the contract's routes are registered. */
function operationIdsByRoute(specPath: string): Map<string, string> {
  const spec = parse(readFileSync(specPath, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>
  }
  const byRoute = new Map<string, string>()
  for (const [path, item] of Object.entries(spec.paths)) {
    const pattern = path.replace(/{(\w+)}/g, ':$1')
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId) {
        byRoute.set(`${method.toUpperCase()} ${pattern}`, operation.operationId)
      }
    }
  }
  return byRoute
}
