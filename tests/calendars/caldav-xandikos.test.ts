/* The CalDAV connector against a real xandikos (Debian's): the shared scenarios. */

import { startXandikos } from '../support/caldav/caldav-servers.ts'
import { describeCalDavServer } from '../support/caldav/connector-scenarios.ts'

describeCalDavServer('xandikos', startXandikos, {
  // xandikos's tokens are git tree ids: a well-formed one that names no tree.
  unknownSyncToken: '0'.repeat(40),
  keepsCalendarProperties: false,
})
