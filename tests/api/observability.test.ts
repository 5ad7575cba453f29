import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { logCapture } from '../support/api/log-capture.ts'
import { bookingBody, bookPublicly, slugOf } from '../support/api/public-booking.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef'
const ROOMY = { limit: 10_000, windowMs: 60_000 }
const outboxDir = mkdtempSync(join(tmpdir(), 'slotwise-observability-'))
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }))

const logs = logCapture()
const world = setUpSchedulingWorld({
  label: 'Metrics Salon',
  otherLabel: 'Metrics Elsewhere',
  firstDay: 3,
  appOptions: () => ({
    metrics: { token: METRICS_TOKEN },
    logger: 'info',
    logDestination: logs.stream,
    publicRateLimits: { readsPerIp: ROOMY, writesPerIp: ROOMY, bookingsPerEmail: ROOMY },
    jobs: { intervalMs: 3_600_000, outboxDir },
  }),
})

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The Prometheus text exposition as samples (comments left out). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`Not an exposition line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key as string] = value as string
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

async function scrape(): Promise<Sample[]> {
  const response = await world.testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return parseExposition(response.body)
}

/** The value of one sample (0 when the series does not exist yet). */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  return found?.value ?? 0
}

const operationIds = new Set(
  Object.values(
    parse(readFileSync('openapi/openapi.yaml', 'utf8')).paths as Record<
      string,
      Record<string, { operationId?: string }>
    >,
  ).flatMap((item) => Object.values(item).map((operation) => operation?.operationId)),
)

describe('GET /metrics', () => {
  it('refuses a scrape without the token, as problem+json', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`]) {
      const response = await world.testApp.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(401)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(response.body).not.toContain('slotwise_')
    }
  })

  it('counts requests by operation, bookings by channel, 409s, jobs, the outbox and caches', async () => {
    const before = await scrape()
    const { app } = world.testApp
    const slug = await slugOf(world.testApp, world.salon.tenantId)
    const day = world.freshDay()

    await bookPublicly(world.testApp, slug, bookingBody(world.salon, world.at(day, '09:00')))
    const staffBooking = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: world.at(day, '11:00'),
    })
    // The same start again: taken.
    const refused = await world.api.book(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: world.at(day, '11:00'),
    })
    expect(refused.statusCode).toBe(409)
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/v1/nothing/here' })).statusCode).toBe(404)
    const otherAppointment = await app.inject({
      method: 'GET',
      url: `/api/v1/appointments/${staffBooking.id}`,
      headers: { authorization: `Bearer ${world.other.owner.idToken}` },
    })
    expect(otherAppointment.statusCode).toBe(404)

    const queued = await scrape()
    expect(sampleValue(queued, 'slotwise_database_up')).toBe(1)
    // The two bookings' e-mails wait for the delivery job.
    expect(sampleValue(queued, 'slotwise_outbox_pending_messages')).toBeGreaterThanOrEqual(2)
    expect(
      sampleValue(queued, 'slotwise_outbox_oldest_pending_age_seconds'),
    ).toBeGreaterThanOrEqual(0)

    await app.backgroundJobs?.runOnce()
    const after = await scrape()
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels)

    expect(delta('slotwise_bookings_created_total', { channel: 'public' })).toBe(1)
    expect(delta('slotwise_bookings_created_total', { channel: 'staff' })).toBe(1)
    expect(delta('slotwise_conflicts_total', { route: 'createAppointment' })).toBe(1)
    const requests = (route: string, statusClass: string) =>
      delta('slotwise_http_request_duration_seconds_count', {
        route,
        status_class: statusClass,
      })
    expect(requests('createPublicBooking', '2xx')).toBe(1)
    expect(requests('createAppointment', '2xx')).toBe(1)
    expect(requests('createAppointment', '4xx')).toBe(1)
    expect(requests('getHealth', '2xx')).toBe(1)
    expect(requests('getAppointment', '4xx')).toBe(1)
    expect(requests('unmatched', '4xx')).toBe(1)
    expect(requests('/metrics', '2xx')).toBe(2)

    for (const job of [
      'payment-holds',
      'owed-refunds',
      'reminders',
      'trial-endings',
      'outbox-delivery',
      'outbox-retention',
    ]) {
      expect(delta('slotwise_job_runs_total', { job }), job).toBe(1)
      expect(delta('slotwise_job_failures_total', { job }), job).toBe(0)
    }
    // Delivered (as .eml files): nothing waits any more.
    expect(sampleValue(after, 'slotwise_outbox_pending_messages')).toBe(0)
    expect(sampleValue(after, 'slotwise_outbox_oldest_pending_age_seconds')).toBe(0)

    // The public booking resolved its business through the read cache.
    const businessLookups =
      delta('slotwise_cache_lookups_total', { cache: 'business', result: 'hit' }) +
      delta('slotwise_cache_lookups_total', { cache: 'business', result: 'miss' }) +
      delta('slotwise_cache_lookups_total', { cache: 'business', result: 'bypass' })
    expect(businessLookups).toBeGreaterThanOrEqual(1)
    expect(sampleValue(after, 'slotwise_db_pool_clients', { state: 'total' })).toBeGreaterThan(0)
    expect(after.some((sample) => sample.name === 'slotwise_db_pool_waiting')).toBe(true)
    expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)

    // No tenant, id, address or raw URL ever becomes a label: routes are operationIds, route
    // patterns or `unmatched`.
    const secrets = [
      world.salon.tenantId,
      world.other.tenantId,
      slug,
      staffBooking.id,
      world.salon.customerId,
      'nothing/here',
    ]
    for (const sample of after) {
      for (const value of Object.values(sample.labels)) {
        for (const secret of secrets) expect(value).not.toContain(secret)
        expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
      }
      const route = sample.labels.route
      if (route !== undefined) {
        expect(
          operationIds.has(route) || route === 'unmatched' || route.startsWith('/'),
          route,
        ).toBe(true)
      }
    }
  })
})

