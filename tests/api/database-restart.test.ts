import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { type PostgresCluster, startPostgresCluster } from '../../scripts/lib/postgres.ts'
import { createDatabase } from '../../server/db/database.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import {
  type ApiProcess,
  apiPort,
  processSecret,
  startApiProcess,
} from '../support/api/api-process.ts'
import {
  bookableStarts,
  DEMO_SLUG,
  type Outcome,
  startLoad,
  waitUntil,
} from '../support/api/booking-load.ts'
import { authEmulatorHost, signUp } from '../support/api/emulator-users.ts'
import {
  CLOSE_TRY_AGAIN_LATER,
  type LiveClient,
  openAuthenticatedClient,
  openClientWhenLive,
} from '../support/api/live-client.ts'

// PostgreSQL stopped and started again under booking load, twice (a clean fast shutdown, then
// an immediate one, like a crash): an API process must answer at once with 503 while it is
// down, never hang or 500, and recover by itself. The test restarts a cluster of its own (a
// shared server must not suffer that), as a real API process; it runs in the PostgreSQL pass.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const DOWN_MS = 2500
// Failing fast means no wait for a connect timeout (5 s in the pool, far more without one);
// generous for a loaded two-core machine.
const FAST_MS = 2000

describe('PostgreSQL restarted under load', () => {
  it.skipIf(!onPostgres)(
    'answers 503 database-unavailable at once while it is down, then recovers: reads, bookings, live updates through a new LISTEN, jobs; every 201 kept (PostgreSQL only)',
    async () => {
      let cluster: PostgresCluster | undefined
      let api: ApiProcess | undefined
      const sockets: LiveClient[] = []
      try {
        // Durable as in production: the immediate stop is a crash, and every 201 must survive it.
        cluster = await startPostgresCluster({ port: await apiPort(), durable: true })
        const owner = await signUp()
        const database = await createDatabase({ url: cluster.url })
        await database.migrate()
        await seedDemoBusiness(database, {
          ownerUid: owner.uid,
          ownerEmail: owner.email,
          ownerName: 'Restart Test',
        })
        await database.close()
        api = await startApiProcess({
          databaseUrl: cluster.url,
          secret: processSecret(),
          authEmulatorHost: authEmulatorHost(),
          jobsIntervalMs: 300,
        })
        const liveUrl = `${api.url.replace('http', 'ws')}/api/v1/live`
        const slots = await bookableStarts(api.url)
        // The test's own bookings, one after each outage; the load takes the rest.
        const own = slots.starts.splice(0, 2)
        expect(slots.starts.length).toBeGreaterThanOrEqual(30)
        const apiUrl = api.url
        let socket = await openAuthenticatedClient(liveUrl, owner.idToken)
        sockets.push(socket)
        const load = startLoad({ targets: () => [apiUrl], slots, workers: 3 })
        await waitUntil('bookings go through', () => load.booked().length >= 3, 60_000)

        const outages: { mode: string; from: number; to: number }[] = []
        for (const mode of ['fast', 'immediate'] as const) {
          const before = socket
          await cluster.halt(mode)
          const from = Date.now()
          // The LISTEN connection went with it: the socket is told to come back later.
          expect((await before.closed).code).toBe(CLOSE_TRY_AGAIN_LATER)
          await new Promise((resolve) => setTimeout(resolve, DOWN_MS))
          const to = Date.now()
          await cluster.resume()
          outages.push({ mode, from, to })

          const back = Date.now()
          await waitUntil(
            `reads answer again after the ${mode} restart`,
            () =>
              load.outcomes.some(
                (o) => o.kind === 'read' && o.status === 200 && o.startedAt > back,
              ),
            30_000,
          )
          // The live socket comes back once the listener has reconnected (with backoff), and
          // a booking made now reaches it: NOTIFY through the new LISTEN connection.
          socket = await openClientWhenLive(liveUrl, owner.idToken, 30_000)
          sockets.push(socket)
          const booking = await bookNow(apiUrl, slots.serviceId, slots.teamMemberId, own.shift())
          await waitForEvent(socket, booking.appointmentId)
          // The jobs ran into the outage and go on: the new booking's e-mail is sent.
          await waitUntil(
            `the e-mail of a booking made after the ${mode} restart is sent`,
            async () =>
              (await outboxStatuses(cluster as PostgresCluster, booking.appointmentId)).includes(
                'sent',
              ),
            30_000,
          )
        }
        await load.stop()

        for (const outage of outages) {
          // Sent while it was down: each answered fast (none waited for the restart), and
          // each answered before the restart began is the 503.
          const sent = load.outcomes.filter(
            (o) => o.startedAt >= outage.from && o.startedAt < outage.to,
          )
          const answeredWhileDown = sent.filter((o) => o.startedAt + o.ms < outage.to)
          const seen = load.outcomes
            .filter((o) => o.startedAt + o.ms >= outage.from - 2000 && o.startedAt < outage.to)
            .map((o) => `${o.kind} ${o.startedAt - outage.from}+${o.ms} ${o.status}`)
          expect(
            answeredWhileDown.length,
            `${outage.mode}: ${seen.join(', ')}`,
          ).toBeGreaterThanOrEqual(5)
          for (const answer of sent) expect(answer.ms, outage.mode).toBeLessThan(FAST_MS)
          for (const answer of answeredWhileDown) {
            expect(answer, outage.mode).toMatchObject({
              status: 503,
              problemType: '/problems/database-unavailable',
              retryAfter: '5',
            })
          }
        }
        // Nothing else than answers, bookings and 503s: no 500, no dropped connection (and a
        // 409 only for a time tried again, whose first try committed but lost its answer).
        const unexpected = load.outcomes.filter(
          (o: Outcome) => ![200, 201, 503].includes(o.status) && !(o.status === 409 && o.retry),
        )
        expect(unexpected).toEqual([])
        // Every booking acknowledged before, between and after the outages is stored.
        const booked = load.booked()
        expect(booked.length).toBeGreaterThanOrEqual(5)
        const client = new pg.Client({ connectionString: cluster.url })
        await client.connect()
        try {
          const { rows } = await client.query<{ n: number }>(
            `select count(*)::int as n from appointments where id = any($1::uuid[]) and status = 'confirmed'`,
            [booked.map((o) => o.appointmentId)],
          )
          expect(rows[0]?.n).toBe(booked.length)
        } finally {
          await client.end()
        }
        expect(api.alive()).toBe(true)
      } catch (error) {
        if (api) console.error(api.output().slice(-4000))
        throw error
      } finally {
        for (const socket of sockets) await socket.close().catch(() => {})
        await api?.stop()
        cluster?.stop()
      }
    },
    240_000,
  )
})

