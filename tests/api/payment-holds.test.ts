/**
 * The hold while a customer pays: a `pending_payment` appointment takes its time exactly until
 * `hold_expires_at`, fifty visitors holding one time get one hold (spread over API processes,
 * as the balancer spreads them, so the database decides, not one process's coalescer), the
 * expiry job lets ended holds go, and `confirmHold` confirms, takes the time again, or says it
 * was taken.
 *
 * `npm test` runs it on PostgreSQL (TEST_DATABASE_URL; PGlite when run alone), where the
 * racing holds truly run side by side. Time is the booking service's own clock (`now`), so
 * "not a second before" is exact.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../local-stripe/server.ts'
import { buildApp } from '../../server/app.ts'
import type { Database } from '../../server/db/database.ts'
import { createAppointmentRepository } from '../../server/db/repositories/appointment-repository.ts'
import {
  activityLog,
  appointments,
  notificationOutbox,
  payments,
  services,
} from '../../server/db/schema.ts'
import { sqlStateOf } from '../../server/db/sql-state.ts'
import { Refusal } from '../../server/domain/refusal.ts'
import { expireDueHolds } from '../../server/jobs/payment-holds.ts'
import { createAppointmentNotifier } from '../../server/notifications/appointment-notifier.ts'
import { findAvailability } from '../../server/services/availability-service.ts'
import { createBookingService } from '../../server/services/booking/booking-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { createConnectedBusiness } from '../support/api/connected-business.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { bookingBody } from '../support/api/public-booking.ts'
import { createRacingBusiness, type RacingBusiness } from '../support/api/racing-business.ts'
import { addService, inDays } from '../support/api/scheduling-business.ts'
import { type BusinessUser, type callAs, newOwner } from '../support/api/team-access.ts'
import { expectProblem } from '../support/api/team-business.ts'
import {
  createTestApp,
  PROJECT_ID,
  type TestApp,
  testClientConfig,
} from '../support/api/test-app.ts'

type Appointment = components['schemas']['Appointment']

const RACERS = 50
/**
 * On PostgreSQL the racers' transactions run side by side and interleave differently each
 * round: twenty rounds. PGlite runs one transaction at a time, in the order they were asked
 * for, so every round there plays out alike and a few show it (each costs ~50 transactions).
 */
const ROUNDS = process.env.TEST_DATABASE_URL ? 20 : 3
/**
 * The API processes the racers are spread over, each with its own booking service (so its own
 * coalescer): within one, identical holds wait for the first and share its answer; across
 * them, only the member's lock and the exclusion constraint stand between them.
 */
const PROCESSES = 10
/**
 * The paid round goes through whole apps (a second or so each to build): with two, every racer
 * sent to the app whose hold loses reaches the database, one after another.
 */
const APP_PROCESSES = 2
/** Racing overlapping (not identical) holds runs 50 whole transactions a round: fewer rounds. */
const OVERLAP_ROUNDS = 5
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOLD = 10 * MINUTE

let testApp: TestApp
let owner: BusinessUser
let api: ReturnType<typeof callAs>
let bookings: ReturnType<typeof createBookingService>
let memberId: string
let haircutId: string
let groupClassId: string
let localTime: RacingBusiness['localTime']
let visitors = 0
let outboxDir: string

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'slotwise-holds-'))
  // The jobs run only when asked (runOnce), an hour apart otherwise.
  testApp = await createTestApp({ jobs: { intervalMs: 3_600_000, outboxDir } })
  bookings = createBookingService(
    testApp.database,
    createAppointmentNotifier(testApp.app.parts.publicBooking),
  )
  ;({ owner, api, memberId, haircutId, groupClassId, localTime } = await createRacingBusiness(
    testApp,
    'Hana Hold',
  ))
}, 120_000)

afterAll(async () => {
  await testApp?.close()
  await rm(outboxDir, { recursive: true, force: true })
})

/** A visitor's hold (or booking) of the time, as the public booking will make it. */
function visitorRequest(startsAt: number, now: number, serviceId = haircutId) {
  visitors++
  return {
    source: 'public' as const,
    tenantId: owner.tenantId,
    serviceId,
    teamMemberId: memberId,
    startsAt: new Date(startsAt),
    visitor: { name: `Visitor ${visitors}`, email: `visitor-${visitors}@example.com` },
    now,
  }
}

