/*
 * The CalDAV connector against a real Radicale (Debian's), with basic auth: the shared
 * scenarios, and what only a server with passwords can show.
 */

import { expect, it } from 'vitest'
import { startRadicale } from '../support/caldav/caldav-servers.ts'
import {
  describeCalDavServer,
  failureKind,
  testConnector,
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

    it('asks the member to reconnect when the password is wrong', async () => {
      const connector = testConnector(server(), server().origin, { password: 'not it' })
      expect(await failureKind(connector.listCalendars())).toBe('needs_reconnect')
    })
  },
)
