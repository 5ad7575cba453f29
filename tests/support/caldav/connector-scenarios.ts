/*
 * The CalDAV connector's behaviour, described once and run against each real server
 * (tests/calendars/caldav-*.test.ts): discovery, the first load over a window, deltas by
 * sync-collection and by ctag and etags, a refused sync token, write-back, a calendar removed,
 * a server gone. One server per file, started here.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calDavConnector } from '../../../server/calendars/caldav/caldav-connector.ts'
import {
  type CalendarConnector,
  ConnectorError,
  type SyncWindow,
} from '../../../server/calendars/connector.ts'
import { expandBusyTimes } from '../../../server/domain/calendar-sync/busy-times.ts'
import { readCalendarText } from '../../../server/domain/calendar-sync/ics-events.ts'
import { hostileCalendar } from '../calendar-sync/hostile-calendar.ts'
import type { CalDavServer } from './caldav-servers.ts'
import {
  deleteObject,
  eventText,
  getObject,
  makeCalendar,
  minimalParse,
  objectHrefs,
  putObject,
  startOf,
} from './calendar-fixtures.ts'

export const WINDOW: SyncWindow = {
  start: new Date('2027-01-04T00:00:00Z'),
  end: new Date('2027-03-01T00:00:00Z'),
}

export interface ServerTraits {
  /** A sync token of the server's own form that it does not know (so it refuses it). */
  unknownSyncToken: string
  /**
   * Whether MKCALENDAR keeps Apple's calendar-color and the component set (xandikos ignores
   * both: its calendars take every component).
   */
  keepsCalendarProperties: boolean
}

export function testConnector(
  server: CalDavServer,
  serverUrl: string,
  extra: { useSyncCollection?: boolean; password?: string } = {},
): CalendarConnector {
  return calDavConnector(
    {
      kind: 'caldav',
      serverUrl,
      username: server.username,
      password: extra.password ?? server.password,
    },
    {
      parse: minimalParse,
      timeoutMs: 5_000,
      allowPrivateAddresses: true,
      useSyncCollection: extra.useSyncCollection,
    },
  )
}

/** Stores a one-hour event as `<uid>.ics`, as another calendar app would; its URL. */
function storeEvent(server: CalDavServer, calendarUrl: string, uid: string, start: string) {
  const end = new Date(Date.parse(start) + 60 * 60 * 1000).toISOString()
  return putObject(server, calendarUrl, `${uid}.ics`, eventText({ uid, start, end }))
}

/** The connector's ConnectorError kind for a failing call (and the test fails if it succeeds). */
export async function failureKind(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(ConnectorError)
  return (error as ConnectorError).kind
}