async function statusOf(id: string) {
  const [row] = await testApp.database.db
    .select({ status: appointments.status, holdExpiresAt: appointments.holdExpiresAt })
    .from(appointments)
    .where(eq(appointments.id, id))
  return row
}

/** Whether the public slots offer this start at the instant `now`. */
async function offered(startsAt: number, now: number, serviceId = haircutId): Promise<boolean> {
  const repo = createAppointmentRepository(testApp.database.db)
  const [policy, service] = await Promise.all([
    repo.policy(owner.tenantId),
    repo.service(owner.tenantId, serviceId),
  ])
  if (!service) throw new Error('The service is missing.')
  const slots = await findAvailability(testApp.database.db, {
    tenantId: owner.tenantId,
    service,
    policy,
    now,
    from: startsAt - HOLD,
    to: startsAt + HOLD,
  })
  return slots.some((slot) => slot.startsAt === startsAt)
}

/** The refusal a losing hold or booking got: a conflict (answered 409). */
async function refusal(attempt: Promise<unknown>): Promise<Refusal> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(Refusal)
  expect((error as Refusal).kind).toBe('conflict')
  return error as Refusal
}

describe('a hold', () => {
  it('takes its time as pending_payment until now plus the hold minutes, telling nobody yet', async () => {
    const now = Date.now()
    const startsAt = localTime(30, 9)
    const held = await bookings.hold(visitorRequest(startsAt, now))
    expect(held.status).toBe('pending_payment')
    expect(held.hold_expires_at).toBe(new Date(now + HOLD).toISOString())
    const outbox = await outboxFor(testApp, held.id)
    expect(outbox).toEqual([])
    const [entry] = await testApp.database.db
      .select({ summary: activityLog.summary })
      .from(activityLog)
      .where(eq(activityLog.entityId, held.id))
    expect(entry?.summary).toMatch(/^Held Haircut .* while the customer pays$/)

    // Staff see it as awaiting payment and may not change, cancel or close it.
    const seen = (await api('GET', `/api/v1/appointments/${held.id}`)).json<Appointment>()
    expect(seen).toMatchObject({ status: 'pending_payment', hold_expires_at: held.hold_expires_at })
    const patch = await api('PATCH', `/api/v1/appointments/${held.id}`, { notes: 'paid cash' })
    expect(expectProblem(patch, 409).detail).toContain('awaiting payment')
    const cancel = await api('POST', `/api/v1/appointments/${held.id}/cancel`, { reason: 'x' })
    expect(expectProblem(cancel, 409).detail).toContain('awaiting payment')
  })

  it('uses the business hold minutes', async () => {
    await testApp.database.db.execute(
      sql`update tenant_settings set payment_hold_minutes = 25 where tenant_id = ${owner.tenantId}`,
    )
    try {
      const now = Date.now()
      const held = await bookings.hold(visitorRequest(localTime(31, 9), now))
      expect(held.hold_expires_at).toBe(new Date(now + 25 * MINUTE).toISOString())
    } finally {
      await testApp.database.db.execute(
        sql`update tenant_settings set payment_hold_minutes = 10 where tenant_id = ${owner.tenantId}`,
      )
    }
  })

  it('frees the time at its expiry and not a second before', async () => {
    const now = Date.now()
    const startsAt = localTime(32, 10)
    const held = await bookings.hold(visitorRequest(startsAt, now))
    const expiry = now + HOLD

    // A second before: not offered, and neither a hold nor a booking gets it.
    expect(await offered(startsAt, expiry - SECOND)).toBe(false)
    await refusal(bookings.hold(visitorRequest(startsAt, expiry - SECOND)))
    await refusal(bookings.book(visitorRequest(startsAt + 30 * MINUTE, expiry - SECOND)))
    expect((await statusOf(held.id))?.status).toBe('pending_payment')

    // At the instant it ends: offered, and the next booking takes it, letting the hold go in
    // its own transaction (no job has run).
    expect(await offered(startsAt, expiry)).toBe(true)
    const booked = await bookings.book(visitorRequest(startsAt, expiry))
    expect(booked.status).toBe('confirmed')
    expect(await statusOf(held.id)).toEqual({ status: 'payment_expired', holdExpiresAt: null })
  })

  it('counts as a taken seat of a group session until it ends', async () => {
    const now = Date.now()
    const startsAt = localTime(33, 11)
    const holds = await Promise.all(
      Array.from({ length: 10 }, () =>
        bookings.hold(visitorRequest(startsAt, now, groupClassId)).then(
          (appointment) => appointment,
          (error: unknown) => error,
        ),
      ),
    )
    const made = holds.filter((outcome): outcome is Appointment => !(outcome instanceof Error))
    expect(made).toHaveLength(3)
    for (const outcome of holds) {
      if (outcome instanceof Error) expect((outcome as Refusal).kind).toBe('conflict')
    }
    expect(await offered(startsAt, now + HOLD - SECOND, groupClassId)).toBe(false)
    expect(await offered(startsAt, now + HOLD, groupClassId)).toBe(true)
    // Once they end, three new seats can be taken again.
    for (let n = 0; n < 3; n++) {
      await bookings.book(visitorRequest(startsAt, now + HOLD, groupClassId))
    }
    for (const hold of made) expect((await statusOf(hold.id))?.status).toBe('payment_expired')
    await refusal(bookings.book(visitorRequest(startsAt, now + HOLD, groupClassId)))
  })
})

