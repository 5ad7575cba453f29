/*
 * The secret-iCal-address connector against a real HTTP server (node:http) that answers as a
 * calendar provider does: the file with an ETag, 304 to a matching If-None-Match, 404 once the
 * address is reset, and a file too large to take.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncWindow } from '../../server/calendars/connector.ts'
import { connectorFor } from '../../server/calendars/connector-for.ts'
import {
  calendarName,
  httpAddress,
  icalUrlConnector,
} from '../../server/calendars/ical-url/ical-url-connector.ts'
import { eventText, minimalParse, startOf } from '../support/caldav/calendar-fixtures.ts'
import { failureKind } from '../support/caldav/connector-scenarios.ts'
import { startTestServer, type TestHandler, type TestServer } from '../support/unit/test-server.ts'

const WINDOW: SyncWindow = {
  start: new Date('2027-01-04T00:00:00Z'),
  end: new Date('2027-03-01T00:00:00Z'),
}

/** A published calendar: two events of one series (master and override) and one single event. */
function published(firstStart: string): string {
  const series = eventText({ uid: 'series', start: firstStart, end: '2027-01-05T10:00:00Z' })
  const override = eventText({
    uid: 'series',
    start: '2027-01-12T11:00:00Z',
    end: '2027-01-12T12:00:00Z',
  })
  const single = eventText({
    uid: 'single',
    start: '2027-01-06T09:00:00Z',
    end: '2027-01-06T10:00:00Z',
  })
  const events = (text: string) =>
    text.slice(text.indexOf('BEGIN:VEVENT'), text.indexOf('END:VCALENDAR'))
  return [
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Provider//EN\r\n',
    'X-WR-CALNAME:Ana\\, at the\r\n  clinic\r\n',
    events(series),
    events(override),
    events(single),
    'END:VCALENDAR\r\n',
  ].join('')
}

describe('secret iCal address connector', () => {
  let server: TestServer
  let content = published('2027-01-05T09:00:00Z')
  let etag = '"v1"'
  let honoursValidators = true
  const answerAsProvider: TestHandler = (request, response) => {
    if (honoursValidators && request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag })
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag })
    response.end(content)
  }
  beforeAll(async () => {
    server = await startTestServer(answerAsProvider)
  })
  afterAll(() => server.close())

  const connector = (maxBytes?: number) =>
    icalUrlConnector(
      { kind: 'ical_url', url: `${server.origin}/calendar/secret.ics` },
      { parse: minimalParse, timeoutMs: 5_000, allowPrivateAddresses: true, maxBytes },
    )

  it('lists the one calendar under its published name, read-only', async () => {
    expect(await connector().listCalendars()).toEqual([
      { id: `${server.origin}/calendar/secret.ics`, name: 'Ana, at the clinic', writable: false },
    ])
  })

  it('reads the whole file, then asks with its ETag and takes a 304 as no change', async () => {
    const first = await connector().changesSince('', null, WINDOW)
    expect(first.kind).toBe('full')
    expect(first.changed.map((object) => [object.ref, object.events.length])).toEqual([
      ['series', 2],
      ['single', 1],
    ])

    const seen = server.seen.length
    const again = await connector().changesSince('', first.cursor, WINDOW)
    expect(server.seen[seen]?.headers['if-none-match']).toBe('"v1"')
    expect(again).toEqual({ kind: 'delta', changed: [], removed: [], cursor: first.cursor })

    content = published('2027-01-05T08:00:00Z')
    etag = '"v2"'
    const changed = await connector().changesSince('', again.cursor, WINDOW)
    expect(changed.kind).toBe('full')
    expect(startOf(changed.changed[0]?.events[0])).toBe('2027-01-05T08:00:00.000Z')
  })

  it('takes the same content again as no change from a server that ignores validators', async () => {
    honoursValidators = false
    try {
      const first = await connector().changesSince('', null, WINDOW)
      const again = await connector().changesSince('', first.cursor, WINDOW)
      expect(again).toMatchObject({ kind: 'delta', changed: [], removed: [] })
    } finally {
      honoursValidators = true
    }
  })

  it('asks with Last-Modified when the server gives no ETag', async () => {
    const lastModified = 'Sun, 29 Nov 2026 20:00:00 GMT'
    server.handle((request, response) => {
      const unchanged = request.headers['if-modified-since'] === lastModified
      response.writeHead(unchanged ? 304 : 200, { 'last-modified': lastModified })
      response.end(unchanged ? undefined : content)
    })
    try {
      const first = await connector().changesSince('', null, WINDOW)
      expect(first.kind).toBe('full')
      const again = await connector().changesSince('', first.cursor, WINDOW)
      expect(server.seen.at(-1)?.headers['if-modified-since']).toBe(lastModified)
      expect(again).toEqual({ kind: 'delta', changed: [], removed: [], cursor: first.cursor })
    } finally {
      server.handle(answerAsProvider)
    }
  })

  it('fails as unreadable when the parser cannot read the calendar', async () => {
    const unreadable = icalUrlConnector(
      { kind: 'ical_url', url: `${server.origin}/calendar/secret.ics` },
      {
        parse: () => {
          throw new Error('bad DTSTART')
        },
        timeoutMs: 5_000,
        allowPrivateAddresses: true,
      },
    )
    expect(await failureKind(unreadable.changesSince('', null, WINDOW))).toBe('protocol')
  })

  it('refuses a local address unless the deployment allows it', async () => {
    const refused = connectorFor(
      { kind: 'ical_url', url: `${server.origin}/calendar/secret.ics` },
      { parse: minimalParse },
    )
    expect(await failureKind(refused.listCalendars())).toBe('unreachable')
  })

  it('refuses a file over the size cap or a page that is no calendar; a 404 means gone', async () => {
    expect(await failureKind(connector(100).changesSince('', null, WINDOW))).toBe('protocol')
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html><body>Sign in</body></html>')
    })
    expect(await failureKind(connector().listCalendars())).toBe('protocol')
    server.handle((_request, response) => {
      response.writeHead(404)
      response.end()
    })
    expect(await failureKind(connector().changesSince('', null, WINDOW))).toBe('calendar_gone')
  })

  it('refuses to write', async () => {
    const event = {
      uid: 'x@slotwise',
      sequence: 0,
      start: WINDOW.start,
      end: WINDOW.end,
      summary: '',
      description: '',
      location: '',
    }
    await expect(connector().putEvent('', event, null)).rejects.toThrow(/read-only/)
    await expect(connector().deleteEvent('', { ref: 'series', etag: null })).rejects.toThrow(
      /read-only/,
    )
  })
})

describe('iCal address text', () => {
  it('takes webcal:// as https://', () => {
    expect(httpAddress(' webcal://calendar.example/private/basic.ics')).toBe(
      'https://calendar.example/private/basic.ics',
    )
    expect(httpAddress('https://calendar.example/a.ics')).toBe('https://calendar.example/a.ics')
  })

  it('reads X-WR-CALNAME unfolded and unescaped, or nothing', () => {
    expect(calendarName('X-WR-CALNAME:Team\\; Sales\\\\Ops\r\n')).toBe('Team; Sales\\Ops')
    expect(calendarName('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')).toBeUndefined()
  })
})
