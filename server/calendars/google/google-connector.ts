import type { calendar_v3 } from '@googleapis/calendar'
import type {
  CalendarConnector,
  ChangeBatch,
  RemoteCalendar,
  RemoteObject,
  SyncCursor,
  SyncWindow,
  WrittenEvent,
  WrittenRef,
} from '../connector.ts'
import { GoogleClient, type GoogleClientOptions } from './google-client.ts'
import { statusOf, toConnectorError } from './google-errors.ts'
import { groupIntoObjects, seriesIdOf } from './google-events.ts'
import type { GoogleCredentials } from './google-oauth.ts'
import { type PushChannel, stopChannel, watchCalendar } from './google-push.ts'
import { writtenEventId } from './written-event-id.ts'

type GoogleEvent = calendar_v3.Schema$Event

export type GoogleConnectorOptions = GoogleClientOptions

const pageSize = 250
/** How often a write meets someone else's change (412) before it gives up. */
const writeAttempts = 3

/**
 * Google Calendar through @googleapis/calendar: the first load of a window, then only what
 * changed since the sync token Google handed back; bookings written with an id derived from
 * their UID and changed with `If-Match`.
 */
export class GoogleConnector implements CalendarConnector {
  private readonly client: GoogleClient

  constructor(credentials: GoogleCredentials, options: GoogleConnectorOptions) {
    this.client = new GoogleClient(credentials, options)
  }

  /** Asks Google to notify `address` when the calendar changes (see google-push.ts). */
  watch(
    calendarId: string,
    request: { channelId: string; address: string; token: string; expiresAt?: number },
  ): Promise<PushChannel> {
    return watchCalendar(this.client, calendarId, request)
  }

  stopWatching(channel: { id: string; resourceId: string }): Promise<void> {
    return stopChannel(this.client, channel)
  }

  async listCalendars(): Promise<RemoteCalendar[]> {
    let list: calendar_v3.Schema$CalendarList
    try {
      list = await this.client.call((api) => api.calendarList.list({ maxResults: 250 }))
    } catch (error) {
      throw toConnectorError(error)
    }
    return (list.items ?? []).map((entry) => ({
      id: entry.id ?? '',
      name: entry.summaryOverride ?? entry.summary ?? entry.id ?? '',
      colour: entry.backgroundColor ?? undefined,
      writable: entry.accessRole === 'owner' || entry.accessRole === 'writer',
    }))
  }

  async changesSince(
    calendarId: string,
    cursor: SyncCursor | null,
    window: SyncWindow,
  ): Promise<ChangeBatch> {
    const syncToken = typeof cursor?.syncToken === 'string' ? cursor.syncToken : undefined
    if (syncToken) {
      try {
        return await this.delta(calendarId, syncToken)
      } catch (error) {
        // 410: Google forgot the token; everything is read again.
        if (statusOf(error) !== 410) throw toConnectorError(error)
      }
    }
    try {
      return await this.fullLoad(calendarId, window)
    } catch (error) {
      throw toConnectorError(error)
    }
  }

  private async fullLoad(calendarId: string, window: SyncWindow): Promise<ChangeBatch> {
    const { items, nextSyncToken } = await this.listAll(calendarId, {
      timeMin: window.start.toISOString(),
      timeMax: window.end.toISOString(),
    })
    const { objects, incomplete } = groupIntoObjects(items)
    // An instance moved into the window whose series starts outside it: fetch the series.
    for (const event of incomplete) {
      const series = await this.series(calendarId, event)
      if (series) objects.push(series)
    }
    return { kind: 'full', changed: objects, removed: [], cursor: { syncToken: nextSyncToken } }
  }

  private async delta(calendarId: string, syncToken: string): Promise<ChangeBatch> {
    const { items, nextSyncToken } = await this.listAll(calendarId, { syncToken })
    const removed: string[] = []
    const touched = new Map<string, GoogleEvent>()
    for (const event of items) {
      if (!event.recurringEventId && event.status === 'cancelled') removed.push(event.id ?? '')
      else touched.set(seriesIdOf(event), event)
    }
    const changed: RemoteObject[] = []
    for (const [seriesId, event] of touched) {
      if (removed.includes(seriesId)) continue
      // A series travels whole: one changed instance brings its master and other overrides.
      const whole = !event.recurringEventId && !event.recurrence
      const object = whole
        ? groupIntoObjects([event]).objects[0]
        : await this.series(calendarId, event)
      if (object) changed.push(object)
      else removed.push(seriesId)
    }
    return { kind: 'delta', changed, removed, cursor: { syncToken: nextSyncToken } }
  }