describe(`${RACERS} visitors hold the same time at once`, () => {
  it(`exactly one hold and ${RACERS - 1} refusals, ${ROUNDS} rounds, across ${PROCESSES} API processes`, async () => {
    // Each process's transactions are counted, to show the database answered the refusals.
    let transactions = 0
    const counted: Database = {
      ...testApp.database,
      transaction: (work) => {
        transactions++
        return testApp.database.transaction(work)
      },
    }
    const processes = Array.from({ length: PROCESSES }, () =>
      createBookingService(counted, createAppointmentNotifier(testApp.app.parts.publicBooking)),
    )
    for (let round = 0; round < ROUNDS; round++) {
      const startsAt = localTime(40 + round, 8 + (round % 10))
      const now = Date.now()
      const before = transactions
      const outcomes = await Promise.all(
        Array.from({ length: RACERS }, (_, n) =>
          (processes[n % PROCESSES] ?? bookings).hold(visitorRequest(startsAt, now)).then(
            (appointment) => ({ appointment }),
            (error: unknown) => ({ error }),
          ),
        ),
      )
      const held = outcomes.flatMap((outcome) =>
        'appointment' in outcome ? [outcome.appointment] : [],
      )
      expect(held, `round ${round}`).toHaveLength(1)
      const winner = held[0] as Appointment
      for (const outcome of outcomes) {
        if (!('error' in outcome)) continue
        expect(outcome.error).toBeInstanceOf(Refusal)
        const problem = outcome.error as Refusal
        expect(problem.kind).toBe('conflict')
        expect(problem.message).toMatch(/overlaps this time|booked this time a moment ago/)
      }
      // Only the winner's process may answer its own racers from memory: every other
      // process's racers each ran a transaction the database refused (one process would
      // have run one transaction in all).
      expect(transactions - before, `round ${round}`).toBeGreaterThanOrEqual(
        RACERS - RACERS / PROCESSES + 1,
      )
      const rows = await testApp.database.db
        .select({ id: appointments.id, status: appointments.status })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, owner.tenantId),
            gte(appointments.startsAt, new Date(startsAt - HOLD)),
            lt(appointments.startsAt, new Date(startsAt + HOLD)),
          ),
        )
      expect(rows).toEqual([{ id: winner.id, status: 'pending_payment' }])
    }
  }, 240_000)

  it(`through the public API for a paid service: one 201 with its Checkout, ${RACERS - 1} 409s`, async () => {
    const localStripe: LocalStripe = await startLocalStripe({ port: 0 })
    const roomy = { limit: 10_000, windowMs: 60_000 }
    const options = {
      database: testApp.database,
      auth: { projectId: PROJECT_ID, emulator: true },
      corsOrigins: [],
      clientConfig: testClientConfig(),
      logger: false as const,
      stripe: {
        secretKey: 'sk_test_racing_holds',
        webhookSecret: 'whsec_racing_holds_platform',
        connectWebhookSecret: 'whsec_racing_holds_connect',
        apiUrl: localStripe.url,
      },
      publicBooking: {
        secret: 'racing-holds-secret-0123456789abcdef',
        publicUrl: 'http://book.slotwise.test',
      },
      publicRateLimits: { readsPerIp: roomy, writesPerIp: roomy, bookingsPerEmail: roomy },
    }
    // API processes of one deployment on one database, each with its own memory.
    const apps = await Promise.all(Array.from({ length: APP_PROCESSES }, () => buildApp(options)))
    try {
      const [first] = apps
      if (!first) throw new Error('No app was built.')
      const deployment: TestApp = { app: first, database: testApp.database, close: async () => {} }
      const salon = await createConnectedBusiness(deployment, 'Paid Race')
      const serviceId = await addService(deployment, salon.owner, {
        name: 'Paid colour',
        duration_minutes: 30,
        price_minor: 3000,
        team_member_ids: [salon.staffMemberId],
        payment_rule: { kind: 'full' },
      })
      const startsAt = inDays(3, '10:00', salon.timeZone)
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, n) =>
          (apps[n % APP_PROCESSES] ?? first).inject({
            method: 'POST',
            url: `/api/v1/public/bookings?business=${salon.slug}`,
            payload: bookingBody(salon, startsAt, {
              service_id: serviceId,
              customer: { name: `Racer ${n}`, email: uniqueEmail('racer') },
            }),
          }),
        ),
      )
      const made = responses.filter((response) => response.statusCode === 201)
      const odd = responses.filter((response) => response.statusCode !== 409)
      expect(made, odd.map((response) => response.body).join('\n')).toHaveLength(1)
      const confirmation = made[0]?.json<components['schemas']['PublicBookingConfirmation']>()
      expect(confirmation?.appointment.status).toBe('pending_payment')
      expect(confirmation?.payment).toMatchObject({ status: 'pending', amount_minor: 3000 })
      expect(confirmation?.payment?.checkout_url).toMatch(/\/cs_[^/]+$/)
      for (const response of responses) {
        if (response.statusCode === 201) continue
        expect(expectProblem(response, 409).type).toBe('/problems/slot-taken')
      }
      const rows = await testApp.database.db
        .select({ id: appointments.id, status: appointments.status })
        .from(appointments)
        .where(eq(appointments.tenantId, salon.tenantId))
      expect(rows).toEqual([{ id: confirmation?.appointment.id, status: 'pending_payment' }])
      const paymentRows = await testApp.database.db
        .select({
          appointmentId: payments.appointmentId,
          session: payments.stripeCheckoutSessionId,
        })
        .from(payments)
        .where(eq(payments.tenantId, salon.tenantId))
      expect(paymentRows).toEqual([
        {
          appointmentId: confirmation?.appointment.id,
          session: confirmation?.payment?.checkout_url?.split('/').pop(),
        },
      ])
    } finally {
      await Promise.all(apps.map((app) => app.close()))
      await localStripe.stop()
    }
  }, 120_000)
})

