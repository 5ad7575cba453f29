import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { calendar_v3 } from '@googleapis/calendar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectorError, WrittenEvent } from '../../server/calendars/connector.ts'
import { connectorFor } from '../../server/calendars/connector-for.ts'
import { GoogleConnector } from '../../server/calendars/google/google-connector.ts'
import {
  exchangeGoogleCode,
  type GoogleCredentials,
  googleConsentUrl,
} from '../../server/calendars/google/google-oauth.ts'
import {
  type GoogleSettings,
  googleSettings,
} from '../../server/calendars/google/google-settings.ts'
import { writtenEventId } from '../../server/calendars/google/written-event-id.ts'
import { isSlotwiseUid } from '../../server/domain/calendar-sync/external-event.ts'
import { readCalendarText } from '../../server/domain/calendar-sync/ics-events.ts'
import {
  answerConsent,
  connectedClient,
  control,
  type LocalGoogle,
  redirectUri,
  startLocalGoogle,
} from '../support/local-google/service.ts'

const email = 'connector@example.com'
const window = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-03-01T00:00:00Z') }
let service: LocalGoogle
let settings: GoogleSettings
let credentials: GoogleCredentials
/** The member's own hands in their calendar (the SDK with a grant of its own). */
let member: calendar_v3.Calendar

beforeAll(async () => {
  service = await startLocalGoogle()
  settings = googleSettings({
    clientId: service.clientId,
    clientSecret: service.clientSecret,
    oauthBaseUrl: service.url,
    apiBaseUrl: service.url,
  })
  const consentUrl = googleConsentUrl(settings, { redirectUri, state: 'conn-1', loginHint: email })
  const back = await answerConsent(consentUrl)
  expect(back.searchParams.get('state')).toBe('conn-1')
  credentials = await exchangeGoogleCode(settings, {
    code: back.searchParams.get('code') ?? '',
    redirectUri,
  })
  ;({ api: member } = await connectedClient(service, email))
})
afterAll(async () => {
  await service.stop()
})

async function freshCalendar(): Promise<string> {
  return (await control(service, '/_local/calendars', { email })).id as string
}

async function failureOf(call: Promise<unknown>): Promise<ConnectorError> {
  try {
    await call
  } catch (error) {
    expect((error as Error).name).toBe('ConnectorError')
    return error as ConnectorError
  }
  throw new Error('The call succeeded')
}

const booking = (overrides: Partial<WrittenEvent> = {}): WrittenEvent => ({
  uid: 'appt-7d3c@slotwise',
  sequence: 0,
  start: new Date('2027-01-20T09:00:00Z'),
  end: new Date('2027-01-20T10:00:00Z'),
  summary: 'Haircut with Ada',
  description: 'Booked in Slotwise',
  location: 'Salon',
  ...overrides,
})

