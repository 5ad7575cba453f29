import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { googleSettings } from '../../../server/calendars/google/google-settings.ts'
import { expandInstantsOnly, InMemoryProvider } from './in-memory-connector.ts'

/**
 * The `jobs` option of an app whose calendar connections reach a provider held in memory (one
 * calendar, `personal`) and whose Google client only builds consent addresses: for suites
 * that call every operation (roles, fuzz) and need the calendars' ones to succeed. The jobs
 * never run by themselves.
 */
export function inMemoryCalendarSyncJobs(label: string) {
  const provider = new InMemoryProvider()
  provider.calendar('personal')
  return {
    intervalMs: 3_600_000,
    outboxDir: join(tmpdir(), `slotwise-${label}-outbox`),
    calendarSync: {
      credentialsKey: randomBytes(32),
      connectorFor: () => provider.connector(),
      expandBusyTimes: expandInstantsOnly,
      google: googleSettings({
        clientId: `${label}.apps.googleusercontent.com`,
        clientSecret: `${label}-secret`,
        // Never reached: only the consent address is built from it.
        oauthBaseUrl: 'http://127.0.0.1:9',
        apiBaseUrl: 'http://127.0.0.1:9',
      }),
    },
  }
}