describe(`${RACERS} visitors hold overlapping times at once`, () => {
  it(`past the in-process coalescer too: one hold, ${RACERS - 1} refusals, ${OVERLAP_ROUNDS} rounds`, async () => {
    for (let round = 0; round < OVERLAP_ROUNDS; round++) {
      // Five different starts 10 minutes apart: each pair overlaps (60 minutes plus
      // buffers), but they are different bookings, so on PostgreSQL their transactions race
      // side by side and the member's lock and the exclusion constraint decide.
      const base = localTime(20 + Math.floor(round / 6), 8 + (round % 6) * 2)
      const now = Date.now()
      const outcomes = await Promise.all(
        Array.from({ length: RACERS }, (_, n) =>
          bookings.hold(visitorRequest(base + (n % 5) * 10 * MINUTE, now)).then(
            (appointment) => ({ appointment }),
            (error: unknown) => ({ error }),
          ),
        ),
      )
      const held = outcomes.flatMap((outcome) =>
        'appointment' in outcome ? [outcome.appointment] : [],
      )
      expect(held, `round ${round}`).toHaveLength(1)
      for (const outcome of outcomes) {
        if ('error' in outcome) expect((outcome.error as Refusal).kind).toBe('conflict')
      }
    }
  }, 240_000)
})

