/*
 * The CalDAV connector against a real Radicale (Debian's), with basic auth: the shared
 * scenarios, and what only a server with passwords can show.
 */

import { expect, it } from 'vitest'
import { startRadicale } from '../support/caldav/caldav-servers.ts'
import { eventText, putObject } from '../support/caldav/calendar-fixtures.ts'
import {
  describeCalDavServer,
  failureKind,
  testConnector,
  WINDOW,
} from '../support/caldav/connector-scenarios.ts'
import { startPathPrefixFront } from '../support/caldav/path-prefix-front.ts'

describeCalDavServer(
  'Radicale',
  startRadicale,
  {
    unknownSyncToken: `http://radicale.org/ns/sync/${'0'.repeat(64)}`,
    keepsCalendarProperties: true,
  },
  (server) => {
    it('lists a calendar shared read-only as not writable', async () => {
      const calendars = await testConnector(server(), server().origin).listCalendars()
      expect(calendars.find((one) => one.name === 'Read only')).toEqual({
        id: `${server().home}read-only/`,
        name: 'Read only',
        writable: false,
      })
      expect(calendars.find((one) => one.name === 'Work, shifts')?.writable).toBe(true)
    })

    it('finds the calendars through /.well-known/caldav when CalDAV lives under a path, as on Nextcloud', async () => {
      const front = await startPathPrefixFront(server().origin)
      try {
        const calendars = await testConnector(server(), front.origin).listCalendars()
        expect(calendars.find((one) => one.name === 'Work, shifts')?.id).toBe(
          `${front.home(server().username)}work/`,
        )
      } finally {
        await front.close()
      }
    })

    it('loses no change when the server goes away in the middle of a sync', async () => {
      const front = await startPathPrefixFront(server().origin)
      try {
        const url = `${front.home(server().username)}work/`
        const connector = testConnector(server(), front.origin)
        const first = await connector.changesSince(url, null, WINDOW)
        const added = await putObject(
          server(),
          `${server().home}work/`,
          'mid-sync.ics',
          eventText({
            uid: 'mid-sync',
            start: '2027-01-15T09:00:00Z',
            end: '2027-01-15T10:00:00Z',
          }),
        )
        // The changes are listed, then the server is gone before they are fetched.
        front.cutOffWhen((_method, body) => body.includes('calendar-multiget'))
        expect(await failureKind(connector.changesSince(url, first.cursor, WINDOW))).toBe(
          'unreachable',
        )
        front.cutOffWhen(null)
        const delta = await connector.changesSince(url, first.cursor, WINDOW)
        expect(delta.changed.map((object) => object.ref)).toEqual([
          added.replace(server().origin, `${front.origin}/remote.php/dav`),
        ])
      } finally {
        await front.close()
      }
    })

    it('asks the member to reconnect when the password is wrong', async () => {
      const connector = testConnector(server(), server().origin, { password: 'not it' })
      expect(await failureKind(connector.listCalendars())).toBe('needs_reconnect')
    })
  },
)