  /** A series' master with all its overrides (they share its iCalUID); none if it is gone. */
  private async series(calendarId: string, member: GoogleEvent): Promise<RemoteObject | undefined> {
    if (!member.iCalUID) return undefined
    const { items } = await this.listAll(calendarId, { iCalUID: member.iCalUID, showDeleted: true })
    const master = items.find((event) => event.id === seriesIdOf(member))
    if (!master || master.status === 'cancelled') return undefined
    return groupIntoObjects(items.filter((event) => seriesIdOf(event) === master.id)).objects[0]
  }

  private async listAll(
    calendarId: string,
    query: Omit<calendar_v3.Params$Resource$Events$List, 'calendarId' | 'pageToken'>,
  ): Promise<{ items: GoogleEvent[]; nextSyncToken: string }> {
    const items: GoogleEvent[] = []
    let pageToken: string | undefined
    for (;;) {
      const page = await this.client.call((api) =>
        api.events.list({
          calendarId,
          singleEvents: false,
          maxResults: pageSize,
          ...query,
          ...(pageToken ? { pageToken } : {}),
        }),
      )
      items.push(...(page.items ?? []))
      if (page.nextPageToken) {
        pageToken = page.nextPageToken
        continue
      }
      return { items, nextSyncToken: page.nextSyncToken ?? '' }
    }
  }

  async putEvent(
    calendarId: string,
    event: WrittenEvent,
    previous: WrittenRef | null,
  ): Promise<WrittenRef> {
    const id = previous?.ref ?? writtenEventId(event.uid)
    let etag = previous?.etag ?? null
    let exists = previous !== null
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const written = exists
            ? await this.replace(calendarId, id, event, etag)
            : await this.client.call((api) =>
                api.events.insert({ calendarId, requestBody: { id, ...bodyOf(event) } }),
              )
          return { ref: written.id ?? id, etag: written.etag ?? null }
        } catch (error) {
          const status = statusOf(error)
          if (attempt >= writeAttempts) throw error
          if (!exists && status === 409) exists = true
          else if (exists && (status === 404 || status === 410)) exists = false
          else if (status !== 412) throw error
          // Someone else's version is there: write over it, as the booking decides.
          etag = null
        }
      }
    } catch (error) {
      throw toConnectorError(error)
    }
  }

  /** events.update with If-Match; without a known etag, the current one (read first). */
  private async replace(
    calendarId: string,
    eventId: string,
    event: WrittenEvent,
    etag: string | null,
  ): Promise<GoogleEvent> {
    let ifMatch = etag
    let sequence = event.sequence
    if (ifMatch === null) {
      const current = await this.client.call((api) => api.events.get({ calendarId, eventId }))
      ifMatch = current.etag ?? null
      sequence = Math.max(sequence, current.sequence ?? 0)
    }
    return this.client.call((api) =>
      api.events.update(
        { calendarId, eventId, requestBody: { ...bodyOf(event), sequence } },
        ifMatch ? { headers: { 'If-Match': ifMatch } } : {},
      ),
    )
  }

  async deleteEvent(calendarId: string, previous: WrittenRef): Promise<void> {
    let ifMatch = previous.etag
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.client.call((api) =>
            api.events.delete(
              { calendarId, eventId: previous.ref },
              ifMatch ? { headers: { 'If-Match': ifMatch } } : {},
            ),
          )
          return
        } catch (error) {
          const status = statusOf(error)
          if (status === 404 || status === 410) return
          if (status !== 412 || attempt >= writeAttempts) throw error
          const current = await this.client.call((api) =>
            api.events.get({ calendarId, eventId: previous.ref }),
          )
          if (current.status === 'cancelled') return
          ifMatch = current.etag ?? null
        }
      }
    } catch (error) {
      throw toConnectorError(error)
    }
  }
}

function bodyOf(event: WrittenEvent): GoogleEvent {
  return {
    iCalUID: event.uid,
    status: 'confirmed',
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: { dateTime: event.start.toISOString() },
    end: { dateTime: event.end.toISOString() },
    sequence: event.sequence,
    transparency: 'opaque',
  }
}