describe('the expiry job', () => {
  it('expires with its hold a payment that never got its Checkout (Stripe failed after it was written)', async () => {
    const now = Date.now()
    const held = await bookings.hold(visitorRequest(localTime(36, 9), now))
    const [payment] = await testApp.database.db
      .insert(payments)
      .values({
        tenantId: owner.tenantId,
        appointmentId: held.id,
        kind: 'deposit',
        amountMinor: 1500,
        currency: 'USD',
        stripeAccountId: 'acct_test_holds',
      })
      .returning({ id: payments.id })
    const statusOfPayment = async () => {
      const [row] = await testApp.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, payment?.id ?? ''))
      return row?.status
    }

    const early = await expireDueHolds(testApp.database, { now: now + HOLD - 1 })
    expect(await statusOfPayment()).toBe('pending')
    expect(early.sessionlessExpired).toBe(0)

    const due = await expireDueHolds(testApp.database, { now: now + HOLD })
    expect(due.expired.map((hold) => hold.appointmentId)).toContain(held.id)
    expect(due.sessionlessExpired).toBeGreaterThanOrEqual(1)
    expect(await statusOfPayment()).toBe('expired')
    // Nothing for Stripe to end: it never had a session.
    expect(due.checkoutsToExpire.map((item) => item.paymentId)).not.toContain(payment?.id)
    const again = await expireDueHolds(testApp.database, { now: now + HOLD })
    expect(again.sessionlessExpired).toBe(0)
  })

  it('lets holds go once they end, not before, and lists their open Checkouts', async () => {
    const now = Date.now()
    const held = await bookings.hold(visitorRequest(localTime(34, 9), now))
    const other = await bookings.hold(visitorRequest(localTime(34, 12), now + MINUTE))
    const sessionId = `cs_test_${randomUUID()}`
    const [payment] = await testApp.database.db
      .insert(payments)
      .values({
        tenantId: owner.tenantId,
        appointmentId: held.id,
        kind: 'prepayment',
        amountMinor: 4500,
        currency: 'USD',
        stripeAccountId: 'acct_test_holds',
        stripeCheckoutSessionId: sessionId,
      })
      .returning({ id: payments.id })

    const early = await expireDueHolds(testApp.database, { now: now + HOLD - 1 })
    expect(early.expired.map((hold) => hold.appointmentId)).not.toContain(held.id)
    expect((await statusOf(held.id))?.status).toBe('pending_payment')

    const due = await expireDueHolds(testApp.database, { now: now + HOLD })
    expect(due.expired).toContainEqual({ tenantId: owner.tenantId, appointmentId: held.id })
    expect(due.expired.map((hold) => hold.appointmentId)).not.toContain(other.id)
    expect(await statusOf(held.id)).toEqual({ status: 'payment_expired', holdExpiresAt: null })
    expect(await statusOf(other.id)).toMatchObject({ status: 'pending_payment' })
    expect(due.checkoutsToExpire).toContainEqual({
      tenantId: owner.tenantId,
      paymentId: payment?.id,
      appointmentId: held.id,
      stripeAccountId: 'acct_test_holds',
      stripeCheckoutSessionId: sessionId,
    })
    // Staff see the hold ended (a live update went out with it).
    const seen = (await api('GET', `/api/v1/appointments/${held.id}`)).json<Appointment>()
    expect(seen).toMatchObject({ status: 'payment_expired', hold_expires_at: null })
  })

  it('runs with the background jobs, on the real clock', async () => {
    const jobs = testApp.app.backgroundJobs
    if (!jobs) throw new Error('The background jobs are not running in the test app.')
    // Held eleven minutes ago: it ended a minute ago.
    const held = await bookings.hold(visitorRequest(localTime(35, 9), Date.now() - 11 * MINUTE))
    const run = await jobs.runOnce()
    expect(run.holds.expired).toContainEqual({ tenantId: owner.tenantId, appointmentId: held.id })
    expect((await statusOf(held.id))?.status).toBe('payment_expired')
  })

  it('never lets a hold go twice from two processes at once', async () => {
    const now = Date.now()
    const held = await Promise.all(
      [9, 11, 13, 15].map((hour) => bookings.hold(visitorRequest(localTime(36, hour), now))),
    )
    const [first, second] = await Promise.all([
      expireDueHolds(testApp.database, { now: now + HOLD }),
      expireDueHolds(testApp.database, { now: now + HOLD }),
    ])
    const ids = [...(first?.expired ?? []), ...(second?.expired ?? [])].map(
      (hold) => hold.appointmentId,
    )
    for (const hold of held) expect(ids.filter((id) => id === hold.id)).toHaveLength(1)
  })
})