async function bookNow(
  apiUrl: string,
  serviceId: string,
  teamMemberId: string,
  startsAt: string | undefined,
): Promise<{ appointmentId: string }> {
  const response = await fetch(`${apiUrl}/api/v1/public/bookings?business=${DEMO_SLUG}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      service_id: serviceId,
      team_member_id: teamMemberId,
      starts_at: startsAt,
      customer: { name: 'After Restart', email: `after-${Date.now()}@slotwise.test` },
      time_zone: 'America/New_York',
    }),
  })
  const body = (await response.json()) as { appointment?: { id: string } }
  if (response.status !== 201 || !body.appointment) {
    throw new Error(`Booking after the restart: ${response.status} ${JSON.stringify(body)}`)
  }
  return { appointmentId: body.appointment.id }
}

async function outboxStatuses(cluster: PostgresCluster, appointmentId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: cluster.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ status: string }>(
      `select status from notification_outbox where appointment_id = $1 and recipient = 'customer'`,
      [appointmentId],
    )
    return rows.map((row) => row.status)
  } finally {
    await client.end()
  }
}

/** Waits for the socket's `appointment.created` of this appointment (the load books others). */
async function waitForEvent(socket: LiveClient, appointmentId: string): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const message = await socket.next(Math.max(1, deadline - Date.now()))
    if (
      message.type === 'appointment.created' &&
      'appointment' in message &&
      message.appointment.id === appointmentId
    ) {
      return
    }
  }
}
