import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, idempotencyKeys } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { signUp, uniqueEmail, verifyEmail } from '../support/api/emulator-users.ts'
import { bookingBody, bookPublicly, publicCall, slugOf } from '../support/api/public-booking.ts'
import {
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type MyAppointments = components['schemas']['MyAppointments']

const roomy = { limit: 10_000, windowMs: 60_000 }

let testApp: TestApp
let salon: SchedulingBusiness
let slug: string
let nextDay = 2
const freshDay = () => nextDay++

beforeAll(async () => {
  testApp = await createTestApp({
    publicRateLimits: {
      readsPerIp: roomy,
      writesPerIp: roomy,
      bookingsPerEmail: { limit: 2, windowMs: 3_600_000 },
    },
  })
  salon = await createSchedulingBusiness(testApp, 'Guarded')
  slug = await slugOf(testApp, salon.tenantId)
}, 120_000)
afterAll(() => testApp?.close())

const local = (day: number, time: string) => inDays(day, time, salon.timeZone)
const book = (body: object, headers: Record<string, string> = {}) =>
  publicCall(testApp, 'POST', '/api/v1/public/bookings', { business: slug, body, headers })

async function appointmentCount(): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.tenantId, salon.tenantId))
  return row?.n ?? 0
}

describe('Idempotency-Key', () => {
  it('replays the first answer for a repeat and refuses the key with another body', async () => {
    const key = `key-${crypto.randomUUID()}`
    const body = bookingBody(salon, local(freshDay(), '10:00'))
    const first = await book(body, { 'idempotency-key': key })
    expect(first.statusCode, first.body).toBe(201)
    const before = await appointmentCount()
    // The same fields in another order are the same request.
    const { customer, ...rest } = body
    const repeat = await book({ customer, ...rest }, { 'idempotency-key': key })
    expect(repeat.statusCode, repeat.body).toBe(201)
    expect(repeat.json()).toEqual(first.json())
    expect(await appointmentCount()).toBe(before)

    const other = await book({ ...body, notes: 'Changed my mind' }, { 'idempotency-key': key })
    expect(other.statusCode, other.body).toBe(422)
    expect(other.json().errors).toEqual([
      { path: 'header.idempotency-key', message: expect.any(String) },
    ])
    expect(await appointmentCount()).toBe(before)
  })

  // The contract's pattern and length for the key went unchecked under its mixed-case name.
  it.each([
    ['too short', 'abc'],
    ['with a space', 'key with spaces'],
    ['too long', 'k'.repeat(129)],
  ])('refuses a key %s with 400 naming it, booking nothing', async (_, key) => {
    const before = await appointmentCount()
    const body = bookingBody(salon, local(freshDay(), '10:00'))
    expectInvalid(await book(body, { 'idempotency-key': key }), 'header.idempotency-key')
    expect(await appointmentCount()).toBe(before)
  })

  it('makes ten concurrent identical requests book once, all answered alike', async () => {
    const key = `key-${crypto.randomUUID()}`
    const body = bookingBody(salon, local(freshDay(), '10:00'))
    const before = await appointmentCount()
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => book(body, { 'idempotency-key': key })),
    )
    for (const response of responses) expect(response.statusCode, response.body).toBe(201)
    const bodies = new Set(responses.map((response) => response.body))
    expect(bodies.size).toBe(1)
    expect(await appointmentCount()).toBe(before + 1)
    // Replays do not count against the e-mail's booking limit (2 an hour here).
    const next = bookingBody(salon, local(freshDay(), '10:00'), { customer: body.customer })
    expect((await book(next)).statusCode).toBe(201)
  })

  it('replays a refusal too, and keeps the key per operation and appointment', async () => {
    const key = `key-${crypto.randomUUID()}`
    const day = freshDay()
    const confirmation = await bookPublicly(testApp, slug, bookingBody(salon, local(day, '10:00')))
    const taken = bookingBody(salon, local(day, '10:00'))
    const first = await book(taken, { 'idempotency-key': key })
    expect(expectProblem(first, 409).type).toBe('/problems/slot-taken')
    const again = await book(taken, { 'idempotency-key': key })
    expect(expectProblem(again, 409).type).toBe('/problems/slot-taken')

    const id = confirmation.appointment.id
    const cancel = (reason: string) =>
      publicCall(testApp, 'POST', `/api/v1/public/appointments/${id}/cancel`, {
        business: slug,
        body: { reason },
        headers: { 'x-manage-token': confirmation.manage_token, 'idempotency-key': key },
      })
    const cancelled = await cancel('Plans changed')
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const repeated = await cancel('Plans changed')
    expect(repeated.statusCode, repeated.body).toBe(200)
    expect(repeated.json()).toEqual(cancelled.json())
    expect((await cancel('Another reason')).statusCode).toBe(422)
  })

  it('forgets keys older than a day', async () => {
    const key = `key-${crypto.randomUUID()}`
    await testApp.database.db.insert(idempotencyKeys).values({
      tenantId: salon.tenantId,
      scope: 'createPublicBooking',
      key,
      requestHash: 'of a request long ago',
      statusCode: 201,
      response: {},
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    })
    const body = bookingBody(salon, local(freshDay(), '10:00'))
    const reused = await book(body, { 'idempotency-key': key })
    expect(reused.statusCode, reused.body).toBe(201)
  })
})