describe('confirming a hold once paid', () => {
  it('confirms a hold that still holds its time, once, and sends the confirmation then', async () => {
    const now = Date.now()
    const held = await bookings.hold(visitorRequest(localTime(37, 9), now))
    const confirmed = await bookings.confirmHold({
      tenantId: owner.tenantId,
      appointmentId: held.id,
      now: now + HOLD - SECOND,
    })
    expect(confirmed.outcome).toBe('confirmed')
    expect(confirmed.appointment).toMatchObject({ status: 'confirmed', hold_expires_at: null })
    const outbox = await testApp.database.db
      .select({ kind: notificationOutbox.kind, recipient: notificationOutbox.recipient })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.appointmentId, held.id))
    expect(outbox).toContainEqual({ kind: 'confirmation', recipient: 'customer' })

    const again = await bookings.confirmHold({ tenantId: owner.tenantId, appointmentId: held.id })
    expect(again.outcome).toBe('already_confirmed')
    const after = await testApp.database.db
      .select({ kind: notificationOutbox.kind })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.appointmentId, held.id))
    expect(after).toHaveLength(outbox.length)
  })

  it('takes the time again when the hold ran out and the time is still free', async () => {
    const now = Date.now()
    const expired = await bookings.hold(visitorRequest(localTime(37, 12), now))
    await expireDueHolds(testApp.database, { now: now + HOLD })
    expect((await statusOf(expired.id))?.status).toBe('payment_expired')
    const retaken = await bookings.confirmHold({
      tenantId: owner.tenantId,
      appointmentId: expired.id,
      now: now + HOLD + MINUTE,
    })
    expect(retaken.outcome).toBe('retaken')
    expect(retaken.appointment.status).toBe('confirmed')

    // Ended but not yet let go by the job: the same.
    const due = await bookings.hold(visitorRequest(localTime(37, 15), now))
    const alsoRetaken = await bookings.confirmHold({
      tenantId: owner.tenantId,
      appointmentId: due.id,
      now: now + HOLD,
    })
    expect(alsoRetaken.outcome).toBe('retaken')
  })

  it('says the time was taken when someone booked it after the hold ran out', async () => {
    const now = Date.now()
    const startsAt = localTime(38, 9)
    const expired = await bookings.hold(visitorRequest(startsAt, now))
    const booked = await bookings.book(visitorRequest(startsAt + 30 * MINUTE, now + HOLD))
    const taken = await bookings.confirmHold({
      tenantId: owner.tenantId,
      appointmentId: expired.id,
      now: now + HOLD + MINUTE,
    })
    expect(taken.outcome).toBe('taken')
    expect(taken.appointment.status).toBe('payment_expired')
    expect((await statusOf(booked.id))?.status).toBe('confirmed')
    const outbox = await outboxFor(testApp, expired.id)
    expect(outbox).toEqual([])
  })

  it('changes nothing for a cancelled appointment, and another business cannot name one', async () => {
    const booked = await bookings.book(visitorRequest(localTime(38, 15), Date.now()))
    await api('POST', `/api/v1/appointments/${booked.id}/cancel`, { reason: 'ill' })
    const outcome = await bookings.confirmHold({
      tenantId: owner.tenantId,
      appointmentId: booked.id,
    })
    expect(outcome.outcome).toBe('not_held')
    expect(outcome.appointment.status).toBe('cancelled')
    const stranger = await newOwner(testApp, 'Otto Other')
    const missing = await bookings
      .confirmHold({ tenantId: stranger.tenantId, appointmentId: booked.id })
      .catch((error: unknown) => error)
    expect((missing as Refusal).kind).toBe('not-found')
  })
})