describe('connecting', () => {
  it('asks for offline access with consent and the two calendar scopes, and gets a refresh token', async () => {
    const url = new URL(googleConsentUrl(settings, { redirectUri, state: 'xyz' }))
    expect(url.pathname).toBe('/o/oauth2/v2/auth')
    expect(url.searchParams.get('access_type')).toBe('offline')
    expect(url.searchParams.get('prompt')).toBe('consent')
    expect(url.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly',
    )
    expect(credentials.refreshToken).toMatch(/^1\/\//)
    expect(credentials.accessTokenExpiresAt).toBeGreaterThan(Date.now())
  })

  it('turns a used code into needs_reconnect', async () => {
    const back = await answerConsent(googleConsentUrl(settings, { redirectUri, state: 's' }))
    const code = back.searchParams.get('code') ?? ''
    await exchangeGoogleCode(settings, { code, redirectUri })
    const failure = await failureOf(exchangeGoogleCode(settings, { code, redirectUri }))
    expect(failure.kind).toBe('needs_reconnect')
  })

  it("lists the member's calendars, writable or not", async () => {
    // Google's events are JSON: the iCalendar reader the factory takes is for the others.
    const parse = (text: string) => readCalendarText(text, { ownerEmails: [email] }).events
    const calendars = await connectorFor(credentials, { google: settings, parse }).listCalendars()
    expect(calendars).toContainEqual({ id: email, name: email, colour: '#9fe1e7', writable: true })
    expect(calendars.find((calendar) => calendar.name === 'Holidays in Germany')?.writable).toBe(
      false,
    )
  })
})

describe('reading changes', () => {
  it('loads the window, then only what changed, a series always whole, and again in full after 410', async () => {
    const calendarId = await freshCalendar()
    const insert = async (requestBody: calendar_v3.Schema$Event) =>
      (await member.events.insert({ calendarId, requestBody })).data
    const zoned = await insert({
      summary: 'Dentist',
      start: { dateTime: '2027-01-05T09:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2027-01-05T10:00:00', timeZone: 'Europe/Berlin' },
    })
    const instant = await insert({
      start: { dateTime: '2027-01-06T08:00:00Z' },
      end: { dateTime: '2027-01-06T09:00:00Z' },
    })
    const allDay = await insert({
      start: { date: '2027-01-07' },
      end: { date: '2027-01-08' },
      transparency: 'transparent',
    })
    const declined = await insert({
      start: { dateTime: '2027-01-08T12:00:00Z' },
      end: { dateTime: '2027-01-08T13:00:00Z' },
      attendees: [
        { email: 'boss@example.com', responseStatus: 'accepted' },
        { email, responseStatus: 'declined' },
      ],
    })
    const series = await insert({
      summary: 'Lecture',
      start: { dateTime: '2027-01-04T10:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2027-01-04T11:00:00', timeZone: 'Europe/Berlin' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Berlin:20270118T100000'],
    })
    await member.events.patch({
      calendarId,
      eventId: `${series.id}_20270111T090000Z`,
      requestBody: {
        start: { dateTime: '2027-01-11T15:00:00+01:00' },
        end: { dateTime: '2027-01-11T16:00:00+01:00' },
      },
    })
    await member.events.delete({ calendarId, eventId: `${series.id}_20270125T090000Z` })
    await insert({ start: { date: '2027-06-01' }, end: { date: '2027-06-02' } })

    const connector = new GoogleConnector(credentials, { settings })
    const full = await connector.changesSince(calendarId, null, window)
    expect(full.kind).toBe('full')
    expect(full.removed).toEqual([])
    expect(full.changed.map((object) => object.ref).sort()).toEqual(
      [zoned.id, instant.id, allDay.id, declined.id, series.id].sort(),
    )
    const byRef = new Map(full.changed.map((object) => [object.ref, object]))
    expect(byRef.get(zoned.id as string)?.events).toEqual([
      expect.objectContaining({
        uid: zoned.iCalUID,
        start: { kind: 'zoned', dateTime: '2027-01-05T09:00:00', timeZone: 'Europe/Berlin' },
        end: { kind: 'zoned', dateTime: '2027-01-05T10:00:00', timeZone: 'Europe/Berlin' },
        summary: 'Dentist',
        transparent: false,
        cancelled: false,
        declinedByOwner: false,
      }),
    ])
    expect(byRef.get(zoned.id as string)?.etag).toBe(zoned.etag)
    expect(byRef.get(instant.id as string)?.events[0]?.start).toEqual({
      kind: 'utc',
      instant: Date.parse('2027-01-06T08:00:00Z'),
    })
    expect(byRef.get(allDay.id as string)?.events[0]).toMatchObject({
      start: { kind: 'date', date: '2027-01-07' },
      end: { kind: 'date', date: '2027-01-08' },
      transparent: true,
    })
    expect(byRef.get(declined.id as string)?.events[0]?.declinedByOwner).toBe(true)
    const [master, ...overrides] = byRef.get(series.id as string)?.events ?? []
    expect(master).toMatchObject({
      uid: series.iCalUID,
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      exdates: [{ kind: 'zoned', dateTime: '2027-01-18T10:00:00', timeZone: 'Europe/Berlin' }],
      recurrenceId: undefined,
    })
    expect(overrides).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uid: series.iCalUID,
          recurrenceId: {
            kind: 'zoned',
            dateTime: '2027-01-11T10:00:00',
            timeZone: 'Europe/Berlin',
          },
          start: { kind: 'utc', instant: Date.parse('2027-01-11T14:00:00Z') },
          cancelled: false,
        }),
        expect.objectContaining({
          recurrenceId: {
            kind: 'zoned',
            dateTime: '2027-01-25T10:00:00',
            timeZone: 'Europe/Berlin',
          },
          cancelled: true,
        }),
      ]),
    )
    expect(overrides).toHaveLength(2)

    // The member moves the dentist, deletes one event and moves another lecture.
    await member.events.patch({
      calendarId,
      eventId: zoned.id as string,
      requestBody: { summary: 'Dentist (moved)' },
    })
    await member.events.delete({ calendarId, eventId: instant.id as string })
    await member.events.patch({
      calendarId,
      eventId: `${series.id}_20270201T090000Z`,
      requestBody: { summary: 'Lecture in room B' },
    })
    const delta = await connector.changesSince(calendarId, full.cursor, window)
    expect(delta.kind).toBe('delta')
    expect(delta.removed).toEqual([instant.id])
    expect(delta.changed.map((object) => object.ref).sort()).toEqual([zoned.id, series.id].sort())
    const deltaSeries = delta.changed.find((object) => object.ref === series.id)
    expect(deltaSeries?.events).toHaveLength(4)
    expect(deltaSeries?.events[0]?.rrule).toBe('FREQ=WEEKLY;BYDAY=MO')

    const nothing = await connector.changesSince(calendarId, delta.cursor, window)
    expect(nothing).toMatchObject({ kind: 'delta', changed: [], removed: [] })

    await control(service, `/_local/calendars/${encodeURIComponent(calendarId)}/expire-sync-tokens`)
    const again = await connector.changesSince(calendarId, nothing.cursor, window)
    expect(again.kind).toBe('full')
    expect(again.changed).toHaveLength(4)
  })
})

