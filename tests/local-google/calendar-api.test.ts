import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { calendar_v3 } from '@googleapis/calendar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectedClient,
  control,
  failureOf,
  type LocalGoogle,
  startLocalGoogle,
} from '../support/local-google/service.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'local-google-'))
const dataFile = join(dataDir, 'state.json')
let service: LocalGoogle
let api: calendar_v3.Calendar

beforeAll(async () => {
  service = await startLocalGoogle({ dataFile })
  ;({ api } = await connectedClient(service))
})
afterAll(async () => {
  await service.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const meeting = (summary: string, day = '2027-01-05'): calendar_v3.Schema$Event => ({
  summary,
  start: { dateTime: `${day}T09:00:00+01:00` },
  end: { dateTime: `${day}T10:00:00+01:00` },
})

/** A calendar of its own for a test, so listings see only what the test wrote. */
async function freshCalendar(): Promise<string> {
  return (await control(service, '/_local/calendars', { email: 'member@example.com' })).id as string
}

async function listAll(params: calendar_v3.Params$Resource$Events$List) {
  const pages: calendar_v3.Schema$Events[] = []
  let pageToken: string | undefined
  do {
    const { data } = await api.events.list({ ...params, ...(pageToken ? { pageToken } : {}) })
    pages.push(data)
    pageToken = data.nextPageToken ?? undefined
  } while (pageToken)
  return { pages, items: pages.flatMap((page) => page.items ?? []), last: pages.at(-1) }
}

describe('calendarList.list', () => {
  it("lists the member's calendars with Google's fields", async () => {
    const { data } = await api.calendarList.list()
    expect(data.kind).toBe('calendar#calendarList')
    const primary = data.items?.find((entry) => entry.primary)
    expect(primary).toMatchObject({
      kind: 'calendar#calendarListEntry',
      id: 'member@example.com',
      accessRole: 'owner',
      timeZone: 'Europe/Berlin',
    })
    expect(primary?.backgroundColor).toMatch(/^#[0-9a-f]{6}$/)
    const holidays = data.items?.find((entry) => entry.id?.includes('#holiday'))
    expect(holidays?.accessRole).toBe('reader')
  })
})

describe('events: writing with ids and ETags', () => {
  it('inserts with a chosen base32hex id, refuses it twice (409 duplicate) and a bad one', async () => {
    const calendarId = await freshCalendar()
    const { data } = await api.events.insert({
      calendarId,
      requestBody: { id: 'booking0001', iCalUID: 'a1@slotwise', ...meeting('Cut') },
    })
    expect(data).toMatchObject({
      kind: 'calendar#event',
      id: 'booking0001',
      iCalUID: 'a1@slotwise',
      status: 'confirmed',
      sequence: 0,
      organizer: { email: 'member@example.com', self: true },
    })
    expect(data.etag).toMatch(/^"\d+"$/)
    const again = await failureOf(
      api.events.insert({ calendarId, requestBody: { id: 'booking0001', ...meeting('Cut') } }),
    )
    expect(again.status).toBe(409)
    expect(again.data?.error?.errors[0]?.reason).toBe('duplicate')
    const badId = await failureOf(
      api.events.insert({ calendarId, requestBody: { id: 'Not_Base32', ...meeting('Cut') } }),
    )
    expect(badId.status).toBe(400)
  })

  it('changes an event with If-Match, 412 for a stale ETag, 410 when deleted twice', async () => {
    const calendarId = await freshCalendar()
    const { data: created } = await api.events.insert({ calendarId, requestBody: meeting('Cut') })
    const eventId = created.id as string
    const { data: patched } = await api.events.patch(
      { calendarId, eventId, requestBody: { summary: 'Colour' } },
      { headers: { 'If-Match': created.etag as string } },
    )
    expect(patched.summary).toBe('Colour')
    expect(patched.start?.dateTime).toBe('2027-01-05T09:00:00+01:00')
    expect(patched.etag).not.toBe(created.etag)

    const stale = await failureOf(
      api.events.update(
        { calendarId, eventId, requestBody: meeting('Late') },
        { headers: { 'If-Match': created.etag as string } },
      ),
    )
    expect(stale.status).toBe(412)
    expect(stale.data?.error?.errors[0]?.reason).toBe('conditionNotMet')

    const lower = await failureOf(
      api.events.update({ calendarId, eventId, requestBody: { ...meeting('x'), sequence: -1 } }),
    )
    expect(lower.status).toBe(400)

    await api.events.delete(
      { calendarId, eventId },
      { headers: { 'If-Match': patched.etag as string } },
    )
    expect((await api.events.get({ calendarId, eventId })).data.status).toBe('cancelled')
    const twice = await failureOf(api.events.delete({ calendarId, eventId }))
    expect(twice.status).toBe(410)
    expect(twice.data?.error?.errors[0]?.reason).toBe('deleted')
  })

  it('keeps a dateTime given with a timeZone in that zone, and refuses an empty range', async () => {
    const calendarId = await freshCalendar()
    const { data } = await api.events.insert({
      calendarId,
      requestBody: {
        start: { dateTime: '2027-07-01T09:00:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-07-01T10:00:00', timeZone: 'America/New_York' },
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
      },
    })
    expect(data.start).toEqual({
      dateTime: '2027-07-01T09:00:00-04:00',
      timeZone: 'America/New_York',
    })
    const empty = await failureOf(
      api.events.insert({
        calendarId,
        requestBody: { start: { date: '2027-01-06' }, end: { date: '2027-01-05' } },
      }),
    )
    expect(empty.data?.error?.errors[0]?.reason).toBe('timeRangeEmpty')
  })

  it('refuses writes to a calendar the member may only read', async () => {
    const { data } = await api.calendarList.list()
    const holidays = data.items?.find((entry) => entry.accessRole === 'reader')?.id as string
    const refused = await failureOf(
      api.events.insert({ calendarId: holidays, requestBody: meeting('x') }),
    )
    expect(refused.status).toBe(403)
    expect(refused.data?.error?.errors[0]?.reason).toBe('requiredAccessLevel')
    const unknown = await failureOf(api.events.list({ calendarId: 'nobody@example.com' }))
    expect(unknown.status).toBe(404)
  })
})

describe('events.list: pages, sync tokens, exceptions', () => {
  it('pages through a window and ends with a sync token that lists only changes', async () => {
    const calendarId = await freshCalendar()
    const ids: string[] = []
    for (const day of ['01', '02', '03', '04', '05']) {
      ids.push(
        (await api.events.insert({ calendarId, requestBody: meeting(`m${day}`, `2027-02-${day}`) }))
          .data.id as string,
      )
    }
    await api.events.insert({ calendarId, requestBody: meeting('outside', '2027-06-01') })
    const full = await listAll({
      calendarId,
      timeMin: '2027-02-01T00:00:00Z',
      timeMax: '2027-03-01T00:00:00Z',
      singleEvents: false,
      maxResults: 2,
    })
    expect(full.pages).toHaveLength(3)
    expect(full.items.map((event) => event.id).sort()).toEqual([...ids].sort())
    expect(full.pages[0]?.nextSyncToken).toBeUndefined()
    const syncToken = full.last?.nextSyncToken as string
    expect(syncToken).toBeTruthy()

    await api.events.patch({
      calendarId,
      eventId: ids[0] as string,
      requestBody: { summary: 'moved' },
    })
    await api.events.delete({ calendarId, eventId: ids[1] as string })
    const delta = await listAll({ calendarId, syncToken })
    expect(delta.items.map((event) => [event.id, event.status, event.summary ?? null])).toEqual(
      expect.arrayContaining([
        [ids[0], 'confirmed', 'moved'],
        [ids[1], 'cancelled', 'm02'],
      ]),
    )
    expect(delta.items).toHaveLength(2)
    const quiet = await listAll({ calendarId, syncToken: delta.last?.nextSyncToken as string })
    expect(quiet.items).toEqual([])
  })

  it('answers 410 fullSyncRequired, as Google does, for a forgotten or made-up token', async () => {
    const calendarId = await freshCalendar()
    const { data } = await api.events.list({ calendarId })
    await control(service, `/_local/calendars/${encodeURIComponent(calendarId)}/expire-sync-tokens`)
    for (const syncToken of [data.nextSyncToken as string, 'CPnonsense']) {
      const failure = await failureOf(api.events.list({ calendarId, syncToken }))
      expect(failure.status).toBe(410)
      expect(failure.data?.error).toEqual({
        errors: [
          {
            domain: 'global',
            reason: 'fullSyncRequired',
            message: 'Sync token is no longer valid, a full sync is required.',
          },
        ],
        code: 410,
        message: 'Sync token is no longer valid, a full sync is required.',
      })
    }
    const fresh = (await api.events.list({ calendarId })).data.nextSyncToken as string
    expect((await api.events.list({ calendarId, syncToken: fresh })).status).toBe(200)
    const mixed = await failureOf(
      api.events.list({ calendarId, syncToken: fresh, timeMin: '2027-01-01T00:00:00Z' }),
    )
    expect(mixed.status).toBe(400)
  })

  it('turns a changed or deleted instance into an exception of its series', async () => {
    const calendarId = await freshCalendar()
    const { data: series } = await api.events.insert({
      calendarId,
      requestBody: {
        summary: 'Lecture',
        start: { dateTime: '2027-01-04T10:00:00', timeZone: 'Europe/Berlin' },
        end: { dateTime: '2027-01-04T11:00:00', timeZone: 'Europe/Berlin' },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Berlin:20270118T100000'],
      },
    })
    const secondMonday = `${series.id}_20270111T090000Z`
    const { data: moved } = await api.events.patch({
      calendarId,
      eventId: secondMonday,
      requestBody: {
        start: { dateTime: '2027-01-11T15:00:00+01:00' },
        end: { dateTime: '2027-01-11T16:00:00+01:00' },
      },
    })
    expect(moved).toMatchObject({
      id: secondMonday,
      recurringEventId: series.id,
      iCalUID: series.iCalUID,
      originalStartTime: { dateTime: '2027-01-11T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      summary: 'Lecture',
    })
    expect(moved.recurrence).toBeUndefined()
    await api.events.delete({ calendarId, eventId: `${series.id}_20270125T090000Z` })

    const listed = await listAll({
      calendarId,
      iCalUID: series.iCalUID as string,
      singleEvents: false,
    })
    expect(listed.items.map((event) => [event.id, event.status])).toEqual(
      expect.arrayContaining([
        [series.id, 'confirmed'],
        [secondMonday, 'confirmed'],
        [`${series.id}_20270125T090000Z`, 'cancelled'],
      ]),
    )
  })
})

describe('push channels', () => {
  it('notifies the address with Google’s headers: sync at once, exists on a change, none after stop', async () => {
    const received: IncomingHttpHeaders[] = []
    const receiver = createServer((request, response) => {
      received.push(request.headers)
      response.writeHead(200).end()
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push`
    try {
      const calendarId = await freshCalendar()
      const { data: channel } = await api.events.watch({
        calendarId,
        requestBody: { id: 'channel-1', type: 'web_hook', address, token: 'conn=42' },
      })
      expect(channel).toMatchObject({ kind: 'api#channel', id: 'channel-1', token: 'conn=42' })
      await api.events.insert({ calendarId, requestBody: meeting('Push') })
      await service.notificationsIdle()
      expect(received.map((headers) => headers['x-goog-resource-state'])).toEqual([
        'sync',
        'exists',
      ])
      expect(received[1]).toMatchObject({
        'x-goog-channel-id': 'channel-1',
        'x-goog-channel-token': 'conn=42',
        'x-goog-message-number': '2',
        'x-goog-resource-id': channel.resourceId,
      })

      await api.channels.stop({ requestBody: { id: 'channel-1', resourceId: channel.resourceId } })
      await api.events.insert({ calendarId, requestBody: meeting('Quiet') })
      await service.notificationsIdle()
      expect(received).toHaveLength(2)
      const unknown = await failureOf(
        api.channels.stop({ requestBody: { id: 'channel-1', resourceId: 'x' } }),
      )
      expect(unknown.status).toBe(404)
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})

describe('rate limits, outages and restarts', () => {
  it('answers a rate limit a test asks for, with Retry-After, then serves again', async () => {
    await control(service, '/_local/failures', { status: 429, count: 1, retryAfterSeconds: 30 })
    const limited = await failureOf(api.calendarList.list())
    expect(limited.status).toBe(429)
    expect(limited.data?.error?.errors[0]?.reason).toBe('rateLimitExceeded')
    expect(limited.headers?.get('retry-after')).toBe('30')
    expect((await api.calendarList.list()).status).toBe(200)
  })

  it('keeps accounts, events and grants in its data file across a restart', async () => {
    const calendarId = await freshCalendar()
    const { data } = await api.events.insert({ calendarId, requestBody: meeting('Kept') })
    await service.stop()
    service = await startLocalGoogle({ dataFile, port: service.port })
    // A new connection: the old ones went with the old process.
    const { data: kept } = await api.events.get(
      { calendarId, eventId: data.id as string },
      { agent: new Agent({ keepAlive: false }) },
    )
    expect(kept.summary).toBe('Kept')
  })
})
