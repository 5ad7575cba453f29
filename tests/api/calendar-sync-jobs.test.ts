import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  claimDueCalendarWrites,
  createCalendarWriteRepository,
} from '../../server/db/repositories/calendar-write-repository.ts'
import {
  appointments,
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  externalBusyTimes,
} from '../../server/db/schema.ts'
import type { CalendarSyncParts } from '../../server/jobs/calendar-connections.ts'
import { refreshStaleBusyTimes, syncDueCalendars } from '../../server/jobs/calendar-sync.ts'
import { writeBackDueEvents } from '../../server/jobs/calendar-write-back.ts'
import { appointmentUid as appointmentEventUid } from '../../server/notifications/ics.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import { bookingBody, bookPublicly, publicCall, slugOf } from '../support/api/public-booking.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { connectCalendar } from '../support/calendar-sync/connected-calendar.ts'
import {
  expandInstantsOnly,
  InMemoryProvider,
  instantEvent,
} from '../support/calendar-sync/in-memory-connector.ts'

/*
 * The sync and write-back jobs against a provider simulated in memory (the real connectors are
 * tested against real servers beside them): claims, cursors, health and backoff, and writes
 * that stay single however often they are retried.
 */

const MINUTE_MS = 60_000
/** The app's CALENDAR_CREDENTIALS_KEY; the tests seal their connections with it too. */
const credentialsKey = randomBytes(32)
/** The provider the app's own background jobs reach (the last one a test made). */
let currentProvider = new InMemoryProvider()
const world = setUpSchedulingWorld({
  label: 'Synced Calendars',
  appOptions: () => ({
    jobs: {
      intervalMs: 3_600_000,
      outboxDir: join(tmpdir(), 'slotwise-calendar-sync-outbox'),
      calendarSync: {
        credentialsKey,
        connectorFor: () => currentProvider.connector(),
        expandBusyTimes: expandInstantsOnly,
      },
    },
  }),
})

// Each test's jobs see only its own calendars and writes: the earlier tests' are put out of
// reach (their clocks run ahead of the database's, so they would be due again).
beforeEach(async () => {
  const db = world.testApp.database.db
  const farAhead = new Date('9999-01-01T00:00:00Z')
  await db.update(connectedCalendars).set({ nextSyncAt: farAhead, lastSyncedAt: farAhead })
  await db.update(calendarWrites).set({ state: 'done' })
})

function partsFor(provider: InMemoryProvider): CalendarSyncParts {
  currentProvider = provider
  return {
    cipher: createCredentialCipher(credentialsKey),
    connectorFor: () => provider.connector(),
    expandBusyTimes: expandInstantsOnly,
  }
}

/** A calendar of `member` with its own simulated provider, due for a sync now. */
async function connected(options: { addBookings?: boolean; teamMemberId?: string } = {}) {
  const provider = new InMemoryProvider()
  const parts = partsFor(provider)
  const { connection, calendar } = await connectCalendar(world.testApp.database.db, parts.cipher, {
    tenantId: world.salon.tenantId,
    teamMemberId: options.teamMemberId ?? world.salon.staffMemberId,
    addBookings: options.addBookings ?? false,
  })
  return { provider, parts, connection, calendar }
}

async function busyTimesOf(calendarId: string) {
  return world.testApp.database.db
    .select({ startsAt: externalBusyTimes.startsAt, summary: externalBusyTimes.summary })
    .from(externalBusyTimes)
    .where(eq(externalBusyTimes.calendarId, calendarId))
    .orderBy(externalBusyTimes.startsAt)
}

async function rowsOf(calendarId: string) {
  const db = world.testApp.database.db
  const [calendar] = await db
    .select()
    .from(connectedCalendars)
    .where(eq(connectedCalendars.id, calendarId))
  if (!calendar) throw new Error('calendar gone')
  const [connection] = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, calendar.connectionId))
  if (!connection) throw new Error('connection gone')
  return { calendar, connection }
}

