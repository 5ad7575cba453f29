import type { calendar_v3 } from '@googleapis/calendar'
import type { GoogleClient } from './google-client.ts'
import { statusOf, toConnectorError } from './google-errors.ts'

/*
 * Google's push notifications for a calendar's events: a channel asks Google to POST to our
 * address whenever the calendar changes, so a sync can start at once instead of at the next
 * poll. Google only calls public https addresses; polling stays the fallback.
 */

export interface PushChannel {
  id: string
  /** Google's id of the watched resource; `channels.stop` needs it. */
  resourceId: string
  /** Epoch milliseconds; a channel is renewed before this. */
  expiresAt: number
}

/** What a notification's `X-Goog-*` headers say. */
export interface PushNotification {
  channelId: string
  resourceId: string
  /** `sync` when the channel opens, `exists` after a change. */
  state: string
  /** The token given at watch time, to tell whose calendar it is and that it is genuine. */
  token: string | undefined
  messageNumber: number
}

export async function watchCalendar(
  client: GoogleClient,
  calendarId: string,
  request: { channelId: string; address: string; token: string; expiresAt?: number },
): Promise<PushChannel> {
  let channel: calendar_v3.Schema$Channel
  try {
    channel = await client.call((api) =>
      api.events.watch({
        calendarId,
        requestBody: {
          id: request.channelId,
          type: 'web_hook',
          address: request.address,
          token: request.token,
          ...(request.expiresAt ? { expiration: String(request.expiresAt) } : {}),
        },
      }),
    )
  } catch (error) {
    throw toConnectorError(error)
  }
  return {
    id: channel.id ?? request.channelId,
    resourceId: channel.resourceId ?? '',
    expiresAt: Number(channel.expiration ?? 0),
  }
}

/** Closes a channel; one Google no longer knows is not an error. */
export async function stopChannel(
  client: GoogleClient,
  channel: { id: string; resourceId: string },
): Promise<void> {
  try {
    await client.call((api) => api.channels.stop({ requestBody: channel }))
  } catch (error) {
    if (statusOf(error) === 404) return
    throw toConnectorError(error)
  }
}

/** Reads a notification's headers (lower-case names, as Node gives them); undefined if not one. */
export function readPushNotification(
  headers: Record<string, string | string[] | undefined>,
): PushNotification | undefined {
  const header = (name: string) => {
    const value = headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const channelId = header('x-goog-channel-id')
  const resourceId = header('x-goog-resource-id')
  const state = header('x-goog-resource-state')
  if (!channelId || !resourceId || !state) return undefined
  return {
    channelId,
    resourceId,
    state,
    token: header('x-goog-channel-token'),
    messageNumber: Number(header('x-goog-message-number') ?? 0),
  }
}
