/**
 * Two appointments of one team member never overlap, however many people click at once.
 *
 * Runs on in-memory PGlite (transactions queue one at a time: `npm test`'s api-embedded) and
 * on PostgreSQL (TEST_DATABASE_URL, `npm test`'s API pass), where the pool of 10 connections runs the racing
 * transactions truly side by side and the exclusion constraint is what stops the losers.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database.ts'
import { createAppointmentRepository } from '../../server/db/repositories/appointment-repository.ts'
import { activityLog, appointments } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { createRacingBusiness, type RacingBusiness } from '../support/api/racing-business.ts'
import { createSchedulingBusiness, inDays } from '../support/api/scheduling-business.ts'
import type { BusinessUser, callAs } from '../support/api/team-access.ts'
import { call, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Appointment = components['schemas']['Appointment']

const RACERS = 50
const ROUNDS = 20
const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000

let testApp: TestApp
let owner: BusinessUser
let api: ReturnType<typeof callAs>
let memberId: string
let haircutId: string
let groupClassId: string
let localTime: RacingBusiness['localTime']
let customerIds: string[]
/** The most transactions that were open at the same time since the last reset. */
let openTransactions = { now: 0, max: 0 }

beforeAll(async () => {
  testApp = await createTestApp()
  // Count transactions while they hold a connection (inside BEGIN…COMMIT), to show the races
  // below really overlap on PostgreSQL.
  const transaction = testApp.database.transaction.bind(testApp.database)
  testApp.database.transaction = (work) =>
    transaction(async (tx) => {
      openTransactions.now++
      openTransactions.max = Math.max(openTransactions.max, openTransactions.now)
      try {
        return await work(tx)
      } finally {
        openTransactions.now--
      }
    })

  ;({ owner, api, memberId, haircutId, groupClassId, localTime } = await createRacingBusiness(
    testApp,
    'Rita Race',
  ))

  customerIds = []
  for (let n = 0; n < 20; n++) {
    const response = await api('POST', '/api/v1/customers', { name: `Customer ${n}` })
    expect(response.statusCode, response.body).toBe(201)
    customerIds.push(response.json<{ id: string }>().id)
  }
}, 120_000)

afterAll(async () => {
  await testApp?.close()
})

function resetOpenTransactions() {
  openTransactions = { now: 0, max: 0 }
}

/** On PostgreSQL the racers must have overlapped; PGlite runs one transaction at a time. */
function expectRacesOverlapped() {
  if (testApp.database.kind === 'postgres') expect(openTransactions.max).toBeGreaterThan(1)
  else expect(openTransactions.max).toBe(1)
}

/** The team member's appointment rows (any status) that start in [from, to). */
function rowsBetween(db: Db, from: number, to: number) {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.tenantId, owner.tenantId),
        eq(appointments.teamMemberId, memberId),
        gte(appointments.startsAt, new Date(from)),
        lt(appointments.startsAt, new Date(to)),
      ),
    )
}

/** The status codes of a race, and the first unexpected answer in full, for failure messages. */
function outcome(responses: LightMyRequestResponse[]): string {
  const odd = responses.find(
    (response) => response.statusCode !== 201 && response.statusCode !== 409,
  )
  return `${responses.map((response) => response.statusCode).join(' ')}${odd ? `\n${odd.body}` : ''}`
}