describe('the dashboard', () => {
  it('counts neither holds nor ended holds as bookings, nor lists them', async () => {
    type Dashboard = components['schemas']['Dashboard']
    const before = (await api('GET', '/api/v1/dashboard')).json<Dashboard>()
    const customer = await api('POST', '/api/v1/customers', { name: 'Dana Dashboard' })
    const customerId = customer.json<{ id: string }>().id
    // Straight into the table: a hold starting in a minute (today, unless it is midnight) and
    // an ended one after it, whatever the working hours.
    const row = (offset: number, status: 'pending_payment' | 'payment_expired') => {
      const startsAt = new Date(Date.now() + offset)
      const endsAt = new Date(startsAt.getTime() + 30 * MINUTE)
      return {
        tenantId: owner.tenantId,
        serviceId: haircutId,
        teamMemberId: memberId,
        customerId,
        startsAt,
        endsAt,
        busyFrom: startsAt,
        busyUntil: endsAt,
        seatGroup: randomUUID(),
        status,
        holdExpiresAt: status === 'pending_payment' ? new Date(Date.now() + HOLD) : null,
        priceMinor: 4500,
        currency: 'USD',
        source: 'public' as const,
      }
    }
    await testApp.database.db
      .insert(appointments)
      .values([row(MINUTE, 'pending_payment'), row(40 * MINUTE, 'payment_expired')])
    const after = (await api('GET', '/api/v1/dashboard')).json<Dashboard>()
    expect(after.today.count).toBe(before.today.count)
    expect(after.week.count).toBe(before.week.count)
    expect(after.week.revenue).toEqual(before.week.revenue)
    const ids = (dashboard: Dashboard) =>
      [...dashboard.today_appointments, ...dashboard.upcoming].map((a) => a.id)
    expect(ids(after)).toEqual(ids(before))
  })
})

