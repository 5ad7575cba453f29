import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/auth-emulator.ts'
import { calendarConnections } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import type { EmulatorUser } from '../support/api/emulator-users.ts'
import { logCapture } from '../support/api/log-capture.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem, invite } from '../support/api/team-business.ts'
import { type CalDavServer, startRadicale } from '../support/caldav/caldav-servers.ts'
import {
  eventText,
  getObject,
  makeCalendar,
  objectHrefs,
  putObject,
} from '../support/caldav/calendar-fixtures.ts'
import {
  type CalendarConnection,
  type CalendarConnectionList,
  calendarSyncAppOptions,
  connectionsApi,
} from '../support/calendar-sync/connections-app.ts'

type Schedule = components['schemas']['Schedule']
type Availability = components['schemas']['Availability']

/*
 * A member's calendar connections through the API, against a real Radicale (CalDAV) and a
 * real HTTP server publishing a secret iCal address: connecting with a wrong and a right
 * password, the sync's busy times in the schedule and availability, the calendar bookings go
 * to (moved through the write-back outbox), privacy, disconnecting, and who may do what.
 */

const logs = logCapture()
const world = setUpSchedulingWorld({
  label: 'Synced Salon',
  otherLabel: 'Elsewhere Salon',
  appOptions: () => calendarSyncAppOptions({ logs: logs.stream, allowPrivateAddresses: true }),
})
const staffCalendars = connectionsApi(
  () => world.testApp,
  () => world.salon.staffMemberId,
)
let radicale: CalDavServer
let privateUrl: string
let workUrl: string
let secondStaff: EmulatorUser
let icalServer: Server
let icalUrl: string
const ICAL_SECRET = 'private-3f9a1c2b7d'

