import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConnectorFor } from '../../server/calendars/app-connectors.ts'
import { connectedCalendars, externalBusyTimes, teamMembers } from '../../server/db/schema.ts'
import { expandStoredBusyTimes } from '../../server/jobs/calendar-expansion.ts'
import { syncDueCalendars } from '../../server/jobs/calendar-sync.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { type CalDavServer, startRadicale } from '../support/caldav/caldav-servers.ts'
import { makeCalendar, putObject } from '../support/caldav/calendar-fixtures.ts'
import { connectCalendar } from '../support/calendar-sync/connected-calendar.ts'
import { hostileCalendar } from '../support/calendar-sync/hostile-calendar.ts'

type Availability = components['schemas']['Availability']

/*
 * The whole sync path with nothing simulated: a member's calendar on a real Radicale holding
 * the hostile calendar, the app's own connectors (the real iCalendar reader) and expansion, the
 * sync job storing busy times, and staff availability leaving every one of them out.
 */

const world = setUpSchedulingWorld({ label: 'Synced From Radicale' })
const cipher = createCredentialCipher(randomBytes(32))
let radicale: CalDavServer

beforeAll(async () => {
  radicale = await startRadicale()
}, 30_000)
afterAll(() => radicale?.stop())

const parts = () => ({
  cipher,
  connectorFor: appConnectorFor({ google: undefined, allowPrivateAddresses: true }),
  expandBusyTimes: expandStoredBusyTimes,
})

describe('calendar sync from a real CalDAV server', () => {
  it('stores exactly the hostile calendar’s busy times, and availability leaves them out', async () => {
    const { salon, testApp } = world
    const db = testApp.database.db
    const [member] = await db
      .select({ email: teamMembers.email })
      .from(teamMembers)
      .where(eq(teamMembers.id, salon.staffMemberId))
    const memberEmail = member?.email ?? ''
    expect(memberEmail).toContain('@')
    // The week of the next change of clocks in the member's zone, inside the sync window.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const hostile = hostileCalendar(salon.timeZone, tomorrow)
    const url = await makeCalendar(radicale, 'hostile', { name: 'Private' })
    for (const object of hostile.objects.filter((one) => !one.malformed)) {
      // The declined invitation is the member's own: it names them by their e-mail (in
      // capitals, as some servers write it).
      const text = object.text.replace(new RegExp(hostile.ownerEmail, 'gi'), memberEmail)
      await putObject(radicale, url, `${object.uid}.ics`, text)
    }
    const { calendar } = await connectCalendar(db, cipher, {
      tenantId: salon.tenantId,
      teamMemberId: salon.staffMemberId,
      remoteId: url,
      credentials: {
        kind: 'caldav',
        serverUrl: url,
        username: radicale.username,
        password: radicale.password,
      },
    })

    const report = await syncDueCalendars(testApp.database, parts())
    expect(report).toMatchObject({ synced: 1, failed: 0 })
    const [synced] = await db
      .select({ cursor: connectedCalendars.syncCursor })
      .from(connectedCalendars)
      .where(eq(connectedCalendars.id, calendar.id))
    expect(synced?.cursor).toBeTruthy()

    const stored = await db
      .select({ startsAt: externalBusyTimes.startsAt, endsAt: externalBusyTimes.endsAt })
      .from(externalBusyTimes)
      .where(eq(externalBusyTimes.calendarId, calendar.id))
    const inWeek = (time: number) =>
      time >= hostile.window.start.getTime() && time < hostile.window.end.getTime()
    const expected = hostile.busy
      .filter((busy) => !hostile.notBusy.includes(busy.uid))
      .map((busy) => [busy.start, busy.end])
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
    expect(
      stored
        .map((busy) => [busy.startsAt.getTime(), busy.endsAt.getTime()])
        .filter(([start]) => inWeek(start ?? 0))
        .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    ).toEqual(expected)

    // No free start the member is offered in that week overlaps a busy time.
    const days = [0, 1, 2, 3, 4, 5, 6].map((offset) =>
      new Date(hostile.window.start.getTime() + (offset * 24 + 12) * 3_600_000)
        .toISOString()
        .slice(0, 10),
    )
    const response = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/availability?${new URLSearchParams({
        service_id: salon.haircutId,
        team_member_id: salon.staffMemberId,
        start_date: days[0] ?? '',
        end_date: days[6] ?? '',
      })}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const slots = response.json<Availability>().slots
    expect(slots.length).toBeGreaterThan(0)
    for (const slot of slots) {
      const [start, end] = [Date.parse(slot.starts_at), Date.parse(slot.ends_at)]
      const clash = expected.find(([from, to]) => start < (to ?? 0) && end > (from ?? 0))
      expect(clash, `${slot.starts_at} overlaps a busy time`).toBeUndefined()
    }
  })
})
