import type { calendar_v3 } from '@googleapis/calendar'
import { badRequest, fullSyncRequired } from '../errors.ts'
import type { StoredCalendar, StoredEvent } from '../state.ts'
import { instantOf } from './event-times.ts'

/*
 * events.list with `singleEvents=false`: series masters, exceptions and single events, in pages
 * of `maxResults`, ending with a `nextSyncToken`. Given a `syncToken` it lists only what changed
 * since, deleted events (status `cancelled`) included; a token the calendar no longer knows is
 * Google's 410 `fullSyncRequired`.
 */

type Query = Record<string, string>

const supported = new Set([
  'timeMin',
  'timeMax',
  'singleEvents',
  'showDeleted',
  'pageToken',
  'maxResults',
  'syncToken',
  'iCalUID',
  'alt',
  'prettyPrint',
])
/** What Google refuses beside a sync token: the state it describes would not be whole. */
const notWithSyncToken = ['timeMin', 'timeMax', 'iCalUID', 'orderBy', 'q', 'updatedMin']

interface PageToken {
  /** Ids are listed in order; the next page starts after this one. */
  after: string
  /** The calendar's change count when the listing began: the sync token it ends with. */
  at: number
  /** Paging through the changes since a sync token: the count that token stood for. */
  since: number | null
}

export function listEvents(calendar: StoredCalendar, query: Query): calendar_v3.Schema$Events {
  const unknown = Object.keys(query).find((name) => !supported.has(name))
  if (unknown) throw badRequest(`The local Google service does not implement '${unknown}'.`)
  if (query.singleEvents === 'true') {
    throw badRequest('The local Google service lists with singleEvents=false only.')
  }
  const maxResults = Number(query.maxResults ?? 250)
  if (!Number.isInteger(maxResults) || maxResults < 1)
    throw badRequest('Invalid value for: maxResults')
  const page = query.pageToken ? readPageToken(query.pageToken) : undefined
  const at = page?.at ?? calendar.changeCount
  let candidates: StoredEvent[]
  let since: number | null = page?.since ?? null
  if (query.syncToken && since === null) {
    const clash = notWithSyncToken.find((name) => name in query)
    if (clash) throw badRequest(`Sync token cannot be used with '${clash}'.`)
    since = readSyncToken(calendar, query.syncToken)
  }
  if (since !== null) {
    const after = since
    candidates = Object.values(calendar.events).filter((stored) => stored.changedAt > after)
  } else {
    candidates = Object.values(calendar.events).filter((stored) =>
      isListed(stored.event, calendar, query),
    )
  }
  const ordered = candidates
    .map((stored) => stored.event)
    .filter((event) => !page || (event.id ?? '') > page.after)
    .sort((a, b) => ((a.id ?? '') < (b.id ?? '') ? -1 : 1))
  const items = ordered.slice(0, maxResults)
  const more = ordered.length > maxResults
  const last = items.at(-1)?.id ?? ''
  return {
    kind: 'calendar#events',
    etag: `"p${calendar.changeCount}"`,
    summary: calendar.summary,
    updated: new Date().toISOString(),
    timeZone: calendar.timeZone,
    accessRole: calendar.accessRole,
    defaultReminders: [],
    ...(more
      ? { nextPageToken: pageTokenFor({ after: last, at, since }) }
      : { nextSyncToken: syncTokenFor(calendar, at) }),
    items,
  }
}

/** A full listing's filters: deleted events only with `showDeleted` (or an exception's). */
function isListed(event: calendar_v3.Schema$Event, calendar: StoredCalendar, query: Query) {
  if (query.iCalUID && event.iCalUID !== query.iCalUID) return false
  if (event.status === 'cancelled') {
    // Google lists cancelled instances of a series whenever singleEvents is false.
    if (!event.recurringEventId && query.showDeleted !== 'true') return false
    return true
  }
  const timeMin = query.timeMin ? parseTime(query.timeMin, 'timeMin') : -Infinity
  const timeMax = query.timeMax ? parseTime(query.timeMax, 'timeMax') : Infinity
  const start = instantOf(event.start ?? {}, calendar.timeZone)
  const end = instantOf(event.end ?? {}, calendar.timeZone)
  if (start >= timeMax) return false
  if (event.recurrence) return (seriesUntil(event.recurrence) ?? Infinity) >= timeMin
  return end > timeMin
}

/** A series' last possible start from its RRULE's UNTIL; a COUNT is not worked out. */
function seriesUntil(recurrence: string[]): number | undefined {
  const until = recurrence
    .find((line) => line.startsWith('RRULE:'))
    ?.match(/UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?/)
  if (!until) return undefined
  const [, y, mo, d, h = '23', mi = '59', s = '59'] = until
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
}

function parseTime(value: string, name: string): number {
  const time = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(time))
    throw badRequest(`Bad Request: ${name} must be an RFC3339 timestamp with offset.`)
  return time
}

function syncTokenFor(calendar: StoredCalendar, at: number): string {
  return `CP${Buffer.from(JSON.stringify({ c: calendar.id, g: calendar.syncGeneration, s: at })).toString('base64url')}`
}

/** The change count a token stands for; 410 for one of another calendar, garbled or too old. */
function readSyncToken(calendar: StoredCalendar, token: string): number {
  try {
    const { c, g, s } = JSON.parse(Buffer.from(token.slice(2), 'base64url').toString('utf8'))
    const known = token.startsWith('CP') && c === calendar.id && g === calendar.syncGeneration
    if (known && Number.isInteger(s) && s <= calendar.changeCount) return s
  } catch {
    // garbled: as stale
  }
  throw fullSyncRequired()
}

function pageTokenFor(page: PageToken): string {
  return Buffer.from(JSON.stringify(page)).toString('base64url')
}

function readPageToken(token: string): PageToken {
  try {
    const page = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as PageToken
    if (typeof page.after === 'string' && Number.isInteger(page.at) && page.since !== undefined) {
      return page
    }
  } catch {
    // answered below
  }
  throw badRequest('Invalid page token value.')
}
