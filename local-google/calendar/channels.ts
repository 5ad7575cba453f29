import { randomBytes } from 'node:crypto'
import type { calendar_v3 } from '@googleapis/calendar'
import type { ServiceContext } from '../context.ts'
import { badRequest, GoogleApiError } from '../errors.ts'
import type { Channel, ServiceState, StoredCalendar } from '../state.ts'

/*
 * Push notifications: events.watch opens a channel on a calendar's events; Google then POSTs
 * an empty body with `X-Goog-*` headers to its address, `sync` at once and `exists` after each
 * change, until the channel expires or channels.stop closes it. (Google insists on an https
 * address; the local service takes http too, as the app runs on localhost.)
 */

const defaultLifetimeMs = 7 * 24 * 60 * 60_000

export function watchEvents(
  context: ServiceContext,
  calendar: StoredCalendar,
  body: calendar_v3.Schema$Channel,
  deliver: (channel: Channel, state: 'sync' | 'exists') => void,
): calendar_v3.Schema$Channel {
  if (!body.id) throw badRequest('Required channel id', 'required')
  if (body.type !== 'web_hook') throw badRequest(`Invalid channel type: ${body.type ?? ''}`)
  if (!isHttpUrl(body.address)) throw badRequest('WebHook callback must be an absolute URL')
  if (context.state.channels[body.id]) throw badRequest(`Channel id not unique: ${body.id}`)
  const asked = body.expiration ? Number(body.expiration) : Number.NaN
  const channel: Channel = {
    id: body.id,
    resourceId: randomBytes(18).toString('base64url'),
    calendarId: calendar.id,
    address: body.address as string,
    token: body.token ?? null,
    expiration: Number.isFinite(asked)
      ? Math.min(asked, Date.now() + defaultLifetimeMs)
      : Date.now() + defaultLifetimeMs,
    messageNumber: 0,
  }
  context.state.channels[channel.id] = channel
  deliver(channel, 'sync')
  return channelResource(context, channel)
}

export function stopChannel(state: ServiceState, body: calendar_v3.Schema$Channel): void {
  const channel = body.id ? state.channels[body.id] : undefined
  if (!channel || channel.resourceId !== body.resourceId) {
    throw new GoogleApiError(404, {
      domain: 'global',
      reason: 'notFound',
      message: `Channel '${body.id ?? ''}' not found for project 'local-google'`,
    })
  }
  delete state.channels[channel.id]
}

/** The open channels of a calendar; expired ones are forgotten on the way. */
export function channelsOf(state: ServiceState, calendarId: string): Channel[] {
  const open: Channel[] = []
  for (const channel of Object.values(state.channels)) {
    if (channel.expiration <= Date.now()) delete state.channels[channel.id]
    else if (channel.calendarId === calendarId) open.push(channel)
  }
  return open
}

export function resourceUri(context: ServiceContext, channel: Channel): string {
  return `${context.url}/calendar/v3/calendars/${encodeURIComponent(channel.calendarId)}/events?alt=json`
}

function channelResource(context: ServiceContext, channel: Channel): calendar_v3.Schema$Channel {
  return {
    kind: 'api#channel',
    id: channel.id,
    resourceId: channel.resourceId,
    resourceUri: resourceUri(context, channel),
    ...(channel.token === null ? {} : { token: channel.token }),
    expiration: String(channel.expiration),
  }
}

function isHttpUrl(text: string | null | undefined): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text ?? '').protocol)
  } catch {
    return false
  }
}
