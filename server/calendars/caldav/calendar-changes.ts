/*
 * What changed in a CalDAV calendar since the last sync. The first load asks for the objects
 * with an event in the window (a time-range calendar-query) and remembers the collection's
 * sync token; later syncs ask for what changed since that token (RFC 6578 sync-collection),
 * fetch the changed objects (calendar-multiget) and report the removed ones. A server without
 * sync-collection is compared by its ctag, then by the etags of the objects in the window. A
 * token the server refuses, or a window reaching past what was loaded, starts again with a full
 * load.
 *
 * The load reaches a margin past the window's end, so the window moving forward with the clock
 * needs a full load once per margin rather than on every sync.
 */

import type { DAVResponse } from 'tsdav'
import type { ChangeBatch, SyncCursor, SyncWindow } from '../connector.ts'
import { ConnectorError } from '../connector.ts'
import { ServerFailure } from '../provider-fetch.ts'
import {
  collectionState,
  etagsInRange,
  objectsAt,
  objectsInRange,
  type ParseCalendar,
  type TimeRange,
} from './calendar-objects.ts'
import { absoluteUrl, type DavClient, plainAnswer, propText, resourcesOf } from './dav-client.ts'

export interface ChangeOptions {
  parse: ParseCalendar
  /** False makes the connector compare ctags and etags even where sync-collection exists. */
  useSyncCollection: boolean
  /** How far past the window's end a full load reaches. */
  reloadMarginMs: number
}

/** What a CalDAV calendar's cursor holds (stored as JSON by the engine). */
type CalDavCursor = TimeRange & {
  /** Set when changes are asked for with sync-collection. */
  syncToken?: string
  /** Otherwise the ctag and the etag of each object in the loaded range. */
  ctag?: string | null
  etags?: Record<string, string>
}

/** sync-collection answers in pages at most this many times per sync before starting over. */
const MAX_SYNC_PAGES = 20

export async function calendarChanges(
  client: DavClient,
  calendarId: string,
  cursor: SyncCursor | null,
  window: SyncWindow,
  options: ChangeOptions,
): Promise<ChangeBatch> {
  const stored = readCursor(cursor)
  const covered =
    stored && stored.from <= window.start.getTime() && window.end.getTime() <= stored.until
  if (!stored || !covered) return fullLoad(client, calendarId, window, options)
  if (options.useSyncCollection && stored.syncToken !== undefined) {
    return (
      (await syncCollectionChanges(client, calendarId, stored, options)) ??
      fullLoad(client, calendarId, window, options)
    )
  }
  if (stored.etags)
    return etagChanges(client, calendarId, { ...stored, etags: stored.etags }, options)
  return fullLoad(client, calendarId, window, options)
}

async function fullLoad(
  client: DavClient,
  calendarId: string,
  window: SyncWindow,
  options: ChangeOptions,
): Promise<ChangeBatch> {
  // The token is read before the objects: a change made in between comes back again next
  // time, rather than never.
  const state = await collectionState(client, calendarId)
  const range = {
    from: window.start.getTime(),
    until: window.end.getTime() + options.reloadMarginMs,
  }
  const objects = await objectsInRange(client, calendarId, range, options.parse)
  const syncToken = options.useSyncCollection ? state.syncToken : undefined
  const cursor: CalDavCursor = syncToken
    ? { ...range, syncToken }
    : {
        ...range,
        ctag: state.ctag,
        etags: Object.fromEntries(objects.map((object) => [object.ref, object.etag ?? ''])),
      }
  return { kind: 'full', changed: objects, removed: [], cursor: { ...cursor } }
}