/** Only this test's calendars are due: the others were synced into the future already. */
async function syncAllDue(parts: CalendarSyncParts, now: number) {
  return syncDueCalendars(world.testApp.database, parts, { now, random: () => 0.5 })
}

describe('calendar sync', () => {
  it('stores the objects, their busy times and the cursor, then applies only what changed', async () => {
    const day = world.freshDay()
    const { provider, parts, calendar } = await connected()
    provider.putObject(calendar.remoteId, 'a.ics', [
      instantEvent('a', world.at(day, '10:00'), world.at(day, '11:00'), 'Dentist'),
    ])
    provider.putObject(calendar.remoteId, 'b.ics', [
      instantEvent('b', world.at(day, '14:00'), world.at(day, '15:00'), 'School run'),
    ])
    // Our own written-back event never counts as busy time.
    provider.putObject(calendar.remoteId, 'ours.ics', [
      instantEvent('x@slotwise', world.at(day, '16:00'), world.at(day, '16:45'), 'Haircut'),
    ])
    const now = Date.now()
    expect(await syncAllDue(parts, now)).toMatchObject({ synced: 1, failed: 0 })
    expect((await busyTimesOf(calendar.id)).map((row) => row.summary)).toEqual([
      'Dentist',
      'School run',
    ])
    const first = await rowsOf(calendar.id)
    expect(first.calendar.syncCursor).toEqual({ version: 3 })
    expect(first.connection).toMatchObject({ health: 'ok', failureCount: 0, lastError: null })
    expect(first.calendar.nextSyncAt.getTime()).toBe(now + 5 * MINUTE_MS)

    provider.removeObject(calendar.remoteId, 'a.ics')
    // Not due yet: nothing is asked of the provider.
    await syncAllDue(parts, now + MINUTE_MS)
    expect(provider.syncCalls).toHaveLength(1)
    await syncAllDue(parts, now + 5 * MINUTE_MS)
    expect(provider.syncCalls[1]).toEqual({ calendarId: calendar.remoteId, cursor: { version: 3 } })
    expect((await busyTimesOf(calendar.id)).map((row) => row.summary)).toEqual(['School run'])
  })

  it('lets two runners at once take different calendars, none twice', async () => {
    const provider = new InMemoryProvider()
    const parts = partsFor(provider)
    const calendars = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const { calendar } = await connectCalendar(world.testApp.database.db, parts.cipher, {
          tenantId: world.salon.tenantId,
          teamMemberId: world.salon.adminMemberId,
        })
        return calendar.remoteId
      }),
    )
    const now = Date.now() + 10 * MINUTE_MS
    const options = { now, batchSize: 2, random: () => 0.5 }
    const [one, two] = await Promise.all([
      syncDueCalendars(world.testApp.database, parts, options),
      syncDueCalendars(world.testApp.database, parts, options),
    ])
    const asked = provider.syncCalls.map((entry) => entry.calendarId)
    expect(one.synced + two.synced).toBe(asked.length)
    expect(new Set(asked).size).toBe(asked.length)
    expect(asked.every((id) => calendars.includes(id))).toBe(true)
  })

  it('keeps the busy times of a failing calendar, says why, and backs off as told', async () => {
    const day = world.freshDay()
    const { provider, parts, calendar } = await connected()
    provider.putObject(calendar.remoteId, 'a.ics', [
      instantEvent('a', world.at(day, '10:00'), world.at(day, '11:00')),
    ])
    const now = Date.now() + 20 * MINUTE_MS
    await syncAllDue(parts, now)

    provider.failNext('rate_limited', 30 * MINUTE_MS)
    const later = now + 5 * MINUTE_MS
    expect(await syncAllDue(parts, later)).toMatchObject({ synced: 0, failed: 1 })
    const limited = await rowsOf(calendar.id)
    expect(limited.connection).toMatchObject({
      health: 'rate_limited',
      failureCount: 1,
      lastError: 'simulated rate_limited',
    })
    // Retry-After (30 minutes) wins over the first backoff (a minute).
    expect(limited.connection.nextSyncAt.getTime()).toBe(later + 30 * MINUTE_MS)
    expect(limited.calendar.claimedUntil).toBeNull()
    expect(await busyTimesOf(calendar.id)).toHaveLength(1)

    const calls = provider.syncCalls.length
    await syncAllDue(parts, later + 29 * MINUTE_MS)
    expect(provider.syncCalls).toHaveLength(calls)

    provider.failNext('needs_reconnect')
    await syncAllDue(parts, later + 30 * MINUTE_MS)
    const refused = await rowsOf(calendar.id)
    expect(refused.connection).toMatchObject({ health: 'needs_reconnect', failureCount: 2 })
    expect(await busyTimesOf(calendar.id)).toHaveLength(1)

    await syncAllDue(parts, later + 30 * MINUTE_MS + 7 * 60 * MINUTE_MS)
    expect((await rowsOf(calendar.id)).connection).toMatchObject({ health: 'ok', failureCount: 0 })
  })

  it('logs why a sync failed, with ids and the connector’s sentence, never the credentials', async () => {
    const { provider, parts, calendar, connection } = await connected({
      teamMemberId: world.salon.adminMemberId,
    })
    const lines: { level: string; fields: object; message: string }[] = []
    const log = {
      info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
    }
    provider.failNext('unreachable')
    const now = Date.now() + 40 * MINUTE_MS
    await syncDueCalendars(world.testApp.database, parts, { now, random: () => 0.5, log })
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: expect.objectContaining({
          calendarId: calendar.id,
          connectionId: connection.id,
          health: 'unreachable',
          reason: 'simulated unreachable',
        }),
        message: 'a calendar sync failed; its stored busy times keep blocking time',
      },
    ])
    expect(JSON.stringify(lines)).not.toContain('app-specific-password')
  })

  it('lets go of a calendar whose runner died, once its claim lapses', async () => {
    const { provider, parts, calendar } = await connected({
      teamMemberId: world.salon.ownerMemberId,
    })
    const now = Date.now() + 30 * MINUTE_MS
    // A runner claimed it and died: the row says claimed for five minutes.
    await world.testApp.database.db
      .update(connectedCalendars)
      .set({ claimedUntil: new Date(now + 5 * MINUTE_MS) })
      .where(eq(connectedCalendars.id, calendar.id))
    await syncAllDue(parts, now)
    expect(provider.syncCalls).toHaveLength(0)
    await syncAllDue(parts, now + 5 * MINUTE_MS)
    expect(provider.syncCalls.map((entry) => entry.calendarId)).toEqual([calendar.remoteId])
  })
})