describe('writing bookings back', () => {
  it('writes one event per booking, however often the write is retried', async () => {
    const calendarId = await freshCalendar()
    const connector = new GoogleConnector(credentials, { settings })
    const first = await connector.putEvent(calendarId, booking(), null)
    expect(first.ref).toBe(writtenEventId('appt-7d3c@slotwise'))
    expect(first.ref).toMatch(/^[0-9a-v]{5,}$/)
    // A process killed after Google wrote it but before the outbox knew: written again.
    const retried = await connector.putEvent(calendarId, booking(), null)
    expect(retried.ref).toBe(first.ref)
    const { data } = await member.events.list({ calendarId, iCalUID: 'appt-7d3c@slotwise' })
    expect(data.items).toHaveLength(1)
    expect(data.items?.[0]).toMatchObject({
      summary: 'Haircut with Ada',
      location: 'Salon',
      start: { dateTime: '2027-01-20T09:00:00.000Z' },
    })
    const read = await connector.changesSince(calendarId, null, window)
    expect(read.changed[0]?.events[0]?.uid).toBe('appt-7d3c@slotwise')
    expect(isSlotwiseUid(read.changed[0]?.events[0]?.uid ?? '')).toBe(true)
  })

  it('moves it with If-Match, writing over a change made meanwhile (412), and removes it once', async () => {
    const calendarId = await freshCalendar()
    const connector = new GoogleConnector(credentials, { settings })
    const written = await connector.putEvent(calendarId, booking(), null)
    await member.events.patch({
      calendarId,
      eventId: written.ref,
      requestBody: { summary: 'Mine now' },
    })

    const moved = await connector.putEvent(
      calendarId,
      booking({
        sequence: 1,
        start: new Date('2027-01-21T09:00:00Z'),
        end: new Date('2027-01-21T10:00:00Z'),
      }),
      written,
    )
    expect(moved.etag).not.toBe(written.etag)
    const { data } = await member.events.get({ calendarId, eventId: written.ref })
    expect(data).toMatchObject({ summary: 'Haircut with Ada', sequence: 1, status: 'confirmed' })
    expect(data.start?.dateTime).toBe('2027-01-21T09:00:00.000Z')

    await connector.deleteEvent(calendarId, written)
    expect((await member.events.get({ calendarId, eventId: written.ref })).data.status).toBe(
      'cancelled',
    )
    await connector.deleteEvent(calendarId, moved)
  })

  it('writes it again after the member deleted it in Google', async () => {
    const calendarId = await freshCalendar()
    const connector = new GoogleConnector(credentials, { settings })
    const written = await connector.putEvent(calendarId, booking(), null)
    await member.events.delete({ calendarId, eventId: written.ref })
    await connector.putEvent(calendarId, booking({ sequence: 1 }), written)
    expect((await member.events.get({ calendarId, eventId: written.ref })).data.status).toBe(
      'confirmed',
    )
  })
})

