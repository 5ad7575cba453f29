import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { createDatabase, type Database } from '../../server/db/database.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  createSchedulingBusiness,
  everyDayNineToFive,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import {
  createTestApp,
  PROJECT_ID,
  type TestApp,
  testClientConfig,
} from '../support/api/test-app.ts'

type PublicAvailability = components['schemas']['PublicAvailability']
type Profile = components['schemas']['Profile']

/**
 * Two API processes on one database, each with its own public read cache: staff change
 * something through A, and the very next public request on B must see it. On PostgreSQL B has
 * its own pool and LISTEN connection, so the change reaches B's cache only through NOTIFY,
 * asynchronously; repeating many times catches a request that answers before it arrived. On
 * PGlite (one process by design) the second app shares the database and its notifications.
 */
// The race exists only on PostgreSQL; PGlite hands notifications over inside the commit.
const ROUNDS = process.env.TEST_DATABASE_URL ? 12 : 4
const ZONE = 'Europe/Berlin'

let a: TestApp
let b: TestApp
let salon: SchedulingBusiness
let slug: string

beforeAll(async () => {
  a = await createTestApp()
  b = await secondProcess(a.database)
  salon = await createSchedulingBusiness(a, 'Cache')
  slug = (await call(a, salon.owner, 'GET', '/api/v1/me/')).json<Profile>().tenant.slug
}, 60_000)

afterAll(async () => {
  await b?.close()
  await a?.close()
})

/** Another app on the same database: its own pool and LISTEN connection on PostgreSQL. */
async function secondProcess(database: Database): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL
  let own: Database | undefined
  if (serverUrl) {
    // Both drivers answer with `rows`; the Db type is their union, so it is named here.
    const result = (await database.db.execute(
      sql`select current_database() as name`,
    )) as unknown as {
      rows: { name: string }[]
    }
    const url = new URL(serverUrl)
    url.pathname = `/${result.rows[0]?.name}`
    own = await createDatabase({ url: url.toString() })
  }
  const app = await buildApp({
    database: own ?? database,
    auth: { projectId: PROJECT_ID, emulator: true },
    corsOrigins: [],
    clientConfig: testClientConfig(),
    logger: false,
  })
  return {
    app,
    database: own ?? database,
    close: async () => {
      await app.close()
      await own?.close()
    },
  }
}

const day = { from: inDays(3, '00:00', ZONE), to: inDays(4, '00:00', ZONE) }

async function slotsOnB(teamMemberId?: string) {
  const member = teamMemberId ? `&team_member_id=${teamMemberId}` : ''
  const response = await b.app.inject({
    method: 'GET',
    url: `/api/v1/public/availability?business=${slug}&service_id=${salon.haircutId}${member}&from=${encodeURIComponent(day.from)}&to=${encodeURIComponent(day.to)}`,
  })
  return response
}

async function firstSlotOnB(teamMemberId?: string) {
  const response = await slotsOnB(teamMemberId)
  expect(response.statusCode, response.body).toBe(200)
  const slots = response.json<PublicAvailability>().slots
  return { count: slots.length, first: slots[0] }
}

async function onA(method: 'PATCH' | 'PUT', url: string, body: object) {
  const response = await call(a, salon.owner, method, url, body)
  expect(response.statusCode, response.body).toBe(200)
}

const hours = (start: string) =>
  everyDayNineToFive.map((weekday) => ({ ...weekday, start, breaks: [] }))