beforeAll(async () => {
  radicale = await startRadicale()
  privateUrl = await makeCalendar(radicale, 'private', { name: 'Private' })
  workUrl = await makeCalendar(radicale, 'work', { name: 'Work', colour: '#FF8800FF' })
  secondStaff = (await invite(world.testApp, world.salon.owner, 'Second Staff', 'staff')).user
  icalServer = createServer((request, response) => {
    if (request.url === `/${ICAL_SECRET}/basic.ics`) {
      response.writeHead(200, { 'content-type': 'text/calendar' })
      response.end(
        eventText({
          uid: 'lecture-1',
          start: world.at(20, '10:00'),
          end: world.at(20, '11:00'),
          summary: 'Lecture',
        }).replace('VERSION:2.0', 'VERSION:2.0\r\nX-WR-CALNAME:University'),
      )
    } else {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><p>Not a calendar</p>')
    }
  })
  await new Promise<void>((resolve) => icalServer.listen(0, '127.0.0.1', resolve))
  icalUrl = `http://127.0.0.1:${(icalServer.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await radicale?.stop()
  await new Promise((resolve) => icalServer?.close(resolve))
})

const owner = () => world.salon.owner
const staff = () => world.salon.staff
let connection: CalendarConnection
const calendarNamed = (name: string) => {
  const found = connection.calendars.find((calendar) => calendar.name === name)
  if (!found) throw new Error(`No calendar ${name} in ${JSON.stringify(connection.calendars)}`)
  return found
}
const runJobs = () => world.testApp.app.backgroundJobs?.runOnce()

async function schedule(user: EmulatorUser, day: number) {
  const date = world.at(day, '12:00').slice(0, 10)
  const response = await call(
    world.testApp,
    user,
    'GET',
    `/api/v1/schedule?team_member_id=${world.salon.staffMemberId}&start_date=${date}&end_date=${date}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Schedule>().members[0]?.busy_blocks
}

async function offeredStarts(day: number): Promise<string[]> {
  const date = world.at(day, '12:00').slice(0, 10)
  const response = await call(
    world.testApp,
    owner(),
    'GET',
    `/api/v1/availability?service_id=${world.salon.haircutId}&team_member_id=${world.salon.staffMemberId}&start_date=${date}&end_date=${date}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Availability>().slots.map((slot) => slot.starts_at)
}

describe('a CalDAV account', () => {
  it('is refused with a wrong password (422 naming it), and connected with the right one', async () => {
    const wrong = await staffCalendars.connectCalDav(staff(), {
      server_url: radicale.origin,
      username: radicale.username,
      password: 'not the password',
    })
    const problem = expectProblem(wrong, 422)
    expect(problem.errors?.map((error) => error.path)).toEqual(['body.password'])
    expect((await staffCalendars.list(staff())).json<CalendarConnectionList>().items).toEqual([])

    // A bare server address: found through /.well-known/caldav and the principal.
    const right = await staffCalendars.connectCalDav(staff(), {
      server_url: radicale.origin,
      username: radicale.username,
      password: radicale.password,
    })
    expect(right.statusCode, right.body).toBe(201)
    expect(right.body).not.toContain(radicale.password)
    connection = right.json<CalendarConnection>()
    expect(connection).toMatchObject({
      kind: 'caldav',
      display_name: `alice on ${new URL(radicale.origin).host}`,
      health: 'syncing',
      last_synced_at: null,
      busy_times_stale: true,
      privacy: 'busy',
    })
    expect(connection.calendars.map(({ id: _, ...calendar }) => calendar)).toEqual([
      {
        name: 'Private',
        colour: null,
        writable: true,
        check_conflicts: true,
        add_bookings: false,
      },
      {
        name: 'Read only',
        colour: null,
        writable: false,
        check_conflicts: false,
        add_bookings: false,
      },
      {
        name: 'Work',
        colour: '#ff8800',
        writable: true,
        check_conflicts: true,
        add_bookings: false,
      },
    ])
    const listed = (await staffCalendars.list(owner())).json<CalendarConnectionList>()
    expect(listed).toEqual({ items: [connection], stale_after_minutes: 30 })
  })

  it('blocks the times of its events once synced, titles only for the member and admins', async () => {
    const day = world.freshDay()
    await putObject(
      radicale,
      privateUrl,
      'dentist.ics',
      eventText({
        uid: 'dentist',
        start: world.at(day, '10:00'),
        end: world.at(day, '11:00'),
        summary: 'Dentist',
      }),
    )
    expect(await offeredStarts(day)).toContain(world.at(day, '10:00'))

    const synced = await staffCalendars.sync(staff(), connection.id)
    expect(synced.statusCode, synced.body).toBe(200)
    expect(synced.json<CalendarConnection>()).toMatchObject({
      health: 'ok',
      last_error: null,
      busy_times_stale: false,
    })
    const block = { starts_at: world.at(day, '10:00'), ends_at: world.at(day, '11:00') }
    expect(await schedule(staff(), day)).toEqual([{ ...block, title: 'Dentist' }])
    expect(await schedule(owner(), day)).toEqual([{ ...block, title: 'Dentist' }])
    expect(await schedule(world.salon.admin, day)).toEqual([{ ...block, title: 'Dentist' }])
    expect(await schedule(secondStaff, day)).toEqual([{ ...block, title: null }])
    const offered = await offeredStarts(day)
    // A 45-minute haircut (10 minutes' buffer after) may not touch 10:00–11:00.
    expect(
      offered.filter((start) => start > world.at(day, '09:00') && start < world.at(day, '11:00')),
    ).toEqual([])
    expect(offered).toContain(world.at(day, '11:00'))
  })

  it('adds bookings to the calendar chosen, and moves them when another is chosen', async () => {
    const readOnly = await staffCalendars.updateCalendar(
      staff(),
      connection.id,
      calendarNamed('Read only').id,
      { add_bookings: true },
    )
    expect(expectProblem(readOnly, 422).errors?.map((error) => error.path)).toEqual([
      'body.add_bookings',
    ])

    const chosen = await staffCalendars.updateCalendar(
      staff(),
      connection.id,
      calendarNamed('Private').id,
      { add_bookings: true },
    )
    expect(chosen.statusCode, chosen.body).toBe(200)
    const [afterChoice] = chosen.json<CalendarConnectionList>().items
    expect(afterChoice?.calendars.filter((one) => one.add_bookings).map((one) => one.name)).toEqual(
      ['Private'],
    )
    const day = world.freshDay()
    const booked = await world.api.booked(owner(), {
      team_member_id: world.salon.staffMemberId,
      starts_at: world.at(day, '14:00'),
    })
    await runJobs()
    const privateBefore = await objectHrefs(radicale, privateUrl)
    const written = privateBefore.filter((href) => !href.endsWith('/dentist.ics'))
    expect(written).toHaveLength(1)
    expect((await getObject(radicale, written[0] ?? ''))?.text).toContain('SUMMARY:Busy')

    const moved = await staffCalendars.updateCalendar(
      owner(),
      connection.id,
      calendarNamed('Work').id,
      { add_bookings: true },
    )
    const [afterMove] = moved.json<CalendarConnectionList>().items
    expect(afterMove?.calendars.filter((one) => one.add_bookings).map((one) => one.name)).toEqual([
      'Work',
    ])
    await runJobs()
    expect(await objectHrefs(radicale, privateUrl)).toEqual(
      privateBefore.filter((href) => href.endsWith('/dentist.ics')),
    )
    const [inWork] = await objectHrefs(radicale, workUrl)
    const workText = (await getObject(radicale, inWork ?? ''))?.text ?? ''
    // The same event (the appointment's UID), now in Work.
    expect(workText).toContain(`UID:${booked.id}`)
    expect(await objectHrefs(radicale, workUrl)).toHaveLength(1)
  })

  it('writes the booking’s details once the member chooses details over "Busy"', async () => {
    const renamed = await staffCalendars.update(staff(), connection.id, {
      display_name: '  Alice’s iCloud ',
      privacy: 'details',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json<CalendarConnection>()).toMatchObject({
      display_name: 'Alice’s iCloud',
      privacy: 'details',
    })
    await runJobs()
    const [inWork] = await objectHrefs(radicale, workUrl)
    expect((await getObject(radicale, inWork ?? ''))?.text).toContain('Haircut')
    expectInvalid(
      await staffCalendars.update(staff(), connection.id, { privacy: 'everything' }),
      'body.privacy',
    )
    expectInvalid(await staffCalendars.update(staff(), connection.id, {}), 'body')
  })

  it('when disconnected, frees its busy times at once and then removes the events it wrote', async () => {
    const day = world.freshDay()
    await putObject(
      radicale,
      privateUrl,
      'meeting.ics',
      eventText({ uid: 'meeting', start: world.at(day, '15:00'), end: world.at(day, '16:00') }),
    )
    await staffCalendars.sync(owner(), connection.id)
    expect(await schedule(owner(), day)).toHaveLength(1)
    expect(await offeredStarts(day)).not.toContain(world.at(day, '15:00'))

    const gone = await staffCalendars.disconnect(staff(), connection.id)
    expect(gone.statusCode, gone.body).toBe(204)
    expect((await staffCalendars.list(staff())).json<CalendarConnectionList>().items).toEqual([])
    expect(await schedule(owner(), day)).toEqual([])
    expect(await offeredStarts(day)).toContain(world.at(day, '15:00'))
    expectProblem(await staffCalendars.sync(staff(), connection.id), 404)

    await runJobs()
    expect(await objectHrefs(radicale, workUrl)).toEqual([])
    const rows = await world.testApp.database.db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id))
    expect(rows).toEqual([])
  })

  it('refuses an address that is not one, a server that does not answer, and missing fields', async () => {
    const body = { username: 'alice', password: 'secret' }
    expectInvalid(
      await staffCalendars.connectCalDav(staff(), { ...body, server_url: 'caldav.icloud.com' }),
      'body.server_url',
    )
    expectInvalid(
      await staffCalendars.connectCalDav(staff(), { server_url: radicale.origin, username: 'a' }),
      'body.password',
    )
    const closed = await staffCalendars.connectCalDav(staff(), {
      ...body,
      server_url: `http://127.0.0.1:${await freePort()}/`,
    })
    const problem = expectProblem(closed, 422)
    expect(problem.type).toBe('/problems/calendar-unreachable')
    expect(problem.errors?.map((error) => error.path)).toEqual(['body.server_url'])
  })
})

