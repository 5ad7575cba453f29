import websocket from '@fastify/websocket'
import fp from 'fastify-plugin'
import type { ServerParts } from '../composition-root.ts'
import { loadAppointment } from '../db/read-models/appointment-views.ts'
import { HttpProblem } from '../http/problem.ts'
import { createLiveDispatcher } from '../realtime/live-dispatcher.ts'
import { LIVE_CHANNEL } from '../realtime/live-events.ts'
import { createLiveHub } from '../realtime/live-hub.ts'
import { LIVE_CLOSE, startLiveSession } from '../realtime/live-socket-session.ts'

export const LIVE_PATH = '/api/v1/live'

export interface LiveUpdatesOptions {
  /** How long a new socket may take to send its `auth` message (default 10 s). */
  authTimeoutMs?: number
  /** Keep-alive ping interval (default 30 s). */
  pingIntervalMs?: number
}

// Grace for clients to answer the close frame at shutdown before their sockets are cut.
const SHUTDOWN_GRACE_MS = 1000

const PAUSED = 'Live updates are paused: the database connection was lost. Reconnect shortly.'

/**
 * `GET /api/v1/live`: the live-updates WebSocket (documented in the contract's `appointments`
 * tag and Live* schemas, outside the OpenAPI routes). Every API process LISTENs on the
 * database's live channel and pushes each committed change to its own sockets of that
 * business, so several processes on one PostgreSQL all deliver every event.
 * Needs the `auth` plugin.
 */
export const liveUpdatesPlugin = fp<
  LiveUpdatesOptions & {
    parts: Pick<ServerParts, 'database' | 'members' | 'profiles' | 'readCache'>
  }
>(
  async (app, options) => {
    const { database, members, profiles } = options.parts
    const hub = createLiveHub()
    const dispatcher = createLiveDispatcher({
      hub,
      loadAppointment: (tenantId, id) => loadAppointment(database.db, tenantId, id),
      loadProfile: (identity) => profiles.getOrCreateProfile(identity),
      log: app.log,
    })
    // While the LISTEN connection is down (PostgreSQL restarting), notifications are lost: no
    // socket may look live then. Open ones are closed with "try again later" and new ones are
    // turned away, so each browser reconnects with backoff and, once `ready` comes again,
    // refetches what it shows (the app does on every reconnect) and misses nothing. The public
    // read cache shares this LISTEN connection: its invalidations arrive on the same channel, it
    // stops trusting itself while the connection is lost, and its round trips go through it
    // (see server/db/read-cache.ts).
    const cache = options.parts.readCache
    let listening = true
    const pauseAll = (reason: string) => {
      for (const socket of app.websocketServer?.clients ?? []) {
        socket.close(LIVE_CLOSE.tryAgainLater, reason)
      }
    }
    const unlisten = await database.listen(
      LIVE_CHANNEL,
      (payload) => {
        if (!cache.receive(payload)) void dispatcher.handle(payload)
      },
      {
        onConnectionLost: (error) => {
          listening = false
          cache.connectionLost()
          app.log.warn({ err: error }, 'live listener lost its connection; reconnecting')
          pauseAll(PAUSED)
        },
        onReconnectFailed: (error) =>
          app.log.warn({ err: error }, 'live listener could not reconnect yet; trying again'),
        onReconnected: () => {
          listening = true
          cache.reconnected()
          app.log.info('live listener is listening again')
        },
      },
    )
    cache.attach(unlisten.sync)

    // Before @fastify/websocket's own preClose: say why, with a code clients reconnect on.
    app.addHook('preClose', async () => {
      const clients = [...app.websocketServer.clients]
      for (const socket of clients) socket.close(LIVE_CLOSE.goingAway, 'Server shutting down')
      const closed = Promise.all(
        clients.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === socket.CLOSED) resolve()
              else socket.once('close', () => resolve())
            }),
        ),
      )
      const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())
      await Promise.race([closed, grace])
      for (const socket of clients) socket.terminate()
    })
    app.addHook('onClose', async () => {
      cache.detach()
      // The caller closes the database after the app, but may have closed it already.
      await unlisten().catch(() => {})
      await dispatcher.idle()
    })

    await app.register(websocket, {
      options: { maxPayload: 64 * 1024 },
      // An abrupt disconnect is routine for a browser tab; no error log for it.
      errorHandler: (_error, socket) => socket.terminate(),
    })

    app.route({
      method: 'GET',
      url: LIVE_PATH,
      // A plain GET (no upgrade) learns what this address is, as problem+json like any error.
      handler: async () => {
        throw new HttpProblem(
          426,
          'This is the live-updates WebSocket: connect with a WebSocket client (Upgrade: websocket).',
          { headers: { upgrade: 'websocket' } },
        )
      },
      wsHandler: (socket) => {
        if (!listening) {
          socket.close(LIVE_CLOSE.tryAgainLater, PAUSED)
          return
        }
        startLiveSession(socket, {
          hub,
          verifyToken: (token) => app.verifyToken(token),
          resolveMember: (identity) => members.resolve(identity),
          log: app.log,
          authTimeoutMs: options.authTimeoutMs,
          pingIntervalMs: options.pingIntervalMs,
        })
      },
    })
  },
  { name: 'live-updates', dependencies: ['auth'] },
)
