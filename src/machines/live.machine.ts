import { assign, fromCallback, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate'
import type {
  LiveEvent,
  LiveProfileEvent,
  LiveSocketCommand,
  LiveSocketReport,
} from '../api/live-socket'

export type LiveMachineEvent =
  /** Signed in: connect (and keep reconnecting) until `live.stop`. */
  | { type: 'live.start' }
  /** Signed out: close the socket and stop trying. */
  | { type: 'live.stop' }
  /** The provider refreshed the ID token; an open socket re-authenticates with it. */
  | { type: 'live.tokenChanged'; token: string }
  /** The browser is back online: skip the rest of the wait. */
  | { type: 'live.retryNow' }
  | LiveSocketReport

export interface LiveContext {
  /** Failed connections since the last `ready`; sets the next wait. */
  attempt: number
  /** The server refused the last token (4401): force a refresh before reconnecting. */
  forceRefresh: boolean
  token: string | null
  /** The last LiveError was a 401 (the close code may be lost on the way). */
  refused: boolean
  /** The last LiveError was a 403: this user's access to the business was removed. */
  denied: boolean
  /** Was live at least once since the start, so a new connection is a reconnect. */
  wasLive: boolean
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline'

export const BACKOFF_BASE_MS = 1000
export const BACKOFF_MAX_MS = 30_000
/** Close code of a refused or expired token (the LiveError's 401). */
export const CLOSE_UNAUTHORIZED = 4401
/** Close code of a user whose access to the business was removed (the LiveError's 403). */
export const CLOSE_FORBIDDEN = 4403

/**
 * The wait before reconnect number `attempt + 1`: 1 s, 2 s, 4 s … capped at 30 s, each
 * shortened by up to a fifth at random (`random` in [0, 1)) so that many browsers dropped at
 * once by a restarting server do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS)
  return Math.round(base * (1 - 0.2 * random))
}

const initialContext: LiveContext = {
  attempt: 0,
  forceRefresh: false,
  token: null,
  refused: false,
  denied: false,
  wasLive: false,
}

/**
 * The live-updates connection: fetch a token, open the socket (an injected callback actor),
 * authenticate, then deliver pushed events until the socket closes; then wait with
 * exponential backoff and connect again. After a 401 the next token is force-refreshed; after
 * a 403 (access removed) it stops: another attempt would only be refused again.
 */
export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveMachineEvent,
  },
  actors: {
    getToken: fromPromise<string, { forceRefresh: boolean }>(async () => {
      throw new Error('provided by the app')
    }),
    socket: fromCallback<LiveSocketCommand, { token: string }>(() => () => {}),
  },
  actions: {
    /** Hands an event to the screens that listen (calendar, dashboard). */
    deliverEvent: (_, _params: { event: LiveEvent }) => {},
    /** Gives a pushed profile to the auth machine (`auth.profileReceived`). */
    receiveProfile: (_, _params: { profile: LiveProfileEvent['profile'] }) => {},
  },
  delays: {
    backoff: ({ context }) => backoffDelay(context.attempt, Math.random()),
  },
  guards: {
    isProfileEvent: ({ event }) =>
      event.type === 'socket.eventReceived' && event.event.type === 'profile.updated',
    wasRefused: ({ context, event }) =>
      context.refused || (event.type === 'socket.closed' && event.code === CLOSE_UNAUTHORIZED),
    wasDenied: ({ context, event }) =>
      context.denied || (event.type === 'socket.closed' && event.code === CLOSE_FORBIDDEN),
  },
}).createMachine({
  id: 'live',
  context: initialContext,
  initial: 'idle',
  on: {
    'live.stop': { target: '.stopped', actions: assign(() => initialContext) },
  },
  states: {
    idle: {
      on: { 'live.start': 'connecting' },
    },
    connecting: {
      invoke: {
        id: 'getToken',
        src: 'getToken',
        input: ({ context }) => ({ forceRefresh: context.forceRefresh }),
        onDone: {
          target: 'session',
          actions: assign({ token: ({ event }) => event.output, refused: false }),
        },
        onError: 'waiting',
      },
    },
    session: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({ token: context.token ?? '' }),
      },
      initial: 'authenticating',
      on: {
        'socket.errorReceived': {
          actions: assign({
            refused: ({ event }) => event.status === 401,
            denied: ({ event }) => event.status === 403,
          }),
        },
        'socket.closed': [
          { guard: 'wasDenied', target: 'denied' },
          { guard: 'wasRefused', target: 'waiting', actions: assign({ forceRefresh: true }) },
          { target: 'waiting' },
        ],
        'live.tokenChanged': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            sendTo('socket', ({ event }) => ({ type: 'socket.auth' as const, token: event.token })),
          ],
        },
      },
      states: {
        authenticating: {
          on: {
            'socket.ready': {
              target: 'live',
              actions: assign({ attempt: 0, forceRefresh: false, wasLive: true }),
            },
          },
        },
        live: {
          on: {
            'socket.eventReceived': [
              {
                guard: 'isProfileEvent',
                actions: [
                  { type: 'deliverEvent', params: ({ event }) => ({ event: event.event }) },
                  {
                    type: 'receiveProfile',
                    params: ({ event }) => ({
                      profile: (event.event as LiveProfileEvent).profile,
                    }),
                  },
                ],
              },
              {
                actions: { type: 'deliverEvent', params: ({ event }) => ({ event: event.event }) },
              },
            ],
          },
        },
      },
    },
    waiting: {
      after: {
        backoff: {
          target: 'connecting',
          actions: assign({ attempt: ({ context }) => context.attempt + 1 }),
        },
      },
      on: {
        'live.retryNow': {
          target: 'connecting',
          actions: assign({ attempt: ({ context }) => context.attempt + 1 }),
        },
      },
    },
    stopped: {
      on: { 'live.start': 'connecting' },
    },
    /** Access removed: no more attempts until the app starts the connection again. */
    denied: {
      on: { 'live.start': { target: 'connecting', actions: assign(() => initialContext) } },
    },
  },
})

export type LiveSnapshot = SnapshotFrom<typeof liveMachine>

/** What a small indicator shows: first connection, live, trying again, or not connected. */
export function liveStatusOf(snapshot: LiveSnapshot): LiveStatus {
  if (snapshot.matches({ session: 'live' })) return 'live'
  if (snapshot.matches('idle') || snapshot.matches('stopped') || snapshot.matches('denied')) {
    return 'offline'
  }
  if (snapshot.matches('waiting')) return 'reconnecting'
  return snapshot.context.wasLive || snapshot.context.attempt > 0 ? 'reconnecting' : 'connecting'
}
