import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Writable } from 'node:stream'
import { appConnectorFor } from '../../../server/calendars/app-connectors.ts'
import type { GoogleSettings } from '../../../server/calendars/google/google-settings.ts'
import { expandStoredBusyTimes } from '../../../server/jobs/calendar-expansion.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { EmulatorUser } from '../api/emulator-users.ts'
import { call, type Method } from '../api/team-business.ts'
import type { TestApp } from '../api/test-app.ts'

export type CalendarConnection = components['schemas']['CalendarConnection']
export type CalendarConnectionList = components['schemas']['CalendarConnectionList']

/**
 * The app options of a calendar-connections test: calendar sync on with the app's own
 * connectors and expansion (jobs run only when the test asks: `backgroundJobs.runOnce()`), and
 * its log lines kept for the test to search for credentials.
 */
export function calendarSyncAppOptions(options: {
  logs: Writable
  allowPrivateAddresses: boolean
  google?: GoogleSettings
}) {
  return {
    logger: 'info' as const,
    logDestination: options.logs,
    jobs: {
      intervalMs: 3_600_000,
      outboxDir: mkdtempSync(join(tmpdir(), 'slotwise-calendar-connections-')),
      calendarSync: {
        credentialsKey: randomBytes(32),
        connectorFor: appConnectorFor({
          google: options.google,
          allowPrivateAddresses: options.allowPrivateAddresses,
        }),
        expandBusyTimes: expandStoredBusyTimes,
        google: options.google,
      },
    },
  }
}

/**
 * The calendar-connections calls of one member, as `user`; both are read at call time (a test
 * file's world is filled in `beforeAll`).
 */
export function connectionsApi(app: () => TestApp, teamMemberId: () => string) {
  const send = (user: EmulatorUser, method: Method, url: string, body?: object) =>
    call(app(), user, method, url, body)
  const base = () => `/api/v1/team-members/${teamMemberId()}/calendar-connections`
  return {
    base,
    list: (user: EmulatorUser) => send(user, 'GET', base()),
    connectCalDav: (user: EmulatorUser, body: object) =>
      send(user, 'POST', `${base()}/caldav`, body),
    connectICal: (user: EmulatorUser, body: object) =>
      send(user, 'POST', `${base()}/ical-url`, body),
    update: (user: EmulatorUser, connectionId: string, body: object) =>
      send(user, 'PATCH', `${base()}/${connectionId}`, body),
    updateCalendar: (user: EmulatorUser, connectionId: string, calendarId: string, body: object) =>
      send(user, 'PATCH', `${base()}/${connectionId}/calendars/${calendarId}`, body),
    sync: (user: EmulatorUser, connectionId: string) =>
      send(user, 'POST', `${base()}/${connectionId}/sync`),
    disconnect: (user: EmulatorUser, connectionId: string) =>
      send(user, 'DELETE', `${base()}/${connectionId}`),
  }
}
