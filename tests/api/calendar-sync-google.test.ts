import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { appConnectorFor } from '../../server/calendars/app-connectors.ts'
import {
  exchangeGoogleCode,
  type GoogleCredentials,
  googleConsentUrl,
} from '../../server/calendars/google/google-oauth.ts'
import {
  type GoogleSettings,
  googleSettings,
} from '../../server/calendars/google/google-settings.ts'
import { calendarConnections } from '../../server/db/schema.ts'
import { openCredentials } from '../../server/jobs/calendar-connections.ts'
import { expandStoredBusyTimes } from '../../server/jobs/calendar-expansion.ts'
import { syncDueCalendars } from '../../server/jobs/calendar-sync.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { connectCalendar } from '../support/calendar-sync/connected-calendar.ts'
import {
  answerConsent,
  control,
  type LocalGoogle,
  redirectUri,
  startLocalGoogle,
} from '../support/local-google/service.ts'

/*
 * A Google connection's tokens through the sync engine, against the local Google service: an
 * access token Google renewed is sealed and stored (the next sync uses it rather than renewing
 * again), and a grant Google no longer honours (invalid_grant) asks the member to reconnect.
 */

const email = 'synced.member@example.com'
const world = setUpSchedulingWorld({ label: 'Google Tokens' })
const cipher = createCredentialCipher(randomBytes(32))
let service: LocalGoogle
let settings: GoogleSettings
let credentials: GoogleCredentials

beforeAll(async () => {
  service = await startLocalGoogle()
  settings = googleSettings({
    clientId: service.clientId,
    clientSecret: service.clientSecret,
    oauthBaseUrl: service.url,
    apiBaseUrl: service.url,
  })
  const back = await answerConsent(
    googleConsentUrl(settings, { redirectUri, state: 'tokens', loginHint: email }),
  )
  credentials = await exchangeGoogleCode(settings, {
    code: back.searchParams.get('code') ?? '',
    redirectUri,
  })
})
afterAll(() => service?.stop())

let clock = Date.now()
async function sync() {
  clock += 10 * 60_000
  return syncDueCalendars(
    world.testApp.database,
    {
      cipher,
      connectorFor: appConnectorFor({ google: settings, allowPrivateAddresses: true }),
      expandBusyTimes: expandStoredBusyTimes,
    },
    { now: clock, random: () => 0.5 },
  )
}

async function storedConnection(id: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, id))
  if (!row) throw new Error('connection gone')
  return { row, credentials: openCredentials(cipher, row) as GoogleCredentials }
}

it('stores a renewed access token sealed, and needs reconnecting once the grant is revoked', async () => {
  const { connection } = await connectCalendar(world.testApp.database.db, cipher, {
    tenantId: world.salon.tenantId,
    teamMemberId: world.salon.staffMemberId,
    remoteId: email,
    credentials: { ...credentials, accessToken: 'ya29.old', accessTokenExpiresAt: Date.now() - 1 },
  })
  expect(await sync()).toMatchObject({ synced: 1, failed: 0 })
  const renewed = await storedConnection(connection.id)
  expect(renewed.credentials.refreshToken).toBe(credentials.refreshToken)
  expect(renewed.credentials.accessToken).toMatch(/^ya29\./)
  expect(renewed.credentials.accessToken).not.toBe('ya29.old')
  expect(renewed.credentials.accessTokenExpiresAt).toBeGreaterThan(Date.now())
  // Sealed: the token is nowhere in the row as text.
  expect(JSON.stringify(renewed.row)).not.toContain(renewed.credentials.accessToken)

  // The next sync uses the stored token: nothing is renewed, nothing stored again.
  expect(await sync()).toMatchObject({ synced: 1 })
  expect((await storedConnection(connection.id)).row.credentialsSealed).toBe(
    renewed.row.credentialsSealed,
  )

  // The member took Slotwise's access back in their Google account.
  await control(service, '/_local/grants/revoke', { email })
  expect(await sync()).toMatchObject({ synced: 0, failed: 1 })
  expect((await storedConnection(connection.id)).row).toMatchObject({
    health: 'needs_reconnect',
    lastError: 'Google no longer accepts this connection (invalid_grant).',
  })
})