export function describeCalDavServer(
  serverName: string,
  start: () => Promise<CalDavServer>,
  traits: ServerTraits,
  more?: (server: () => CalDavServer) => void,
): void {
  describe(`CalDAV connector on ${serverName}`, () => {
    let server: CalDavServer
    let calendar: string
    let counter = 0
    const nextSlug = () => `cal-${++counter}`

    beforeAll(async () => {
      server = await start()
      calendar = await makeCalendar(server, 'work', { name: 'Work, shifts', colour: '#FF2968FF' })
      await makeCalendar(server, 'tasks', { name: 'Tasks', components: ['VTODO'] })
    }, 30_000)
    afterAll(() => server?.stop())

    it('reads the hostile calendar with the real parser into exactly its busy times', async () => {
      const hostile = hostileCalendar('Europe/Berlin', '2027-03-01')
      const url = await makeCalendar(server, nextSlug(), { name: 'Hostile' })
      for (const object of hostile.objects.filter((one) => !one.malformed))
        await putObject(server, url, `${object.uid}.ics`, object.text)
      const connector = calDavConnector(
        { kind: 'caldav', serverUrl: url, username: server.username, password: server.password },
        {
          parse: (text) => readCalendarText(text, { ownerEmails: [hostile.ownerEmail] }).events,
          timeoutMs: 5_000,
          allowPrivateAddresses: true,
        },
      )
      const first = await connector.changesSince(url, null, hostile.window)
      const events = first.changed.flatMap((object) => object.events)
      const busy = expandBusyTimes(events, hostile.window, hostile.memberZone)
      expect(busy.map(({ uid, start, end }) => ({ uid, start, end }))).toEqual(
        hostile.busy.filter((one) => !hostile.notBusy.includes(one.uid)),
      )
    })

    it('finds the calendars from the bare server, the home and the calendar itself', async () => {
      for (const address of [server.origin, server.home, calendar]) {
        const calendars = await testConnector(server, address).listCalendars()
        const work = calendars.find((one) => one.id === calendar)
        expect(work, address).toEqual({
          id: calendar,
          name: 'Work, shifts',
          colour: traits.keepsCalendarProperties ? '#ff2968' : undefined,
          writable: true,
        })
        if (traits.keepsCalendarProperties) {
          expect(calendars.map((one) => one.name)).not.toContain('Tasks')
        }
      }
    })

    it.each([
      ['by sync-collection', true],
      ['by ctag and etags', false],
    ])(
      'loads the window first, then brings back a change, an addition and a removal %s',
      async (_, useSyncCollection) => {
        const url = await makeCalendar(server, nextSlug(), { name: 'Sync' })
        const inside = await storeEvent(server, url, 'inside', '2027-01-05T09:00:00Z')
        const later = await storeEvent(server, url, 'later', '2027-02-10T09:00:00Z')
        await storeEvent(server, url, 'before', '2026-06-01T09:00:00Z')
        const connector = testConnector(server, server.origin, { useSyncCollection })

        const first = await connector.changesSince(url, null, WINDOW)
        expect(first.kind).toBe('full')
        expect(first.changed.map((object) => object.ref).sort()).toEqual([inside, later].sort())
        const insideObject = first.changed.find((object) => object.ref === inside)
        expect(insideObject?.etag).toBeTruthy()
        expect(startOf(insideObject?.events[0])).toBe('2027-01-05T09:00:00.000Z')
        expect(typeof first.cursor.syncToken === 'string').toBe(useSyncCollection)

        const unchanged = await connector.changesSince(url, first.cursor, WINDOW)
        expect(unchanged).toMatchObject({ kind: 'delta', changed: [], removed: [] })

        await storeEvent(server, url, 'inside', '2027-01-06T09:00:00Z')
        const added = await storeEvent(server, url, 'added', '2027-01-20T09:00:00Z')
        await deleteObject(server, later)
        const delta = await connector.changesSince(url, unchanged.cursor, WINDOW)
        expect(delta.kind).toBe('delta')
        expect(delta.changed.map((object) => object.ref).sort()).toEqual([added, inside].sort())
        expect(startOf(delta.changed.find((object) => object.ref === inside)?.events[0])).toBe(
          '2027-01-06T09:00:00.000Z',
        )
        expect(delta.removed).toEqual([later])
        expect(typeof delta.cursor.syncToken === 'string').toBe(useSyncCollection)
      },
    )

    it('loads everything again when the server refuses the sync token', async () => {
      const url = await makeCalendar(server, nextSlug(), { name: 'Refused' })
      const only = await storeEvent(server, url, 'only', '2027-01-05T09:00:00Z')
      const connector = testConnector(server, server.origin)
      const first = await connector.changesSince(url, null, WINDOW)
      const refused = await connector.changesSince(
        url,
        { ...first.cursor, syncToken: traits.unknownSyncToken },
        WINDOW,
      )
      expect(refused.kind).toBe('full')
      expect(refused.changed.map((object) => object.ref)).toEqual([only])
    })

    it('writes one event per appointment: created once, moved with If-Match, recovered after a 412, removed', async () => {
      const url = await makeCalendar(server, nextSlug(), { name: 'Bookings' })
      const connector = testConnector(server, server.origin)
      const booking = {
        uid: '0b5e43c4-8a47-4c0e-9a59-6f0d6c1f2a11@slotwise',
        sequence: 0,
        start: new Date('2027-01-11T09:00:00Z'),
        end: new Date('2027-01-11T09:45:00Z'),
        summary: 'Haircut; Ana, López',
        description: 'Line one\nline two',
        location: '12 Harbor Street',
      }
      const created = await connector.putEvent(url, booking, null)
      // A retried create (a process killed before it stored the ref) finds the same object.
      const again = await connector.putEvent(url, booking, null)
      expect(again.ref).toBe(created.ref)
      expect(await objectHrefs(server, url)).toEqual([created.ref])
      expect(created.ref).toBe(`${url}0b5e43c4-8a47-4c0e-9a59-6f0d6c1f2a11_40slotwise.ics`)

      const moved = await connector.putEvent(
        url,
        {
          ...booking,
          sequence: 1,
          start: new Date('2027-01-12T15:00:00Z'),
          end: new Date('2027-01-12T15:45:00Z'),
        },
        again,
      )
      const stored = await getObject(server, moved.ref)
      expect(stored?.text).toContain('DTSTART:20270112T150000Z')
      expect(stored?.text).toContain('SEQUENCE:1')
      expect(stored?.text).toContain('SUMMARY:Haircut\\; Ana\\, López')
      expect(stored?.text).not.toContain('METHOD')
      expect(moved.etag).toBe(stored?.etag)

      // Changed by the member's calendar app: our etag is stale, the write still lands.
      await putObject(
        server,
        url,
        new URL(moved.ref).pathname.split('/').pop() ?? '',
        eventText({ uid: booking.uid, start: '2027-01-13T09:00:00Z', end: '2027-01-13T10:00:00Z' }),
      )
      const recovered = await connector.putEvent(url, { ...booking, sequence: 2 }, moved)
      expect((await getObject(server, recovered.ref))?.text).toContain('SEQUENCE:2')
      expect(await objectHrefs(server, url)).toEqual([created.ref])

      await connector.deleteEvent(url, moved)
      expect(await getObject(server, created.ref)).toBeNull()
      await connector.deleteEvent(url, recovered)
    })

    it('says the calendar is gone when its collection is', async () => {
      const url = await makeCalendar(server, nextSlug(), { name: 'Doomed' })
      const connector = testConnector(server, server.origin)
      const first = await connector.changesSince(url, null, WINDOW)
      await deleteObject(server, url)
      expect(await failureKind(connector.changesSince(url, first.cursor, WINDOW))).toBe(
        'calendar_gone',
      )
      expect(await failureKind(connector.changesSince(url, null, WINDOW))).toBe('calendar_gone')
    })

    more?.(() => server)

    // Last: it stops the server.
    it('says the server is unreachable when it goes away between two syncs', async () => {
      const connector = testConnector(server, server.origin)
      const first = await connector.changesSince(calendar, null, WINDOW)
      await server.stop()
      expect(await failureKind(connector.changesSince(calendar, first.cursor, WINDOW))).toBe(
        'unreachable',
      )
      expect(await failureKind(connector.listCalendars())).toBe('unreachable')
    })
  })
}