describe('a change through one process is seen by the next public request on another', () => {
  it('sees working hours changed', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const start = round % 2 === 0 ? '10:00' : '09:00'
      await firstSlotOnB(salon.staffMemberId)
      await onA('PATCH', `/api/v1/team-members/${salon.staffMemberId}`, {
        working_hours: hours(start),
      })
      const { first } = await firstSlotOnB(salon.staffMemberId)
      expect(first?.starts_at, `round ${round}`).toBe(
        new Date(inDays(3, start, ZONE)).toISOString(),
      )
    }
  })

  it("sees a service's duration changed", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const minutes = round % 2 === 0 ? 60 : 45
      await firstSlotOnB()
      await onA('PATCH', `/api/v1/services/${salon.haircutId}`, { duration_minutes: minutes })
      const { first } = await firstSlotOnB()
      expect(first, `round ${round}`).toBeDefined()
      const length = Date.parse(first?.ends_at ?? '') - Date.parse(first?.starts_at ?? '')
      expect(length, `round ${round}`).toBe(minutes * 60_000)
    }
  })

  it('sees the booking policy changed', async () => {
    const policy = (await call(a, salon.owner, 'GET', '/api/v1/settings')).json<
      components['schemas']['Settings']
    >().booking_policy
    const counts = new Map<number, number>()
    for (let round = 0; round < ROUNDS; round++) {
      const interval = round % 2 === 0 ? 60 : 30
      await firstSlotOnB(salon.staffMemberId)
      await onA('PUT', '/api/v1/settings/booking-policy', {
        ...policy,
        slot_interval_minutes: interval,
      })
      const { count } = await firstSlotOnB(salon.staffMemberId)
      if (!counts.has(interval)) counts.set(interval, count)
      expect(count, `round ${round}`).toBe(counts.get(interval))
    }
    expect(counts.get(30)).toBeGreaterThan(counts.get(60) ?? Number.POSITIVE_INFINITY)
  })

  it('sees who performs a service changed', async () => {
    const everyone = [salon.ownerMemberId, salon.adminMemberId, salon.staffMemberId]
    for (let round = 0; round < ROUNDS; round++) {
      const performs = round % 2 === 0
      await slotsOnB(salon.staffMemberId)
      await onA('PATCH', `/api/v1/services/${salon.haircutId}`, {
        team_member_ids: performs ? everyone : everyone.slice(0, 2),
      })
      // Not performing it any more: the public choice is refused, not answered from memory.
      expect((await slotsOnB(salon.staffMemberId)).statusCode, `round ${round}`).toBe(
        performs ? 200 : 400,
      )
    }
  })

  it('sees time off added and removed', async () => {
    const url = `/api/v1/team-members/${salon.staffMemberId}/time-off`
    const date = inDays(3, '12:00', ZONE).slice(0, 10)
    await onA('PATCH', `/api/v1/services/${salon.haircutId}`, {
      team_member_ids: [salon.ownerMemberId, salon.adminMemberId, salon.staffMemberId],
    })
    for (let round = 0; round < ROUNDS / 2; round++) {
      await firstSlotOnB(salon.staffMemberId)
      const added = await call(a, salon.owner, 'POST', url, {
        start_date: date,
        end_date: date,
        reason: 'Away',
      })
      expect(added.statusCode, added.body).toBe(201)
      expect((await firstSlotOnB(salon.staffMemberId)).count, `round ${round}`).toBe(0)
      const removed = await call(
        a,
        salon.owner,
        'DELETE',
        `${url}/${added.json<{ id: string }>().id}`,
      )
      expect(removed.statusCode, removed.body).toBe(204)
      expect((await firstSlotOnB(salon.staffMemberId)).count, `round ${round}`).toBeGreaterThan(0)
    }
  })

  it('counts hits, so the rounds above were answered from the cache between changes', () => {
    const stats = b.app.parts.readCache.stats()
    expect(stats.catalogue?.hits).toBeGreaterThan(0)
    expect(stats.team?.hits).toBeGreaterThan(0)
  })
})

/*
 * The free starts themselves are cached per process (computed once per change of the business's
 * appointments): a booking through one process must leave the next answer of every other, and
 * what the clock changes (a payment hold ending, minimum notice) must move on without any
 * change being announced.
 */