describe('tokens and failures', () => {
  it('refreshes an expired access token and hands the new one over', async () => {
    const refreshed: GoogleCredentials[] = []
    const connector = new GoogleConnector(
      { ...credentials, accessToken: 'ya29.old', accessTokenExpiresAt: Date.now() - 1000 },
      { settings, onCredentialsRefreshed: (fresh) => void refreshed.push(fresh) },
    )
    await connector.listCalendars()
    expect(refreshed).toHaveLength(1)
    expect(refreshed[0]).toMatchObject({ kind: 'google', refreshToken: credentials.refreshToken })
    expect(refreshed[0]?.accessToken).toMatch(/^ya29\./)
    expect(refreshed[0]?.accessToken).not.toBe('ya29.old')

    // Google ended the token early: one retry with a fresh one.
    await control(service, '/_local/tokens/expire', { email })
    const current = refreshed[0] as GoogleCredentials
    const again = new GoogleConnector(current, {
      settings,
      onCredentialsRefreshed: (fresh) => void refreshed.push(fresh),
    })
    await again.listCalendars()
    expect(refreshed).toHaveLength(2)
  })

  it('says rate_limited with Retry-After, unreachable for 5xx, calendar_gone for an unknown calendar', async () => {
    const connector = new GoogleConnector(credentials, { settings })
    await control(service, '/_local/failures', { status: 403, count: 1, retryAfterSeconds: 30 })
    const limited = await failureOf(connector.changesSince(email, null, window))
    expect(limited.kind).toBe('rate_limited')
    expect(limited.retryAfterMs).toBe(30_000)
    await control(service, '/_local/failures', { status: 503, count: 1 })
    expect((await failureOf(connector.listCalendars())).kind).toBe('unreachable')
    const gone = await failureOf(connector.changesSince('nobody@example.com', null, window))
    expect(gone.kind).toBe('calendar_gone')
  })

  it('says unreachable when nothing answers', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const nowhere = googleSettings({
      ...settings,
      oauthBaseUrl: `http://127.0.0.1:${port}`,
      apiBaseUrl: `http://127.0.0.1:${port}`,
    })
    const failure = await failureOf(
      new GoogleConnector(credentials, { settings: nowhere }).listCalendars(),
    )
    expect(failure.kind).toBe('unreachable')
  })

  it('says needs_reconnect once the member revoked access in their Google Account', async () => {
    await control(service, '/_local/grants/revoke', { email })
    const failure = await failureOf(
      new GoogleConnector(credentials, { settings }).changesSince(email, null, window),
    )
    expect(failure.kind).toBe('needs_reconnect')
  })
})