describe('the re-check before a booking', () => {
  it('syncs the member’s stale calendars, and falls back to what is stored when too slow', async () => {
    const day = world.freshDay()
    const { provider, parts, calendar } = await connected({
      teamMemberId: world.salon.ownerMemberId,
    })
    provider.putObject(calendar.remoteId, 'a.ics', [
      instantEvent('a', world.at(day, '10:00'), world.at(day, '11:00')),
    ])
    const member = { tenantId: world.salon.tenantId, teamMemberId: world.salon.ownerMemberId }
    const limits = { maxAgeMs: MINUTE_MS, timeoutMs: 60_000 }
    expect(await refreshStaleBusyTimes(world.testApp.database, parts, member, limits)).toBe(
      'refreshed',
    )
    expect(await busyTimesOf(calendar.id)).toHaveLength(1)
    expect(await refreshStaleBusyTimes(world.testApp.database, parts, member, limits)).toBe('fresh')

    provider.putObject(calendar.remoteId, 'b.ics', [
      instantEvent('b', world.at(day, '14:00'), world.at(day, '15:00')),
    ])
    const release = provider.holdNextSync()
    const later = { ...limits, timeoutMs: 50, now: Date.now() + 2 * MINUTE_MS }
    expect(await refreshStaleBusyTimes(world.testApp.database, parts, member, later)).toBe('stale')
    expect(await busyTimesOf(calendar.id)).toHaveLength(1)
    // The sync goes on after the booking stopped waiting, and stores what it found.
    release()
    await expect.poll(async () => (await busyTimesOf(calendar.id)).length).toBe(2)
  })
})

