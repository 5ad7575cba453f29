import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { rateLimitCounts } from '../../server/db/schema.ts'
import type { PublicRateLimits } from '../../server/security/public-rate-limits.ts'
import { createScaleDatabase } from '../support/scale/processes.ts'

// Two API processes' worth of state: two apps, each with its own pool, on one PostgreSQL.
let database: Awaited<ReturnType<typeof createScaleDatabase>>
const apps: FastifyInstance[] = []
const pools: Database[] = []

const limits: Partial<PublicRateLimits> = {
  readsPerIp: { limit: 4, windowMs: 60_000 },
  writesPerIp: { limit: 3, windowMs: 60_000 },
}

beforeAll(async () => {
  database = await createScaleDatabase()
  for (let i = 0; i < 2; i++) {
    const pool = await createDatabase({ url: database.url })
    pools.push(pool)
    apps.push(
      await buildApp({
        database: pool,
        auth: { projectId: 'demo-slotwise', emulator: false },
        corsOrigins: [],
        clientConfig: {
          firebase: { apiKey: '', authDomain: '', projectId: 'demo-slotwise', appId: '' },
          authEmulatorUrl: null,
          sentryDsn: null,
          environment: 'test',
        },
        logger: false,
        publicRateLimits: limits,
      }),
    )
  }
})
afterAll(async () => {
  for (const app of apps) await app.close()
  for (const pool of pools) await pool.close()
  await database?.drop()
})

const [a, b] = [0, 1]
const read = (app: number, remoteAddress: string) =>
  apps[app]?.inject({ url: '/api/v1/public/business?business=nobody', remoteAddress })
const write = (app: number, remoteAddress: string) =>
  apps[app]?.inject({
    method: 'POST',
    url: '/api/v1/public/bookings?business=nobody',
    payload: {},
    remoteAddress,
  })

/** The read hits every process has sent to PostgreSQL so far. */
async function sharedReads(): Promise<number> {
  const [row] = await (pools[0] as Database).db
    .select({ hits: sql<number>`coalesce(sum(${rateLimitCounts.hits}), 0)::int` })
    .from(rateLimitCounts)
    .where(eq(rateLimitCounts.bucket, 'reads-per-ip'))
  return Number(row?.hits ?? 0)
}

describe('per-IP limits on PostgreSQL', () => {
  it('count writes exactly across processes: a client over the limit split over both is refused', async () => {
    expect((await write(a, '10.1.0.1'))?.statusCode).toBe(400)
    expect((await write(b, '10.1.0.1'))?.statusCode).toBe(400)
    expect((await write(a, '10.1.0.1'))?.statusCode).toBe(400)
    // Each process saw at most two: alone, either would still allow this one.
    const refused = await write(b, '10.1.0.1')
    expect(refused?.statusCode).toBe(429)
    // When the first of the three leaves the minute (less the time the test took so far).
    const retryAfter = Number(refused?.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await write(a, '10.1.0.2'))?.statusCode).toBe(400)
  })

  it('share reads within a sync (about a second): each process refuses once both counted the limit', async () => {
    for (const app of [a, a, b, b]) expect((await read(app, '10.2.0.1'))?.statusCode).toBe(404)
    // Once both have sent their counts (every second) and then read everyone's back (the
    // next second at the latest), either refuses.
    const deadline = Date.now() + 60_000
    while ((await sharedReads()) < 4) {
      if (Date.now() > deadline) throw new Error('The reads never reached PostgreSQL.')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 2500))
    for (const app of [a, b]) {
      const refused = await read(app, '10.2.0.1')
      expect(refused?.statusCode).toBe(429)
      expect(refused?.headers['content-type']).toContain('application/problem+json')
    }
    expect((await read(a, '10.2.0.2'))?.statusCode).toBe(404)
  })
})