/** The delta since the stored token; null when the server refused the token. */
async function syncCollectionChanges(
  client: DavClient,
  calendarId: string,
  stored: CalDavCursor,
  options: ChangeOptions,
): Promise<ChangeBatch | null> {
  const changedHrefs = new Set<string>()
  const removed = new Set<string>()
  let token = stored.syncToken ?? ''
  for (let page = 0; page < MAX_SYNC_PAGES; page++) {
    const answer = await changesPage(client, calendarId, token)
    if (!answer) return null
    token = propText(answer[0]?.raw?.multistatus?.syncToken) ?? ''
    if (!token) throw new ConnectorError('protocol', 'The calendar server sent no sync token')
    let truncated = false
    for (const resource of resourcesOf(answer)) {
      const ref = absoluteUrl(resource.href, calendarId)
      if (ref === calendarId) truncated ||= resource.status === 507
      else if (resource.status === 404 || resource.status === 410) {
        removed.add(ref)
        changedHrefs.delete(resource.href)
      } else if (resource.ok) {
        changedHrefs.add(resource.href)
        removed.delete(ref)
      }
    }
    if (!truncated) {
      const fetched = await objectsAt(client, calendarId, [...changedHrefs], options.parse)
      return {
        kind: 'delta',
        changed: fetched.objects,
        removed: [...removed, ...fetched.missing],
        cursor: { ...stored, syncToken: token },
      }
    }
  }
  return null
}

/** One sync-collection request; null when the server refused the token. */
async function changesPage(
  client: DavClient,
  calendarId: string,
  token: string,
): Promise<DAVResponse[] | null> {
  const request = {
    'd:sync-collection': {
      'd:sync-token': token,
      'd:sync-level': 1,
      'd:prop': { 'd:getetag': {} },
    },
  }
  let answer: DAVResponse[]
  try {
    answer = await client.report(calendarId, request, '0')
  } catch (error) {
    // xandikos answers 500 to a token it cannot find: a full load tells a refused token from a
    // server in trouble (which fails that too).
    if (error instanceof ServerFailure) return null
    throw error
  }
  const plain = plainAnswer(answer)
  if (plain) {
    if (tokenRefused(plain)) return null
    refuseSyncAnswer(plain.status, calendarId)
  }
  return answer
}

/**
 * RFC 6578 refuses a token with 403 or 409 and the valid-sync-token precondition; some servers
 * answer 400 or 412 instead. Either way a full load is right.
 */
function tokenRefused(plain: { status: number; body: string }): boolean {
  if ([400, 409, 412, 422].includes(plain.status)) return true
  return plain.status === 403 && plain.body.includes('valid-sync-token')
}

function refuseSyncAnswer(status: number, calendarId: string): never {
  const host = new URL(calendarId).host
  if (status === 404 || status === 410) {
    throw new ConnectorError('calendar_gone', `The calendar is no longer on ${host}`)
  }
  if (status === 403) {
    throw new ConnectorError('needs_reconnect', `${host} refused access to the calendar (403)`)
  }
  throw new ConnectorError('protocol', `${host} answered ${status} when asked for changes`)
}

/** The fallback: an unchanged ctag means nothing changed; otherwise the etags are compared. */
async function etagChanges(
  client: DavClient,
  calendarId: string,
  stored: CalDavCursor & { etags: Record<string, string> },
  options: ChangeOptions,
): Promise<ChangeBatch> {
  const state = await collectionState(client, calendarId)
  if (state.ctag !== null && state.ctag === stored.ctag) {
    return { kind: 'delta', changed: [], removed: [], cursor: { ...stored } }
  }
  const etags = await etagsInRange(client, calendarId, stored)
  const changedRefs = Object.keys(etags).filter((ref) => stored.etags[ref] !== etags[ref])
  const gone = Object.keys(stored.etags).filter((ref) => !(ref in etags))
  const fetched = await objectsAt(client, calendarId, changedRefs, options.parse)
  for (const object of fetched.objects) etags[object.ref] = object.etag ?? ''
  for (const ref of fetched.missing) delete etags[ref]
  return {
    kind: 'delta',
    changed: fetched.objects,
    removed: [...gone, ...fetched.missing],
    cursor: { ...stored, ctag: state.ctag, etags },
  }
}

/** The stored cursor, or null when it is not one of ours (then everything is loaded again). */
function readCursor(cursor: SyncCursor | null): CalDavCursor | null {
  if (!cursor) return null
  const { from, until, syncToken, ctag, etags } = cursor
  if (typeof from !== 'number' || typeof until !== 'number') return null
  if (typeof syncToken === 'string') return { from, until, syncToken }
  const validEtags =
    etags && typeof etags === 'object' && Object.values(etags).every((e) => typeof e === 'string')
  if (!validEtags) return null
  return {
    from,
    until,
    ctag: typeof ctag === 'string' ? ctag : null,
    etags: etags as Record<string, string>,
  }
}