describe('request ids', () => {
  it('answers every request with an id, keeps a sane one from the load balancer and logs it', async () => {
    const { app } = world.testApp
    const given = 'haproxy-7f3a9c21e4b8:1234'
    const ok = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': given },
    })
    expect(ok.headers['x-request-id']).toBe(given)

    for (const insane of ['has spaces in it', 'x'.repeat(200), '<script>']) {
      const replaced = await app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-request-id': insane },
      })
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }

    const missing = await app.inject({ method: 'GET', url: '/api/v1/services/not-a-uuid' })
    expect(missing.statusCode).toBe(401)
    const id = missing.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(missing.json().request_id).toBe(id)

    const lines = logs
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
    const ofGiven = lines.filter((line) => line.reqId === given)
    expect(ofGiven.map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
    expect(lines.filter((line) => line.reqId === id).length).toBeGreaterThanOrEqual(2)
  })
})

describe('logs', () => {
  const bearer = 'eyJhbGciOiJSUzI1NiJ9.secret-bearer-value.signature'
  const linkToken = 'capability-secret-in-the-query'
  /** A request carrying every kind of secret; its log lines must hold none of them. */
  const requestWithSecrets = (testApp: TestApp, requestId: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/v1/me/?token=${linkToken}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        cookie: 'session=cookie-secret',
        'x-manage-token': 'manage-secret',
        'x-request-id': requestId,
      },
    })
  const expectNoSecrets = (text: string, requestId: string) => {
    expect(text).toContain(requestId)
    expect(text).toContain('token=[redacted]')
    for (const secret of [bearer, linkToken, 'cookie-secret', 'manage-secret']) {
      expect(text).not.toContain(secret)
    }
  }

  it('are JSON lines by default, without tokens or capability links', async () => {
    await requestWithSecrets(world.testApp, 'json-format-request')
    const text = logs.text()
    expectNoSecrets(text, 'json-format-request')
    for (const line of text.split('\n').filter(Boolean)) {
      expect(() => JSON.parse(line)).not.toThrow()
    }
  })

  it('are readable lines for a person in pretty format, with the same redaction', async () => {
    const captured = logCapture()
    const testApp = await createTestApp({
      logger: 'info',
      logFormat: 'pretty',
      logDestination: captured.stream,
    })
    try {
      await requestWithSecrets(testApp, 'pretty-format-request')
      const text = captured.text()
      expectNoSecrets(text, 'pretty-format-request')
      expect(text).not.toMatch(/^\{/m)
      expect(text).toMatch(/INFO.*incoming request/)
    } finally {
      await testApp.close()
    }
  })
})
