import { afterAll, describe, expect, it, vi } from 'vitest'
import { googleSettings } from '../../server/calendars/google/google-settings.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { logCapture } from '../support/api/log-capture.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call, expectInvalid } from '../support/api/team-business.ts'
import {
  type CalendarConnectionList,
  calendarSyncAppOptions,
  connectionsApi,
} from '../support/calendar-sync/connections-app.ts'
import {
  answerConsent,
  connectedClient,
  startLocalGoogle,
} from '../support/local-google/service.ts'

type Schedule = components['schemas']['Schedule']

/*
 * Connecting a Google Calendar end to end through the local Google service (Google's OAuth and
 * Calendar shapes): the consent address, the person's Allow or Deny, the callback's redirect
 * with its outcome, the connection listed and synced into busy times; a forged or expired
 * state; and, with private addresses not allowed here, CalDAV and iCal addresses refused.
 */

const google = await startLocalGoogle()
afterAll(() => google.stop())
const logs = logCapture()
const world = setUpSchedulingWorld({
  label: 'Google Salon',
  appOptions: () =>
    calendarSyncAppOptions({
      logs: logs.stream,
      allowPrivateAddresses: false,
      google: googleSettings({
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        oauthBaseUrl: google.url,
        apiBaseUrl: google.url,
      }),
    }),
})
const staffCalendars = connectionsApi(
  () => world.testApp,
  () => world.salon.staffMemberId,
)
const screen = () => `/team/${world.salon.staffMemberId}/calendars`

async function consentUrl(): Promise<string> {
  const started = await call(
    world.testApp,
    world.salon.staff,
    'POST',
    `${staffCalendars.base()}/google`,
  )
  expect(started.statusCode, started.body).toBe(200)
  return started.json<{ consent_url: string }>().consent_url
}

/** The browser arriving at the callback Google sent it to; where it is sent next. */
async function callback(back: URL | string): Promise<string> {
  const url = typeof back === 'string' ? back : `${back.pathname}${back.search}`
  const response = await world.testApp.app.inject({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(303)
  return String(response.headers.location)
}

const listed = async () =>
  (await staffCalendars.list(world.salon.staff)).json<CalendarConnectionList>().items

describe('connecting a Google Calendar', () => {
  it('lists it after Allow, and its events become busy times at the next sync', async () => {
    const day = world.freshDay()
    const member = await connectedClient(google)
    await member.api.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Lecture',
        start: { dateTime: world.at(day, '10:00') },
        end: { dateTime: world.at(day, '11:00') },
      },
    })

    const consent = new URL(await consentUrl())
    expect(consent.origin).toBe(google.url)
    expect(consent.searchParams.get('access_type')).toBe('offline')
    const next = await callback(await answerConsent(consent.href, 'allow'))
    expect(next).toMatch(new RegExp(`^${screen()}\\?google=connected&connection_id=[0-9a-f-]{36}$`))
    const [connection] = await listed()
    expect(connection).toMatchObject({
      id: next.split('connection_id=')[1],
      kind: 'google',
      display_name: 'Google Calendar (member@example.com)',
      health: 'syncing',
    })
    expect(connection?.calendars.some((one) => one.writable && one.check_conflicts)).toBe(true)
    // Neither the refresh nor the access token is ever part of an answer.
    expect(JSON.stringify(connection)).not.toMatch(/ya29\.|1\/\//)

    await world.testApp.app.backgroundJobs?.runOnce()
    const date = world.at(day, '12:00').slice(0, 10)
    const schedule = await call(
      world.testApp,
      world.salon.owner,
      'GET',
      `/api/v1/schedule?team_member_id=${world.salon.staffMemberId}&start_date=${date}&end_date=${date}`,
    )
    expect(schedule.json<Schedule>().members[0]?.busy_blocks).toEqual([
      { starts_at: world.at(day, '10:00'), ends_at: world.at(day, '11:00'), title: 'Lecture' },
    ])
    expect((await listed())[0]?.health).toBe('ok')
  })

  it('says "denied" when the member declines, and adds nothing', async () => {
    const before = await listed()
    expect(await callback(await answerConsent(await consentUrl(), 'deny'))).toBe(
      `${screen()}?google=denied`,
    )
    expect(await listed()).toEqual(before)
  })

  it('says "failed" when Google refuses the code', async () => {
    const back = await answerConsent(await consentUrl(), 'allow')
    back.searchParams.set('code', '4/not-a-code-google-gave')
    expect(await callback(back)).toBe(`${screen()}?google=failed`)
  })

  it('sends a forged, missing or expired state to the team, never a 500 page', async () => {
    const back = await answerConsent(await consentUrl(), 'allow')
    const state = back.searchParams.get('state') ?? ''
    const forged = new URL(back)
    // Another member's id in the signed payload: the signature no longer matches.
    const [payload, signature] = state.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    claims.m = world.salon.ownerMemberId
    forged.searchParams.set(
      'state',
      `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`,
    )
    expect(await callback(forged)).toBe('/team?google=expired')
    const missing = new URL(back)
    missing.searchParams.delete('state')
    expect(await callback(missing)).toBe('/team?google=expired')

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000)
      expect(await callback(back)).toBe('/team?google=expired')
    } finally {
      vi.useRealTimers()
    }
    expect(await listed()).toHaveLength(1)
  })

  it('never writes a token, code or state into a log line', () => {
    const lines = logs.text()
    expect(lines).toContain('/api/v1/calendar-connections/google/callback')
    expect(lines).not.toMatch(/ya29\.|1\/\/|code=4|state=ey/)
  })
})

describe('addresses on this server’s own network, when not allowed', () => {
  it('are refused (400 naming the field) for CalDAV and iCal addresses', async () => {
    expectInvalid(
      await staffCalendars.connectCalDav(world.salon.staff, {
        server_url: 'http://127.0.0.1:5232/',
        username: 'alice',
        password: 'secret',
      }),
      'body.server_url',
    )
    expectInvalid(
      await staffCalendars.connectICal(world.salon.staff, { url: 'https://10.1.2.3/cal.ics' }),
      'body.url',
    )
  })
})