describe('the re-check in the booking', () => {
  it('refuses a booking over an event the last sync had not seen yet', async () => {
    const day = world.freshDay()
    const { provider, calendar } = await connected({ teamMemberId: world.salon.ownerMemberId })
    provider.putObject(calendar.remoteId, 'a.ics', [
      instantEvent('a', world.at(day, '10:00'), world.at(day, '11:00')),
    ])
    const refused = await world.api.book(world.salon.owner, {
      team_member_id: world.salon.ownerMemberId,
      starts_at: world.at(day, '10:00'),
    })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().detail).toMatch(/has another commitment/)
    expect(provider.syncCalls).toHaveLength(1)
  })
})

describe('the re-check in a move', () => {
  it('refuses a move by staff, and by the customer, over an event the last sync had not seen yet', async () => {
    const day = world.freshDay()
    const { provider, calendar } = await connected({ teamMemberId: world.salon.staffMemberId })
    const slug = await slugOf(world.testApp, world.salon.tenantId)
    const booked = await bookPublicly(
      world.testApp,
      slug,
      bookingBody(world.salon, world.at(day, '10:00')),
    )
    const id = booked.appointment.id
    // The member adds an event after the last sync, which is a while ago now.
    const addedSinceSync = async (ref: string, from: string, to: string) => {
      provider.putObject(calendar.remoteId, ref, [
        instantEvent(ref, world.at(day, from), world.at(day, to)),
      ])
      await world.testApp.database.db
        .update(connectedCalendars)
        .set({ lastSyncedAt: new Date(Date.now() - 10 * MINUTE_MS) })
        .where(eq(connectedCalendars.id, calendar.id))
    }

    await addedSinceSync('dentist', '14:00', '15:00')
    const byStaff = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${id}`,
      {
        starts_at: world.at(day, '14:00'),
      },
    )
    expect(byStaff.statusCode, byStaff.body).toBe(409)
    expect(byStaff.json().detail).toMatch(/has another commitment/)

    await addedSinceSync('school-run', '15:30', '16:30')
    const syncs = provider.syncCalls.length
    const byCustomer = await publicCall(
      world.testApp,
      'POST',
      `/api/v1/public/appointments/${id}/reschedule`,
      {
        business: slug,
        body: { starts_at: world.at(day, '15:30') },
        headers: { 'x-manage-token': booked.manage_token },
      },
    )
    expect(byCustomer.statusCode, byCustomer.body).toBe(409)
    expect(provider.syncCalls).toHaveLength(syncs + 1)
    const [row] = await world.testApp.database.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, id))
    expect(row?.startsAt.toISOString()).toBe(new Date(world.at(day, '10:00')).toISOString())
  })
})

describe('calendar write-back', () => {
  it('writes a booking once, moves it on reschedule, and removes it on cancel', async () => {
    const day = world.freshDay()
    const { provider, parts, calendar } = await connected({
      addBookings: true,
      teamMemberId: world.salon.adminMemberId,
    })
    const uidOf = (id: string) => appointmentEventUid(id)
    const booked = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.adminMemberId,
      starts_at: world.at(day, '09:00'),
    })
    const run = (now = Date.now()) =>
      writeBackDueEvents(world.testApp.database, parts, { now, random: () => 0.5 })
    expect(await run()).toMatchObject({ written: 1 })
    const [first] = provider.writtenWithUid(calendar.remoteId, uidOf(booked.id))
    expect(first).toMatchObject({ sequence: 1, summary: 'Busy', start: new Date(booked.starts_at) })

    const moved = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${booked.id}`,
      { starts_at: world.at(day, '10:00') },
    )
    expect(moved.statusCode, moved.body).toBe(200)
    await run()
    const after = provider.writtenWithUid(calendar.remoteId, uidOf(booked.id))
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ sequence: 2, start: new Date(world.at(day, '10:00')) })

    const cancelled = await call(
      world.testApp,
      world.salon.owner,
      'POST',
      `/api/v1/appointments/${booked.id}/cancel`,
      { reason: 'Customer is ill' },
    )
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await run()).toMatchObject({ removed: 1 })
    expect(provider.writtenWithUid(calendar.remoteId, uidOf(booked.id))).toHaveLength(0)
    const [row] = await createCalendarWriteRepository(world.testApp.database.db).writesOf(
      world.salon.tenantId,
      booked.id,
    )
    expect(row).toMatchObject({ action: 'delete', state: 'done', sequence: 3, writtenRef: null })
  })

  it('writes one event however often a killed runner’s write is retried', async () => {
    const day = world.freshDay()
    const { provider, parts, calendar } = await connected({
      addBookings: true,
      teamMemberId: world.salon.ownerMemberId,
    })
    const booked = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.ownerMemberId,
      starts_at: world.at(day, '13:00'),
    })
    const now = Date.now()
    // A runner claims the write, the provider stores the event, and the runner is killed
    // before it could mark the row.
    const [claimed] = await claimDueCalendarWrites(world.testApp.database, {
      now: new Date(now),
      limit: 20,
      claimedUntil: new Date(now + 2 * MINUTE_MS),
    })
    expect(claimed?.write.appointmentId).toBe(booked.id)
    await provider.connector().putEvent(
      calendar.remoteId,
      {
        uid: appointmentEventUid(booked.id),
        sequence: 1,
        start: new Date(),
        end: new Date(),
        summary: 'Busy',
        description: '',
        location: '',
      },
      null,
    )
    // Nobody else takes it while the claim lasts; the next runner after it lapses writes again.
    const options = { random: () => 0.5 }
    expect(
      await writeBackDueEvents(world.testApp.database, parts, { ...options, now: now + MINUTE_MS }),
    ).toMatchObject({ written: 0 })
    expect(
      await writeBackDueEvents(world.testApp.database, parts, {
        ...options,
        now: now + 2 * MINUTE_MS,
      }),
    ).toMatchObject({ written: 1 })
    expect(provider.writtenWithUid(calendar.remoteId, appointmentEventUid(booked.id))).toHaveLength(
      1,
    )
  })

  it('retries a failed write with backoff, honouring Retry-After', async () => {
    const day = world.freshDay()
    const { provider, parts } = await connected({
      addBookings: true,
      teamMemberId: world.salon.staffMemberId,
    })
    const booked = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: world.at(day, '15:00'),
    })
    provider.failNext('rate_limited', 10 * MINUTE_MS)
    const now = Date.now()
    const run = (at: number) =>
      writeBackDueEvents(world.testApp.database, parts, { now: at, random: () => 0.5 })
    expect(await run(now)).toMatchObject({ retrying: 1, written: 0 })
    const [row] = await createCalendarWriteRepository(world.testApp.database.db).writesOf(
      world.salon.tenantId,
      booked.id,
    )
    expect(row).toMatchObject({ state: 'pending', lastError: 'simulated rate_limited' })
    expect(row?.nextAttemptAt.getTime()).toBe(now + 10 * MINUTE_MS)
    expect(await run(now + 9 * MINUTE_MS)).toMatchObject({ written: 0 })
    expect(await run(now + 10 * MINUTE_MS)).toMatchObject({ written: 1 })
  })
})

describe('in the app’s background jobs', () => {
  it('syncs due calendars and writes bookings back on every run, sealed with the app’s key', async () => {
    const day = world.freshDay()
    const { provider, calendar } = await connected({ teamMemberId: world.salon.adminMemberId })
    provider.putObject(calendar.remoteId, 'a.ics', [
      instantEvent('a', world.at(day, '10:00'), world.at(day, '11:00')),
    ])
    const jobs = world.testApp.app.backgroundJobs
    if (!jobs) throw new Error('the jobs are not running in this app')
    const run = await jobs.runOnce()
    expect(run.calendarSync).toEqual({ synced: 1, failed: 0, lost: 0 })
    expect(run.calendarWriteBack).toEqual({ written: 0, removed: 0, retrying: 0, failed: 0 })
    expect(await busyTimesOf(calendar.id)).toHaveLength(1)
  })
})