describe('a secret iCal address', () => {
  it('is connected read-only after one fetch, and never shown again', async () => {
    const connected = await staffCalendars.connectICal(staff(), {
      url: `${icalUrl}/${ICAL_SECRET}/basic.ics`,
    })
    expect(connected.statusCode, connected.body).toBe(201)
    const ical = connected.json<CalendarConnection>()
    expect(ical).toMatchObject({ kind: 'ical_url', display_name: 'University' })
    expect(ical.calendars.map(({ id: _, ...calendar }) => calendar)).toEqual([
      {
        name: 'University',
        colour: null,
        writable: false,
        check_conflicts: true,
        add_bookings: false,
      },
    ])
    expect(connected.body).not.toContain(ICAL_SECRET)
    expect((await staffCalendars.list(owner())).body).not.toContain(ICAL_SECRET)

    const notACalendar = await staffCalendars.connectICal(staff(), { url: `${icalUrl}/page` })
    expect(expectProblem(notACalendar, 422).errors?.map((error) => error.path)).toEqual([
      'body.url',
    ])
    expectInvalid(
      await staffCalendars.connectICal(staff(), { url: 'ftp://x.example/a.ics' }),
      'body.url',
    )
  })
})

describe('who may', () => {
  it('lets staff manage only their own calendars (403 for another member’s)', async () => {
    const adminCalendars = connectionsApi(
      () => world.testApp,
      () => world.salon.adminMemberId,
    )
    expectProblem(await adminCalendars.list(staff()), 403)
    expectProblem(
      await adminCalendars.connectICal(staff(), { url: `${icalUrl}/${ICAL_SECRET}/basic.ics` }),
      403,
    )
    const ownByAdmin = await adminCalendars.connectICal(world.salon.admin, {
      url: `${icalUrl}/${ICAL_SECRET}/basic.ics`,
    })
    expect(ownByAdmin.statusCode).toBe(201)
    const id = ownByAdmin.json<CalendarConnection>().id
    const calendarId = ownByAdmin.json<CalendarConnection>().calendars[0]?.id ?? ''
    expectProblem(await adminCalendars.update(staff(), id, { display_name: 'Mine' }), 403)
    expectProblem(
      await adminCalendars.updateCalendar(staff(), id, calendarId, { check_conflicts: false }),
      403,
    )
    expectProblem(await adminCalendars.sync(staff(), id), 403)
    expectProblem(await adminCalendars.disconnect(staff(), id), 403)
    expectProblem(
      await call(world.testApp, staff(), 'POST', `${adminCalendars.base()}/google`),
      403,
    )
    expect(
      (await adminCalendars.list(world.salon.admin)).json<CalendarConnectionList>().items,
    ).toHaveLength(1)
  })

  it('finds nothing of another business (404), and changes nothing there', async () => {
    const theirs = connectionsApi(
      () => world.testApp,
      () => world.other.staffMemberId,
    )
    const connected = await theirs.connectICal(world.other.owner, {
      url: `${icalUrl}/${ICAL_SECRET}/basic.ics`,
    })
    const their = connected.json<CalendarConnection>()
    const calendarId = their.calendars[0]?.id ?? ''
    const before = (await theirs.list(world.other.owner)).body

    // Their member's id under our business, and their connection under our member.
    expectProblem(await theirs.list(owner()), 404)
    expectProblem(
      await theirs.connectICal(owner(), { url: `${icalUrl}/${ICAL_SECRET}/basic.ics` }),
      404,
    )
    expectProblem(await theirs.update(owner(), their.id, { display_name: 'Ours' }), 404)
    expectProblem(await theirs.disconnect(owner(), their.id), 404)
    expectProblem(await call(world.testApp, owner(), 'POST', `${theirs.base()}/google`), 404)
    expectProblem(await staffCalendars.update(owner(), their.id, { display_name: 'Ours' }), 404)
    expectProblem(
      await staffCalendars.updateCalendar(owner(), their.id, calendarId, { add_bookings: false }),
      404,
    )
    expectProblem(await staffCalendars.sync(owner(), their.id), 404)
    expectProblem(await staffCalendars.disconnect(owner(), their.id), 404)
    expect((await theirs.list(world.other.owner)).body).toBe(before)
  })

  it('never writes a password or a secret address into a log line', () => {
    const lines = logs.text()
    expect(lines.length).toBeGreaterThan(0)
    expect(lines).not.toContain(radicale.password)
    expect(lines).not.toContain(ICAL_SECRET)
  })
})