describe('rate limits', () => {
  it('limits bookings per e-mail address whatever its case, with Retry-After', async () => {
    const email = uniqueEmail('busy')
    const customer = { name: 'Busy Bee', email }
    await bookPublicly(testApp, slug, bookingBody(salon, local(freshDay(), '10:00'), { customer }))
    await bookPublicly(
      testApp,
      slug,
      bookingBody(salon, local(freshDay(), '10:00'), {
        customer: { ...customer, email: email.toUpperCase() },
      }),
    )
    const third = await book(bookingBody(salon, local(freshDay(), '10:00'), { customer }))
    const problem = expectProblem(third, 429)
    expect(problem.type).toBe('/problems/rate-limited')
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000)
  })

  it('limits reads and writes per IP address', async () => {
    const tight = await createTestApp({
      publicRateLimits: {
        readsPerIp: { limit: 3, windowMs: 60_000 },
        writesPerIp: { limit: 2, windowMs: 60_000 },
      },
    })
    try {
      const read = (remoteAddress: string) =>
        tight.app.inject({ url: '/api/v1/public/business?business=nobody', remoteAddress })
      for (let i = 0; i < 3; i++) expect((await read('10.0.0.1')).statusCode).toBe(404)
      const limited = await read('10.0.0.1')
      expectProblem(limited, 429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(59)
      expect((await read('10.0.0.2')).statusCode).toBe(404)

      const write = () =>
        tight.app.inject({
          method: 'POST',
          url: '/api/v1/public/bookings?business=nobody',
          payload: {},
          remoteAddress: '10.0.0.3',
        })
      expect((await write()).statusCode).toBe(400)
      expect((await write()).statusCode).toBe(400)
      expectProblem(await write(), 429)
    } finally {
      await tight.close()
    }
  })
})