describe('free starts answered from the cache', () => {
  // Reads from an address of their own: the rounds above used up much of 127.0.0.1's public
  // read limit, which on PostgreSQL both apps share.
  const visitor = '192.0.2.14'
  const starts = async (teamMemberId: string) => {
    const response = await b.app.inject({
      method: 'GET',
      url: `/api/v1/public/availability?business=${slug}&service_id=${salon.haircutId}&team_member_id=${teamMemberId}&from=${encodeURIComponent(day.from)}&to=${encodeURIComponent(day.to)}`,
      remoteAddress: visitor,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<PublicAvailability>().slots.map((slot) => slot.starts_at)
  }

  afterEach(() => {
    vi.useRealTimers()
  })

  it('does not offer a start booked through another process, and offers it again once cancelled', async () => {
    // Public writes are limited per address (10 a minute, shared on PostgreSQL).
    for (let round = 0; round < ROUNDS / 2; round++) {
      const before = await starts(salon.ownerMemberId)
      const start = before[round]
      expect(start, `round ${round}`).toBeDefined()
      const made = await a.app.inject({
        method: 'POST',
        url: `/api/v1/public/bookings?business=${slug}`,
        remoteAddress: visitor,
        payload: {
          service_id: salon.haircutId,
          team_member_id: salon.ownerMemberId,
          starts_at: start,
          customer: { name: 'Cache Visitor', email: `visitor-${round}@cache.slotwise.test` },
          time_zone: ZONE,
        },
      })
      expect(made.statusCode, made.body).toBe(201)
      expect(await starts(salon.ownerMemberId), `round ${round}`).not.toContain(start)
      const id = made.json<{ appointment: { id: string } }>().appointment.id
      const cancelled = await call(a, salon.owner, 'POST', `/api/v1/appointments/${id}/cancel`, {
        reason: 'Cache test',
      })
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(await starts(salon.ownerMemberId), `round ${round}`).toContain(start)
    }
    expect(b.app.parts.readCache.stats().slots?.hits).toBeGreaterThan(0)
  })

  it("offers a payment hold's time again once the hold ends, with nothing announced", async () => {
    const start = (await starts(salon.adminMemberId))[0] as string
    const booked = await call(a, salon.owner, 'POST', '/api/v1/appointments', {
      service_id: salon.haircutId,
      team_member_id: salon.adminMemberId,
      customer_id: salon.customerId,
      starts_at: start,
    })
    expect(booked.statusCode, booked.body).toBe(201)
    // A hold ending in an hour, by the database's clock; the trigger drops B's starts once.
    const ends = new Date(Date.now() + 3_600_000)
    await a.database.db.execute(
      sql`update appointments set status = 'pending_payment', hold_expires_at = ${ends.toISOString()}::timestamptz where id = ${booked.json<{ id: string }>().id}`,
    )
    expect(await starts(salon.adminMemberId)).not.toContain(start)
    const hits = b.app.parts.readCache.stats().slots?.hits ?? 0
    expect(await starts(salon.adminMemberId)).not.toContain(start)
    expect(b.app.parts.readCache.stats().slots?.hits).toBe(hits + 1)
    // An hour and a second later by the app's clock: the hold no longer takes its time. No
    // job runs in these apps and no row changes, so only the entry's own expiry can tell.
    vi.useFakeTimers({ toFake: ['Date'], now: ends.getTime() + 1000 })
    expect(await starts(salon.adminMemberId)).toContain(start)
  })

  it('moves the minimum notice on with the clock over a cached answer', async () => {
    const policy = (await call(a, salon.owner, 'GET', '/api/v1/settings')).json<
      components['schemas']['Settings']
    >().booking_policy
    await onA('PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      min_notice_minutes: 120,
      slot_interval_minutes: 30,
    })
    // 08:00 on the day asked for: with two hours' notice, 10:00 is the first start offered.
    // (The instants are taken first: the test's own clock moves with the fake one.)
    const [eight, ten, tenPastNine, halfPastEleven] = ['08:00', '10:00', '09:10', '11:30'].map(
      (time) => Date.parse(inDays(3, time, ZONE)),
    ) as [number, number, number, number]
    vi.useFakeTimers({ toFake: ['Date'], now: eight })
    expect((await starts(salon.staffMemberId))[0]).toBe(new Date(ten).toISOString())
    const hits = b.app.parts.readCache.stats().slots?.hits ?? 0
    vi.setSystemTime(tenPastNine)
    expect((await starts(salon.staffMemberId))[0]).toBe(new Date(halfPastEleven).toISOString())
    expect(b.app.parts.readCache.stats().slots?.hits).toBe(hits + 1)
  })
})
