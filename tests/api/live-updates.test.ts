import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { LISTENER_APPLICATION_NAME } from '../../server/db/pg-notification-listener.ts'
import { appointments, customers, services } from '../../server/db/schema.ts'
import type { LiveUpdatesOptions } from '../../server/plugins/live-updates.ts'
import {
  type AppointmentEventType,
  notifyAppointmentChange,
} from '../../server/realtime/live-events.ts'
import type { LiveServerMessage } from '../../server/realtime/live-hub.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import { withPayload } from '../support/api/emulator-users.ts'
import {
  CLOSE_TRY_AGAIN_LATER,
  type LiveClient,
  openAuthenticatedClient,
  openClientWhenLive,
  openLiveClient,
} from '../support/api/live-client.ts'
import { callAs } from '../support/api/team-access.ts'
import { type Business, call, createBusiness, expectProblem } from '../support/api/team-business.ts'
import {
  createTestApp,
  PROJECT_ID,
  type TestApp,
  testClientConfig,
} from '../support/api/test-app.ts'

const AUTH_TIMEOUT_MS = 400
const HOUR = 3_600_000

let testApp: TestApp
let liveUrl: string
let harbor: Business
let other: Business
const openClients: LiveClient[] = []

async function listenOn(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return `ws://127.0.0.1:${address.port}/api/v1/live`
}

/** A second app on the test database (another configuration); the caller closes it. */
function appOnSameDatabase(options: { emulator?: boolean; live?: LiveUpdatesOptions } = {}) {
  return buildApp({
    database: testApp.database,
    auth: { projectId: PROJECT_ID, emulator: options.emulator ?? true },
    corsOrigins: [],
    clientConfig: testClientConfig(),
    logger: false,
    live: options.live,
  })
}

async function client(idToken: string, url = liveUrl): Promise<LiveClient> {
  const opened = await openAuthenticatedClient(url, idToken)
  openClients.push(opened)
  return opened
}

async function bareClient(url = liveUrl): Promise<LiveClient> {
  const opened = await openLiveClient(url)
  openClients.push(opened)
  return opened
}

beforeAll(async () => {
  testApp = await createTestApp({ live: { authTimeoutMs: AUTH_TIMEOUT_MS } })
  liveUrl = await listenOn(testApp.app)
  harbor = await createBusiness(testApp, 'Harbor')
  other = await createBusiness(testApp, 'Other')
})

afterAll(async () => {
  await Promise.all(openClients.map((opened) => opened.close()))
  await testApp?.close()
})

/** What a booking needs in the business: a service, its owner's team member, a customer. */
async function fixturesOf(database: Database, business: Business) {
  const [service] = await database.db
    .insert(services)
    .values({
      tenantId: business.tenantId,
      name: 'Haircut',
      durationMinutes: 30,
      priceMinor: 2500,
      currency: 'USD',
    })
    .returning()
  const [customer] = await database.db
    .insert(customers)
    .values({ tenantId: business.tenantId, name: 'Casey Customer' })
    .returning()
  if (!service || !customer) throw new Error('fixtures missing')
  return { service, customer, teamMemberId: business.ownerMemberId }
}

/**
 * Changes an appointment row and announces it in the same transaction, as the appointments API
 * does. `rollBack` makes the transaction fail after the NOTIFY.
 */
async function changeAppointment(
  database: Database,
  tenantId: string,
  type: AppointmentEventType,
  write: (tx: Database['db']) => Promise<string>,
  options: { rollBack?: boolean } = {},
): Promise<string> {
  let id = ''
  await database
    .transaction(async (tx) => {
      id = await write(tx)
      await notifyAppointmentChange(tx, { tenantId, type, appointmentId: id })
      if (options.rollBack) throw new Error('rolled back on purpose')
    })
    .catch((error: unknown) => {
      if (!options.rollBack) throw error
    })
  return id
}

async function book(
  database: Database,
  business: Business,
  startsAt: Date,
  options: { rollBack?: boolean } = {},
): Promise<string> {
  const { service, customer, teamMemberId } = await fixturesOf(database, business)
  return changeAppointment(
    database,
    business.tenantId,
    'appointment.created',
    async (tx) => {
      const [row] = await tx
        .insert(appointments)
        .values(
          unbufferedRow({
            tenantId: business.tenantId,
            serviceId: service.id,
            teamMemberId,
            customerId: customer.id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * 60_000),
            priceMinor: 2500,
            currency: 'USD',
            source: 'staff',
          }),
        )
        .returning({ id: appointments.id })
      if (!row) throw new Error('not inserted')
      return row.id
    },
    options,
  )
}