describe('client addresses behind a proxy', () => {
  it('believes X-Forwarded-For only with TRUST_PROXY hops configured', async () => {
    const readsPerIp = { limit: 1, windowMs: 60_000 }
    const read = (app: TestApp, forwardedFor: string) =>
      app.app.inject({
        url: '/api/v1/public/business?business=nobody',
        remoteAddress: '10.0.0.9',
        headers: { 'x-forwarded-for': forwardedFor },
      })
    const direct = await createTestApp({ publicRateLimits: { readsPerIp } })
    const proxied = await createTestApp({ publicRateLimits: { readsPerIp }, trustProxyHops: 1 })
    try {
      // Without trust, a forged header changes nothing: both come from the proxy's address.
      expect((await read(direct, '203.0.113.1')).statusCode).toBe(404)
      expectProblem(await read(direct, '203.0.113.2'), 429)
      // Behind one trusted proxy, each visitor has their own limit.
      expect((await read(proxied, '203.0.113.1')).statusCode).toBe(404)
      expect((await read(proxied, '203.0.113.2')).statusCode).toBe(404)
      expectProblem(await read(proxied, '203.0.113.2'), 429)
    } finally {
      await direct.close()
      await proxied.close()
    }
  })
})

describe('request size', () => {
  it('refuses a body over 16 KB with a 413 problem', async () => {
    const body = bookingBody(salon, local(freshDay(), '10:00'), { notes: 'x'.repeat(17_000) })
    const response = await book(body)
    expectProblem(response, 413)
  })
})

describe('a signed-in customer', () => {
  const asCustomer = (method: 'GET' | 'PUT', path: string, idToken: string, body?: object) =>
    publicCall(testApp, method, path, {
      business: slug,
      headers: { authorization: `Bearer ${idToken}` },
      ...(body ? { body } : {}),
    })

  it('sees their appointments, with manage tokens, once their e-mail is verified', async () => {
    const user = await signUp()
    const day = freshDay()
    const customer = { name: 'Vera Verified', email: user.email }
    const soon = await bookPublicly(
      testApp,
      slug,
      bookingBody(salon, local(day, '10:00'), { customer }),
    )
    const later = await bookPublicly(
      testApp,
      slug,
      bookingBody(salon, local(day + 1, '10:00'), { customer }),
    )
    nextDay++

    const unverified = await asCustomer('GET', '/api/v1/public/my-appointments', user.idToken)
    expectProblem(unverified, 403)
    expectProblem(await asCustomer('GET', '/api/v1/public/my-profile', user.idToken), 403)

    const verified = await verifyEmail(user)
    const response = await asCustomer('GET', '/api/v1/public/my-appointments', verified.idToken)
    expect(response.statusCode, response.body).toBe(200)
    const mine = response.json<MyAppointments>()
    expect(mine.upcoming.map((item) => item.appointment.id)).toEqual([
      soon.appointment.id,
      later.appointment.id,
    ])
    expect(mine.upcoming[0]?.manage_token).toBe(soon.manage_token)
    expect(mine.past).toEqual([])

    const profile = await asCustomer('GET', '/api/v1/public/my-profile', verified.idToken)
    expect(profile.json()).toEqual({
      name: 'Vera Verified',
      email: user.email,
      phone: null,
    })
  })

  it('saves their details, and has none before', async () => {
    const user = await verifyEmail(await signUp())
    const none = await asCustomer('GET', '/api/v1/public/my-profile', user.idToken)
    expectProblem(none, 404)
    expect(
      (await asCustomer('GET', '/api/v1/public/my-appointments', user.idToken)).json(),
    ).toEqual({ upcoming: [], past: [] })
    const saved = await asCustomer('PUT', '/api/v1/public/my-profile', user.idToken, {
      name: 'Pat New',
      phone: '+44 20 7946 0000',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ name: 'Pat New', email: user.email, phone: '+44 20 7946 0000' })
    const renamed = await asCustomer('PUT', '/api/v1/public/my-profile', user.idToken, {
      name: 'Pat Renamed',
    })
    expect(renamed.json()).toMatchObject({ name: 'Pat Renamed', phone: '+44 20 7946 0000' })
    expectInvalid(
      await asCustomer('PUT', '/api/v1/public/my-profile', user.idToken, {
        name: 'X',
        email: 'a@b.c',
      }),
      'body.email',
    )
    expectProblem(await asCustomer('GET', '/api/v1/public/my-profile', 'not-a-token'), 401)
  })
})