describe('the database refuses half rules and impossible rows', () => {
  const refuses = async (statement: ReturnType<typeof sql>, state = '23514') => {
    const error = await testApp.database.db.execute(statement).then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(sqlStateOf(error), String(error)).toBe(state)
  }

  it('refuses a payment rule without its amount, with another rule’s, or beyond the price', async () => {
    const id = haircutId
    const set = (assignments: ReturnType<typeof sql>) =>
      sql`update ${services} set ${assignments} where id = ${id}`
    await refuses(set(sql`payment_rule = 'deposit_fixed'`))
    await refuses(set(sql`payment_rule = 'deposit_fixed', deposit_amount_minor = 4501`))
    await refuses(set(sql`payment_rule = 'deposit_fixed', deposit_amount_minor = 0`))
    await refuses(set(sql`payment_rule = 'deposit_percent', deposit_percent = 0`))
    await refuses(set(sql`payment_rule = 'deposit_percent', deposit_percent = 101`))
    await refuses(set(sql`payment_rule = 'deposit_percent'`))
    await refuses(set(sql`payment_rule = 'full', no_show_fee_minor = 1000`))
    await refuses(set(sql`payment_rule = 'none', deposit_percent = 20`))
    await refuses(set(sql`payment_rule = 'card_on_file'`))
    await refuses(
      set(sql`payment_rule = 'card_on_file', no_show_fee_minor = 1000, deposit_percent = 20`),
    )
    await refuses(set(sql`payment_rule = 'full', price_minor = 0`))
    await refuses(set(sql`payment_rule = 'half'`))
    // Whole rules are accepted, and a price cut below a fixed deposit is refused.
    await testApp.database.db.execute(
      set(sql`payment_rule = 'deposit_fixed', deposit_amount_minor = 1000`),
    )
    await refuses(set(sql`price_minor = 999`))
    await testApp.database.db.execute(set(sql`payment_rule = 'none', deposit_amount_minor = null`))
  })

  it('refuses a hold without its end, an end without a hold, and a hold over a booking', async () => {
    const booked = await bookings.book(visitorRequest(localTime(39, 9), Date.now()))
    const held = await bookings.hold(visitorRequest(localTime(39, 12), Date.now()))
    await refuses(sql`update ${appointments} set hold_expires_at = now() where id = ${booked.id}`)
    await refuses(sql`update ${appointments} set hold_expires_at = null where id = ${held.id}`)
    await refuses(sql`update ${appointments} set status = 'confirmed' where id = ${held.id}`)
    // A hold moved onto a booking's time: the exclusion constraint, however late the hold.
    await refuses(
      sql`update ${appointments} set starts_at = starts_at - interval '3 hours', ends_at = ends_at - interval '3 hours',
        busy_from = busy_from - interval '3 hours', busy_until = busy_until - interval '3 hours',
        hold_expires_at = now() - interval '1 hour' where id = ${held.id}`,
      '23P01',
    )
    // An ended hold takes nothing, like a cancellation.
    await testApp.database.db.execute(
      sql`update ${appointments} set status = 'payment_expired', hold_expires_at = null,
        starts_at = starts_at - interval '3 hours', ends_at = ends_at - interval '3 hours',
        busy_from = busy_from - interval '3 hours', busy_until = busy_until - interval '3 hours'
        where id = ${held.id}`,
    )
  })

  it('refuses payments refunded beyond their amount, refunds of nothing, odd hold lengths', async () => {
    const booked = await bookings.book(visitorRequest(localTime(39, 15), Date.now()))
    const insert = (values: ReturnType<typeof sql>) =>
      sql`insert into ${payments} (tenant_id, appointment_id, kind, status, amount_minor, refunded_amount_minor, currency, stripe_account_id, paid_at)
        values (${owner.tenantId}, ${booked.id}, ${values})`
    await refuses(insert(sql`'prepayment', 'succeeded', 4500, 4501, 'USD', 'acct_1', now()`))
    await refuses(insert(sql`'prepayment', 'pending', 4500, 100, 'USD', 'acct_1', null`))
    await refuses(insert(sql`'prepayment', 'succeeded', 4500, 0, 'USD', 'acct_1', null`))
    await refuses(insert(sql`'deposit', 'succeeded', 0, 0, 'USD', 'acct_1', now()`))
    await refuses(insert(sql`'card_on_file', 'succeeded', 100, 0, 'USD', 'acct_1', now()`))
    await refuses(insert(sql`'refund', 'succeeded', 100, 0, 'USD', 'acct_1', now()`))
    await refuses(insert(sql`'deposit', 'paid', 100, 0, 'USD', 'acct_1', now()`))
    await testApp.database.db.execute(
      insert(sql`'prepayment', 'succeeded', 4500, 4500, 'USD', 'acct_1', now()`),
    )
    const [payment] = await testApp.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.appointmentId, booked.id))
    await refuses(
      sql`insert into payment_refunds (tenant_id, payment_id, amount_minor, cause) values (${owner.tenantId}, ${payment?.id}, 0, 'staff')`,
    )
    await refuses(
      sql`insert into payment_refunds (tenant_id, payment_id, amount_minor, cause) values (${owner.tenantId}, ${payment?.id}, 100, 'whim')`,
    )
    // Another business's payment cannot be named by a refund (tenant-scoped foreign key).
    const stranger = await newOwner(testApp, 'Fay Foreign')
    await refuses(
      sql`insert into payment_refunds (tenant_id, payment_id, amount_minor, cause) values (${stranger.tenantId}, ${payment?.id}, 100, 'staff')`,
      '23503',
    )
    for (const minutes of [4, 61]) {
      await refuses(
        sql`update tenant_settings set payment_hold_minutes = ${minutes} where tenant_id = ${owner.tenantId}`,
      )
    }
  })
})