/** The SQLSTATE of a database error, wherever the driver or drizzle put it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Object; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

describe('50 people book the same team member at once', () => {
  it(`through the API: exactly one 201, ${RACERS - 1} × 409 naming it; ${ROUNDS} rounds, nothing half-written`, async () => {
    const winners: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // Each round on its own day and hour; the racers' starts spread over 40 minutes, so
      // every pair overlaps (60-minute service, plus 10-minute buffers on both sides).
      const base = localTime(round + 1, 8 + (round % 10))
      resetOpenTransactions()
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, n) =>
          api('POST', '/api/v1/appointments', {
            service_id: haircutId,
            team_member_id: memberId,
            customer_id: customerIds[n % customerIds.length],
            starts_at: new Date(base + (n % 5) * 10 * MINUTE).toISOString(),
          }),
        ),
      )
      expectRacesOverlapped()

      const created = responses.filter((response) => response.statusCode === 201)
      expect(created, `round ${round}: ${outcome(responses)}`).toHaveLength(1)
      const winner = created[0]?.json<Appointment>() as Appointment
      winners.push(winner.id)
      for (const response of responses) {
        if (response.statusCode === 201) continue
        const problem = expectProblem(response, 409)
        expect(problem.existing).toEqual({
          id: winner.id,
          href: `/calendar?appointment=${winner.id}`,
        })
      }

      const rows = await rowsBetween(testApp.database.db, base - HOUR, base + 3 * HOUR)
      expect(rows.map((row) => row.id)).toEqual([winner.id])
      expect(rows[0]?.status).toBe('confirmed')
    }

    // One activity entry per booking, none for the 49 × 20 refused attempts.
    const entries = await testApp.database.db
      .select({ entityId: activityLog.entityId, action: activityLog.action })
      .from(activityLog)
      .where(
        and(eq(activityLog.tenantId, owner.tenantId), eq(activityLog.entityType, 'appointment')),
      )
    expect(entries.map((entry) => entry.entityId).sort()).toEqual([...winners].sort())
    expect(entries.every((entry) => entry.action === 'created')).toBe(true)
  }, 300_000)

  // Past the app there is no schedule lock, so two inserts may each find the other's
  // uncommitted row in the constraint and wait for each other; PostgreSQL then aborts one as a
  // deadlock victim (40P01), rolled back whole. Either way the loser wrote nothing. It finds
  // each such deadlock only after `deadlock_timeout` (1 s), and the first inserter can meet
  // the others one after another, so a round could take most of a minute on a busy machine:
  // the racers shorten it for themselves. This test is about the outcome, not the wait.
  it(`straight at the database, past the app's check: one insert wins, ${RACERS - 1} refused by the constraint; ${ROUNDS} rounds`, async () => {
    // Only a superuser may change deadlock_timeout (TEST_DATABASE_URL need not be one); without
    // it the rounds are merely slower.
    const shortenDeadlockWait = await isSuperuser()
    for (let round = 0; round < ROUNDS; round++) {
      // Even racers take [base, base+30 min), odd ones [base+40, base+70 min): the appointments
      // themselves do not all overlap, but with 15-minute buffers every pair's busy range does.
      const base = localTime(40 + round, 12)
      resetOpenTransactions()
      const outcomes = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, n) => {
          const startsAt = base + (n % 2) * 40 * MINUTE
          const endsAt = startsAt + 30 * MINUTE
          return testApp.database.transaction(async (tx) => {
            if (shortenDeadlockWait) await tx.execute(sql`set local deadlock_timeout = '20ms'`)
            await tx.insert(appointments).values({
              tenantId: owner.tenantId,
              serviceId: haircutId,
              teamMemberId: memberId,
              customerId: customerIds[n % customerIds.length] as string,
              startsAt: new Date(startsAt),
              endsAt: new Date(endsAt),
              priceMinor: 4500,
              currency: 'EUR',
              source: 'staff',
              bufferBeforeMinutes: 15,
              bufferAfterMinutes: 15,
              busyFrom: new Date(startsAt - 15 * MINUTE),
              busyUntil: new Date(endsAt + 15 * MINUTE),
              seatGroup: randomUUID(),
            })
          })
        }),
      )
      expectRacesOverlapped()

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      const codes = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [sqlState(outcome.reason)] : [],
      )
      expect(codes).toHaveLength(RACERS - 1)
      if (testApp.database.kind === 'postgres') {
        // Which losers the detector picks (even all of them) is PostgreSQL's business.
        expect(codes.filter((code) => code !== '23P01' && code !== '40P01')).toEqual([])
      } else {
        // One transaction at a time: each loser meets the committed winner.
        expect(codes).toEqual(Array(RACERS - 1).fill('23P01'))
      }
      expect(await rowsBetween(testApp.database.db, base - HOUR, base + 3 * HOUR)).toHaveLength(1)
    }
  }, 300_000)
})

describe('20 people take seats in a group session of 3 at once', () => {
  it('exactly 3 seats are booked, the other 17 are told it is full', async () => {
    for (let round = 0; round < 5; round++) {
      const startsAt = localTime(70 + round, 10)
      resetOpenTransactions()
      const responses = await Promise.all(
        customerIds.map((customerId) =>
          api('POST', '/api/v1/appointments', {
            service_id: groupClassId,
            team_member_id: memberId,
            customer_id: customerId,
            starts_at: new Date(startsAt).toISOString(),
          }),
        ),
      )
      expectRacesOverlapped()

      const created = responses.filter((response) => response.statusCode === 201)
      expect(created, outcome(responses)).toHaveLength(3)
      for (const response of responses) {
        if (response.statusCode !== 201)
          expect(expectProblem(response, 409).detail).toMatch(/full/i)
      }
      const seats = await testApp.database.db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, owner.tenantId),
            eq(appointments.seatGroup, `${groupClassId}@${startsAt}`),
            ne(appointments.status, 'cancelled'),
          ),
        )
      expect(seats.map((seat) => seat.id).sort()).toEqual(
        created.map((response) => response.json<Appointment>().id).sort(),
      )
      const seat = await api('GET', `/api/v1/appointments/${seats[0]?.id}`)
      expect(seat.json<Appointment>()).toMatchObject({ capacity: 3, seats_booked: 3 })
    }
  }, 300_000)
})

describe('bookings onto one team member queue on their schedule lock (PostgreSQL)', () => {
  // PGlite runs one transaction at a time, so there is nothing to queue behind there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a booking waits while another transaction holds the schedule, then reads its appointment: a 409 naming it',
    async () => {
      const startsAt = localTime(90, 10)
      const rivalId = randomUUID()
      let letRivalCommit = () => {}
      const rivalMayCommit = new Promise<void>((resolve) => {
        letRivalCommit = resolve
      })
      let rivalInserted = () => {}
      const rivalHoldsLock = new Promise<void>((resolve) => {
        rivalInserted = resolve
      })
      const rival = testApp.database.transaction(async (tx) => {
        await createAppointmentRepository(tx).lockSchedule(memberId)
        await tx.insert(appointments).values({
          id: rivalId,
          tenantId: owner.tenantId,
          serviceId: haircutId,
          teamMemberId: memberId,
          customerId: customerIds[0] as string,
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + HOUR),
          priceMinor: 4500,
          currency: 'EUR',
          source: 'staff',
          busyFrom: new Date(startsAt),
          busyUntil: new Date(startsAt + HOUR),
          seatGroup: rivalId,
        })
        rivalInserted()
        await rivalMayCommit
      })
      await rivalHoldsLock

      const booking = api('POST', '/api/v1/appointments', {
        service_id: haircutId,
        team_member_id: memberId,
        customer_id: customerIds[1],
        starts_at: new Date(startsAt + 15 * MINUTE).toISOString(),
      })
      // Without the lock the booking would not wait here: it would find no committed rival,
      // insert, and wait on the rival's transaction inside the exclusion constraint instead.
      await waitUntil(async () => (await waitingLocks()).includes('advisory'))
      letRivalCommit()
      await rival

      const problem = expectProblem(await booking, 409)
      expect(problem.existing).toEqual({ id: rivalId, href: `/calendar?appointment=${rivalId}` })
    },
    30_000,
  )
})

/** Whether the test database's connections are a superuser's. */
async function isSuperuser(): Promise<boolean> {
  // Both drivers answer with `rows`; the Db type is their union, so it is named here.
  const result = (await testApp.database.db.execute(
    sql`select current_setting('is_superuser') as superuser`,
  )) as unknown as { rows: { superuser: string }[] }
  return result.rows[0]?.superuser === 'on'
}

