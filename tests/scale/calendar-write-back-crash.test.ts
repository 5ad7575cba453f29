import { randomBytes } from 'node:crypto'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { calendarWrites, tenants } from '../../server/db/schema.ts'
import { appointmentUid } from '../../server/notifications/ics.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import { bookableStarts, DEMO_SLUG, startLoad, waitUntil } from '../support/api/booking-load.ts'
import {
  type AnswerHoldingProxy,
  startAnswerHoldingProxy,
} from '../support/caldav/answer-holding-proxy.ts'
import { type CalDavServer, startRadicale } from '../support/caldav/caldav-servers.ts'
import { getObject, makeCalendar, objectHrefs } from '../support/caldav/calendar-fixtures.ts'
import { connectCalendar } from '../support/calendar-sync/connected-calendar.ts'
import {
  createScaleDatabase,
  type ServerRun,
  startServer,
  testPorts,
} from '../support/scale/processes.ts'

/*
 * `kill -9` during write-back under booking load (issue 25, item 4): API processes on one
 * PostgreSQL book a member's appointments and write each into their calendar on a real
 * Radicale; the first is killed with writes stored on the server whose answers it never got
 * (a proxy holds them back). The second takes over once the dead one's claims lapse: every
 * booking's event is in the calendar exactly once, since a write repeated under the same UID
 * replaces rather than adds.
 */

const key = randomBytes(32)
let scaleDatabase: Awaited<ReturnType<typeof createScaleDatabase>>
let database: Database
let radicale: CalDavServer
let proxy: AnswerHoldingProxy
const servers: ServerRun[] = []

beforeAll(async () => {
  scaleDatabase = await createScaleDatabase()
  database = await createDatabase({ url: scaleDatabase.url })
  await seedDemoBusiness(database, {
    ownerUid: 'write-back-crash-owner',
    ownerEmail: 'owner@write-back.slotwise.test',
    ownerName: 'Write Back',
  })
  radicale = await startRadicale()
  proxy = await startAnswerHoldingProxy(radicale.home)
}, 120_000)
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL')
  await proxy?.stop()
  radicale?.stop()
  await database?.close()
  await scaleDatabase?.drop()
})

function apiProcess(port: number): ServerRun {
  const server = startServer('server/index.ts', {
    DATABASE_URL: scaleDatabase.url,
    PORT: String(port),
    CALENDAR_CREDENTIALS_KEY: key.toString('base64'),
    CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true',
    JOBS_INTERVAL_MS: '200',
    PUBLIC_READS_PER_MINUTE: '1000000',
    PUBLIC_WRITES_PER_MINUTE: '1000000',
    PUBLIC_BOOKINGS_PER_EMAIL_PER_HOUR: '1000000',
  })
  servers.push(server)
  return server
}

async function ready(url: string, server: ServerRun): Promise<void> {
  await waitUntil(
    `${url} answers (${server.output().slice(-500)})`,
    async () => (await fetch(`${url}/api/v1/health`).catch(() => null))?.ok === true,
    90_000,
  )
}

it('leaves every booking’s event in the calendar exactly once after a process is killed mid-write', async () => {
  const [doomedPort, survivorPort] = await testPorts(2)
  const [doomedUrl, survivorUrl] = [doomedPort, survivorPort].map(
    (port) => `http://127.0.0.1:${port}`,
  ) as [string, string]
  const doomed = apiProcess(doomedPort as number)
  await ready(doomedUrl, doomed)

  const slots = await bookableStarts(doomedUrl)
  const [tenant] = await database.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.slug, DEMO_SLUG))
  const calendarUrl = await makeCalendar(radicale, 'crash', { name: 'Work' })
  // The processes reach the calendar through the proxy; the test reads Radicale itself.
  const reached = proxy.via(calendarUrl)
  await connectCalendar(database.db, createCredentialCipher(key), {
    tenantId: tenant?.id ?? '',
    teamMemberId: slots.teamMemberId,
    remoteId: reached,
    addBookings: true,
    credentials: {
      kind: 'caldav',
      serverUrl: reached,
      username: radicale.username,
      password: radicale.password,
    },
  })

  // Bookings stream in; the calendar stores the doomed process's writes but it hears no answer.
  proxy.holding = true
  const first = startLoad({
    targets: () => [doomedUrl],
    slots: { ...slots, starts: slots.starts.slice(0, 20) },
    workers: 3,
  })
  await waitUntil(
    'events are written into the calendar and their answers held',
    () => proxy.held() >= 2 && first.booked().length >= 3,
    90_000,
  )
  await doomed.stop('SIGKILL')
  await first.stop()
  proxy.release()

  const survivor = apiProcess(survivorPort as number)
  await ready(survivorUrl, survivor)
  const second = startLoad({
    targets: () => [survivorUrl],
    slots: { ...slots, starts: slots.starts.slice(20, 30) },
    workers: 3,
  })
  await waitUntil('the survivor books', () => second.booked().length >= 3, 90_000)
  await second.stop()
  const booked = [...first.booked(), ...second.booked()].map(
    (outcome) => outcome.appointmentId as string,
  )

  // The dead process's claims would lapse in two minutes: moved on here, as a clock would.
  await database.db
    .update(calendarWrites)
    .set({ claimedUntil: null, nextAttemptAt: new Date() })
    .where(eq(calendarWrites.state, 'pending'))
  await waitUntil(
    'every booking is written back',
    async () =>
      (
        await database.db
          .select({ id: calendarWrites.id })
          .from(calendarWrites)
          .where(
            and(inArray(calendarWrites.appointmentId, booked), ne(calendarWrites.state, 'done')),
          )
      ).length === 0,
    90_000,
  )

  const uids = new Map<string, number>()
  for (const href of await objectHrefs(radicale, calendarUrl)) {
    const text = (await getObject(radicale, href))?.text ?? ''
    for (const [, uid] of text.matchAll(/^UID:(.*)$/gm)) {
      const trimmed = (uid ?? '').trim()
      uids.set(trimmed, (uids.get(trimmed) ?? 0) + 1)
    }
  }
  for (const id of booked) expect(uids.get(appointmentUid(id)), id).toBe(1)
  expect([...uids.values()].every((count) => count === 1)).toBe(true)
})
