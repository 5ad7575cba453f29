import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { appointments } from '../../server/db/schema.ts'
import { bookingBody, slugOf } from '../support/api/public-booking.ts'
import {
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import {
  createTestApp,
  PROJECT_ID,
  type TestApp,
  testClientConfig,
} from '../support/api/test-app.ts'

const roomy = { limit: 10_000, windowMs: 60_000 }
const secret = 'one secret shared by every process of the deployment'

// Two API processes of one deployment: two apps, each with its own memory, on one database
// (on the PostgreSQL pass, as two processes would be). An Idempotency-Key's answer is kept
// in the database, so a retry the balancer sends to the other process replays it.
let first: TestApp
let second: Awaited<ReturnType<typeof buildApp>>
let salon: SchedulingBusiness
let slug: string

beforeAll(async () => {
  const options = {
    publicRateLimits: { readsPerIp: roomy, writesPerIp: roomy, bookingsPerEmail: roomy },
    publicBooking: { secret, publicUrl: 'http://127.0.0.1' },
  }
  first = await createTestApp(options)
  second = await buildApp({
    database: first.database,
    auth: { projectId: PROJECT_ID, emulator: true },
    corsOrigins: [],
    clientConfig: testClientConfig(),
    logger: false,
    ...options,
  })
  salon = await createSchedulingBusiness(first, 'Two Processes')
  slug = await slugOf(first, salon.tenantId)
}, 120_000)
afterAll(async () => {
  await second?.close()
  await first?.close()
})

async function appointmentCount(): Promise<number> {
  const [row] = await first.database.db
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.tenantId, salon.tenantId))
  return row?.n ?? 0
}

describe('Idempotency-Key across API processes', () => {
  it('replays on process B the booking process A made, and refuses the key with another body there', async () => {
    const key = `key-${crypto.randomUUID()}`
    const body = bookingBody(salon, inDays(3, '10:00', salon.timeZone))
    const book = (app: typeof second, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/public/bookings?business=${slug}`,
        headers: { 'idempotency-key': key },
        payload,
      })
    const onA = await book(first.app, body)
    expect(onA.statusCode, onA.body).toBe(201)
    const before = await appointmentCount()

    const onB = await book(second, body)
    expect(onB.statusCode, onB.body).toBe(201)
    expect(onB.json()).toEqual(onA.json())
    expect(await appointmentCount()).toBe(before)

    const changed = await book(second, { ...body, notes: 'Another request' })
    expect(changed.statusCode, changed.body).toBe(422)
    expect(await appointmentCount()).toBe(before)
  })
})