/** The kinds of lock some session of this database is waiting for right now. */
async function waitingLocks(): Promise<string[]> {
  // Both drivers answer with `rows`; the Db type is their union, so it is named here.
  const result = (await testApp.database.db.execute(
    sql`select locktype from pg_locks where not granted`,
  )) as unknown as { rows: { locktype: string }[] }
  return result.rows.map((row) => row.locktype)
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('Gave up waiting after 10 s.')
}

describe('"any available" when many book the same time at once', () => {
  it('each free team member gets one of the bookings; only the rest are refused', async () => {
    const shop = await createSchedulingBusiness(testApp, 'Anyone')
    const everyone = [shop.ownerMemberId, shop.adminMemberId, shop.staffMemberId].sort()
    for (let round = 0; round < 5; round++) {
      const startsAt = inDays(10 + round, '10:00', shop.timeZone)
      resetOpenTransactions()
      const responses = await Promise.all(
        Array.from({ length: 12 }, () =>
          call(testApp, shop.owner, 'POST', '/api/v1/appointments', {
            service_id: shop.haircutId,
            customer_id: shop.customerId,
            starts_at: startsAt,
          }),
        ),
      )
      expectRacesOverlapped()
      const created = responses.filter((response) => response.statusCode === 201)
      const members = created.map((response) => response.json<Appointment>().team_member_id)
      expect(members.sort(), `round ${round}: ${outcome(responses)}`).toEqual(everyone)
      for (const response of responses) {
        if (response.statusCode !== 201) expectProblem(response, 409)
      }
    }
  }, 120_000)
})