function expectAppointmentEvent(
  message: LiveServerMessage,
  type: AppointmentEventType,
  id: string,
) {
  expect(message.type).toBe(type)
  if (message.type !== type) return undefined
  expect(message.appointment.id).toBe(id)
  return message.appointment
}

/** The user's emulator token (unsigned, accepted in emulator mode) expiring `seconds` from now. */
function expiringToken(idToken: string, seconds: number): string {
  return withPayload(idToken, (claims) => {
    claims.exp = Math.floor(Date.now() / 1000) + seconds
  })
}

describe('authentication of the live socket', () => {
  it('answers a plain GET (no upgrade) with 426 problem+json naming the protocol', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/live' })
    const problem = expectProblem(response, 426)
    expect(problem.detail).toMatch(/WebSocket/)
    expect(response.headers.upgrade).toBe('websocket')
  })

  it('sends 401 and closes with 4401 when no auth message arrives within the deadline', async () => {
    const silent = await bareClient()
    expect(await silent.next(AUTH_TIMEOUT_MS + 2000)).toMatchObject({ type: 'error', status: 401 })
    expect((await silent.closed).code).toBe(4401)
  })

  it('refuses a bad token with 401 and 4401', async () => {
    const refused = await bareClient()
    refused.send({ type: 'auth', token: 'not-a-token' })
    expect(await refused.next()).toMatchObject({ type: 'error', status: 401 })
    expect((await refused.closed).code).toBe(4401)
  })

  it('refuses a token signed for nobody (an emulator token with the app in production mode)', async () => {
    const strict = await appOnSameDatabase({ emulator: false })
    try {
      const url = await listenOn(strict)
      const refused = await bareClient(url)
      refused.send({ type: 'auth', token: harbor.owner.idToken })
      expect(await refused.next()).toMatchObject({ type: 'error', status: 401 })
      expect((await refused.closed).code).toBe(4401)
    } finally {
      await strict.close()
    }
  })

  it.each([
    ['text that is not JSON', 'hello'],
    ['an unknown message type', JSON.stringify({ type: 'subscribe', token: 'x' })],
    [
      'an auth message with an extra field',
      JSON.stringify({ type: 'auth', token: 'x', tenant: 'y' }),
    ],
    ['an auth message without a token', JSON.stringify({ type: 'auth' })],
  ])('answers %s with 400 and closes with 4400', async (_, text) => {
    const confused = await bareClient()
    confused.send(text)
    expect(await confused.next()).toMatchObject({ type: 'error', status: 400 })
    expect((await confused.closed).code).toBe(4400)
  })

  it('accepts a fresh token at any time: re-authenticated, a socket outlives its first token', async () => {
    const socket = await client(expiringToken(harbor.staff.idToken, 2))
    socket.send({ type: 'auth', token: harbor.staff.idToken })
    expect(await socket.next()).toEqual({ type: 'ready' })
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const id = await book(testApp.database, harbor, new Date(Date.now() + 40 * HOUR))
    expectAppointmentEvent(await socket.next(), 'appointment.created', id)
    expect(socket.socket.readyState).toBe(socket.socket.OPEN)
  })

  it('closes with 401 and 4401 when the token expires without a fresh one', async () => {
    const socket = await client(expiringToken(harbor.owner.idToken, 2))
    const started = Date.now()
    const refused = await socket.next(6000)
    expect(refused).toMatchObject({ type: 'error', status: 401 })
    expect((await socket.closed).code).toBe(4401)
    expect(Date.now() - started).toBeGreaterThan(500)
  })
})

