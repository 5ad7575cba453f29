import { fromCallback } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { toApiBase } from './middleware/api-domain'

type Schemas = components['schemas']

/** An appointment change pushed by the server. */
export type LiveAppointmentEvent = Schemas['LiveAppointmentEvent']
/** The signed-in user's profile, pushed when the business or their permission changed. */
export type LiveProfileEvent = Schemas['LiveProfileEvent']
export type LiveEvent = LiveAppointmentEvent | LiveProfileEvent
export type LiveServerMessage = Schemas['LiveServerMessage']

export const LIVE_PATH = '/api/v1/live'

/** What the socket actor reports to its parent (the live machine). */
export type LiveSocketReport =
  | { type: 'socket.ready' }
  | { type: 'socket.eventReceived'; event: LiveEvent }
  | { type: 'socket.errorReceived'; status: number; detail: string }
  | { type: 'socket.closed'; code: number; reason: string }

/** What the live machine tells the socket actor: authenticate again with a fresh token. */
export type LiveSocketCommand = { type: 'socket.auth'; token: string }

/**
 * The live socket's address: the API base the openapi-fetch client uses (the stored `domain`,
 * else the page's origin) with ws:// or wss:// for http:// or https://.
 */
export function liveSocketUrl(domain: string | null, pageOrigin: string): string {
  const base = toApiBase(domain) ?? pageOrigin.replace(/\/+$/, '')
  return `${base.replace(/^http/i, 'ws')}${LIVE_PATH}`
}

const APPOINTMENT_TYPES = new Set([
  'appointment.created',
  'appointment.updated',
  'appointment.cancelled',
])

/**
 * A server message, checked enough to dispatch on; null for anything else (a newer server may
 * send types this build does not know, which are ignored rather than treated as errors).
 */
export function parseLiveServerMessage(text: string): LiveServerMessage | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const message = value as Record<string, unknown>
  const isObject = (field: unknown) => typeof field === 'object' && field !== null
  if (message.type === 'ready') return { type: 'ready' }
  if (typeof message.type === 'string' && APPOINTMENT_TYPES.has(message.type)) {
    return isObject(message.appointment) ? (value as LiveAppointmentEvent) : null
  }
  if (message.type === 'profile.updated') {
    return isObject(message.profile) ? (value as LiveProfileEvent) : null
  }
  if (message.type === 'error' && typeof message.status === 'number') {
    return { type: 'error', status: message.status, detail: String(message.detail ?? '') }
  }
  return null
}

export interface LiveSocketOptions {
  /** The address, read at each connect (the stored domain may have changed). */
  url: () => string
  /** The browser's WebSocket; tests pass the `ws` package's. */
  WebSocket?: typeof WebSocket
}

/**
 * The live machine's socket as a callback actor: opens the socket, sends `auth` with the
 * input token once open (and again on `socket.auth`), and reports what arrives. Stopping the
 * actor closes the socket without reporting that close.
 */
export function createLiveSocketActor(options: LiveSocketOptions) {
  return fromCallback<LiveSocketCommand, { token: string }>(({ input, sendBack, receive }) => {
    const Socket = options.WebSocket ?? WebSocket
    const report = (event: LiveSocketReport) => sendBack(event)
    let token = input.token
    const socket = new Socket(options.url())
    const sendAuth = () => socket.send(JSON.stringify({ type: 'auth', token }))

    socket.onopen = sendAuth
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return
      const parsed = parseLiveServerMessage(message.data)
      if (!parsed) return
      if (parsed.type === 'ready') report({ type: 'socket.ready' })
      else if (parsed.type === 'error') {
        report({ type: 'socket.errorReceived', status: parsed.status, detail: parsed.detail })
      } else report({ type: 'socket.eventReceived', event: parsed })
    }
    socket.onclose = (event) =>
      report({ type: 'socket.closed', code: event.code, reason: event.reason })
    // Failures end in a close event too; that is what the machine acts on.
    socket.onerror = () => {}

    receive((command) => {
      token = command.token
      // A socket still opening sends the newest token when it opens.
      if (socket.readyState === Socket.OPEN) sendAuth()
    })

    return () => {
      socket.onopen = null
      socket.onmessage = null
      socket.onclose = null
      socket.onerror = () => {}
      if (socket.readyState === Socket.CONNECTING || socket.readyState === Socket.OPEN) {
        socket.close(1000, 'Client done')
      }
    }
  })
}
