import { randomBytes } from 'node:crypto'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { calendarWrites, tenants } from '../../server/db/schema.ts'
import { appointmentUid } from '../../server/notifications/ics.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import { bookableStarts, DEMO_SLUG, startLoad, waitUntil } from '../support/api/booking-load.ts'
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
 * `kill -9` during write-back under booking load (issue 25, item 4): two API processes on one
 * PostgreSQL book a member's appointments and write each into their calendar on a real
 * Radicale; one is killed while writes are under way. Once the dead one's claims lapse, every
 * booking's event is in the calendar exactly once: a write cut between the server's answer
 * and its mark is written again under the same UID, which replaces rather than adds.
 */

const key = randomBytes(32)
let scaleDatabase: Awaited<ReturnType<typeof createScaleDatabase>>
let database: Database
let radicale: CalDavServer
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
}, 120_000)
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL')
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
  )
  const doomed = apiProcess(doomedPort as number)
  const survivor = apiProcess(survivorPort as number)
  await Promise.all([ready(doomedUrl as string, doomed), ready(survivorUrl as string, survivor)])

  const slots = await bookableStarts(survivorUrl as string)
  const [tenant] = await database.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.slug, DEMO_SLUG))
  const calendarUrl = await makeCalendar(radicale, 'crash', { name: 'Work' })
  await connectCalendar(database.db, createCredentialCipher(key), {
    tenantId: tenant?.id ?? '',
    teamMemberId: slots.teamMemberId,
    remoteId: calendarUrl,
    addBookings: true,
    credentials: {
      kind: 'caldav',
      serverUrl: calendarUrl,
      username: radicale.username,
      password: radicale.password,
    },
  })

  const written = async (state: 'done' | 'pending') =>
    (
      await database.db
        .select({ id: calendarWrites.id })
        .from(calendarWrites)
        .where(eq(calendarWrites.state, state))
    ).length
  let targets = [doomedUrl as string, survivorUrl as string]
  const load = startLoad({
    targets: () => targets,
    slots: { ...slots, starts: slots.starts.slice(0, 30) },
    workers: 3,
  })
  await waitUntil(
    'events are being written back while bookings stream in',
    async () => (await written('done')) >= 3 && (await written('pending')) > 0,
    90_000,
  )
  await doomed.stop('SIGKILL')
  targets = [survivorUrl as string]
  await load.stop()
  const booked = load.booked().map((outcome) => outcome.appointmentId as string)
  expect(booked.length).toBeGreaterThanOrEqual(5)

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