describe('appointment events', () => {
  it("pushes created, updated and cancelled (made through the API) to every socket of the business, and nothing to another business's staff", async () => {
    const owner = await client(harbor.owner.idToken)
    const staff = await client(harbor.staff.idToken)
    const stranger = await client(other.staff.idToken)
    const as = callAs(testApp, harbor.owner)
    const service = await as('POST', '/api/v1/services', {
      name: 'Colour',
      duration_minutes: 60,
      price_minor: 8000,
      team_member_ids: [harbor.ownerMemberId],
    })
    expect(service.statusCode, service.body).toBe(201)
    const customer = await as('POST', '/api/v1/customers', { name: 'Casey Customer' })
    expect(customer.statusCode, customer.body).toBe(201)

    const startsAt = new Date(Math.ceil((Date.now() + 48 * HOUR) / HOUR) * HOUR)
    const created = await as('POST', '/api/v1/appointments', {
      service_id: service.json<{ id: string }>().id,
      team_member_id: harbor.ownerMemberId,
      customer_id: customer.json<{ id: string }>().id,
      starts_at: startsAt.toISOString(),
      override_working_hours: true,
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: string }>().id
    const edited = await as('PATCH', `/api/v1/appointments/${id}`, {
      notes: 'Bring the reference photo',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const cancelled = await as('POST', `/api/v1/appointments/${id}/cancel`, {
      reason: 'Customer is ill',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)

    for (const socket of [owner, staff]) {
      const first = expectAppointmentEvent(await socket.next(), 'appointment.created', id)
      expect(first).toMatchObject({
        status: 'confirmed',
        service_name: 'Colour',
        customer_name: 'Casey Customer',
        starts_at: startsAt.toISOString(),
      })
      const second = expectAppointmentEvent(await socket.next(), 'appointment.updated', id)
      expect(second?.notes).toBe('Bring the reference photo')
      const third = expectAppointmentEvent(await socket.next(), 'appointment.cancelled', id)
      expect(third).toMatchObject({ status: 'cancelled', cancel_reason: 'Customer is ill' })
    }

    // Events reach a socket in order, so the other business's own event arriving first proves
    // none of Harbor's three reached its staff.
    const theirs = await book(testApp.database, other, startsAt)
    expectAppointmentEvent(await stranger.next(), 'appointment.created', theirs)
    expect(stranger.received).toHaveLength(2)
    expect(owner.received).toHaveLength(4)
  })

  it('delivers nothing for a change whose transaction rolled back', async () => {
    const owner = await client(harbor.owner.idToken)
    await book(testApp.database, harbor, new Date(Date.now() + 50 * HOUR), { rollBack: true })
    const committed = await book(testApp.database, harbor, new Date(Date.now() + 52 * HOUR))
    expectAppointmentEvent(await owner.next(), 'appointment.created', committed)
    expect(owner.received).toHaveLength(2)
  })

  it('keeps delivering to the other sockets when one of them has gone away', async () => {
    const leaving = await client(harbor.owner.idToken)
    const staying = await client(harbor.admin.idToken)
    leaving.socket.terminate()
    const id = await book(testApp.database, harbor, new Date(Date.now() + 54 * HOUR))
    expectAppointmentEvent(await staying.next(), 'appointment.created', id)
  })
})

describe('profile events', () => {
  it("pushes profile.updated with the new business name to each of the business's users", async () => {
    const owner = await client(harbor.owner.idToken)
    const staff = await client(harbor.staff.idToken)
    const stranger = await client(other.owner.idToken)

    const current = await call(testApp, harbor.owner, 'GET', '/api/v1/business-configuration')
    expect(current.statusCode, current.body).toBe(200)
    const saved = await call(testApp, harbor.owner, 'PUT', '/api/v1/business-configuration', {
      ...current.json(),
      name: 'Harbor Street Studio & Spa',
    })
    expect(saved.statusCode, saved.body).toBe(200)

    for (const [socket, uid, permission] of [
      [owner, harbor.owner.uid, 'owner'],
      [staff, harbor.staff.uid, 'staff'],
    ] as const) {
      const message = await socket.next()
      expect(message.type).toBe('profile.updated')
      if (message.type !== 'profile.updated') continue
      expect(message.profile.tenant.name).toBe('Harbor Street Studio & Spa')
      expect(message.profile.user.uid).toBe(uid)
      expect(message.profile.permission).toBe(permission)
    }

    const theirs = await book(testApp.database, other, new Date(Date.now() + 60 * HOUR))
    expectAppointmentEvent(await stranger.next(), 'appointment.created', theirs)
  })

  it("pushes the member's new permission when it changes", async () => {
    const staff = await client(harbor.staff.idToken)
    const promoted = await call(
      testApp,
      harbor.owner,
      'PATCH',
      `/api/v1/team-members/${harbor.staffMemberId}`,
      { permission: 'admin' },
    )
    expect(promoted.statusCode, promoted.body).toBe(200)
    const message = await staff.next()
    expect(message).toMatchObject({ type: 'profile.updated', profile: { permission: 'admin' } })
    await call(testApp, harbor.owner, 'PATCH', `/api/v1/team-members/${harbor.staffMemberId}`, {
      permission: 'staff',
    })
    expect(await staff.next()).toMatchObject({ profile: { permission: 'staff' } })
  })
})

describe('keep-alive', () => {
  it('pings an idle socket and drops one that stops answering', async () => {
    const pinging = await appOnSameDatabase({ live: { pingIntervalMs: 100 } })
    try {
      const url = await listenOn(pinging)
      const healthy = await client(harbor.owner.idToken, url)
      const silent = await openAuthenticatedClient(url, harbor.staff.idToken, { autoPong: false })
      openClients.push(silent)
      let pings = 0
      healthy.socket.on('ping', () => pings++)

      expect((await silent.closed).code).toBe(1006)
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(pings).toBeGreaterThanOrEqual(2)
      expect(healthy.socket.readyState).toBe(healthy.socket.OPEN)
    } finally {
      await pinging.close()
    }
  })
})

describe('shutdown', () => {
  it('closes open sockets with 1001 (going away) when the app closes', async () => {
    const closing = await appOnSameDatabase()
    const url = await listenOn(closing)
    const socket = await client(harbor.owner.idToken, url)
    await closing.close()
    expect((await socket.closed).code).toBe(1001)
  })
})

describe('several API processes on one PostgreSQL', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

  it.skipIf(!onPostgres)(
    'both instances deliver an event made through either one (PostgreSQL only: PGlite is one in-process database, so it never has a second API process; set TEST_DATABASE_URL)',
    async () => {
      await withSecondInstance(async ({ first, second, business }) => {
        const onFirst = await client(business.owner.idToken, first.url)
        const onSecond = await client(business.staff.idToken, second.url)

        const viaFirst = await book(first.database, business, new Date(Date.now() + 70 * HOUR))
        const viaSecond = await book(second.database, business, new Date(Date.now() + 72 * HOUR))
        for (const socket of [onFirst, onSecond]) {
          expectAppointmentEvent(await socket.next(), 'appointment.created', viaFirst)
          expectAppointmentEvent(await socket.next(), 'appointment.created', viaSecond)
        }
      })
    },
  )

  it.skipIf(!onPostgres)(
    'when the listening connection is cut, open sockets are told to reconnect (events in the gap are lost, so the app refetches), and events flow again once it listens again (PostgreSQL only: PGlite has no connection to lose)',
    async () => {
      await withSecondInstance(async ({ first, second, business, admin }) => {
        const before = await client(business.owner.idToken, first.url)
        const listeners = async () =>
          (
            await admin.query<{ pid: number }>(
              'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
              [LISTENER_APPLICATION_NAME],
            )
          ).rows.map((row) => row.pid)
        const cut = await listeners()
        expect(cut).toHaveLength(2)
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [cut])
        expect((await before.closed).code).toBe(CLOSE_TRY_AGAIN_LATER)
        // Both instances lost their LISTEN connection; wait until both have a new one.
        await expect
          .poll(async () => (await listeners()).filter((pid) => !cut.includes(pid)).length, {
            timeout: 10_000,
            interval: 100,
          })
          .toBe(2)
        const after = await openClientWhenLive(first.url, business.owner.idToken)
        openClients.push(after)
        const id = await book(second.database, business, new Date(Date.now() + 74 * HOUR))
        expectAppointmentEvent(await after.next(), 'appointment.created', id)
      })
    },
  )
})

interface Instance extends TestApp {
  url: string
}

/**
 * Two apps, each with its own connection pool and listener, on one throw-away PostgreSQL
 * database: what two API processes behind a load balancer are.
 */
async function withSecondInstance(
  work: (setup: {
    first: Instance
    second: Instance
    business: Business
    admin: pg.Client
  }) => Promise<void>,
) {
  const serverUrl = process.env.TEST_DATABASE_URL as string
  const name = `slotwise_live_${randomBytes(6).toString('hex')}`
  const server = new pg.Client({ connectionString: serverUrl })
  await server.connect()
  await server.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: url.toString() })
  const instances: Instance[] = []
  try {
    await admin.connect()
    for (let index = 0; index < 2; index++) {
      const database = await createDatabase({ url: url.toString() })
      await database.migrate()
      const app = await buildApp({
        database,
        auth: { projectId: PROJECT_ID, emulator: true },
        corsOrigins: [],
        clientConfig: testClientConfig(),
        logger: false,
      })
      const instance: Instance = {
        url: '',
        app,
        database,
        close: async () => {
          await app.close()
          await database.close()
        },
      }
      instances.push(instance)
      instance.url = await listenOn(app)
    }
    const [first, second] = instances as [Instance, Instance]
    const business = await createBusiness(first, 'Twin')
    await work({ first, second, business, admin })
  } finally {
    await Promise.all(openClients.splice(0).map((opened) => opened.close()))
    for (const instance of instances) await instance.close()
    await admin.end().catch(() => {})
    await server.query(`drop database if exists ${name} with (force)`)
    await server.end()
  }
}
