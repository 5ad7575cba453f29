import type { FastifyBaseLogger } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import type { Identity } from '../domain/identity.ts'
import type { Member } from '../domain/member.ts'
import { Refusal } from '../domain/refusal.ts'
import type { LiveConnection, LiveHub, LiveServerMessage } from './live-hub.ts'

/** Close codes of the live socket; 4xxx mirror the HTTP status the LiveError carries. */
export const LIVE_CLOSE = {
  badMessage: 4400,
  unauthorized: 4401,
  /** The user's access to the business was removed. */
  forbidden: 4403,
  goingAway: 1001,
  serverError: 1011,
  tryAgainLater: 1013,
} as const

export interface LiveSessionDeps {
  hub: LiveHub
  /** Throws a Refusal (unauthenticated, unavailable) when the token is not accepted. */
  verifyToken(token: string): Promise<Identity>
  resolveMember(identity: Identity): Promise<Member>
  log: FastifyBaseLogger
  /** How long a new socket may stay silent before its first `auth`. */
  authTimeoutMs?: number
  /** Ping interval; a socket that has not answered the previous ping by then is dropped. */
  pingIntervalMs?: number
  /** A slow reader's socket is dropped once this much is queued for it. */
  maxBufferedBytes?: number
}

// setTimeout fires at once for delays above 2^31 - 1 ms.
const MAX_TIMER_MS = 2_147_483_647

/**
 * Runs the protocol of one live-updates socket: the first message must be
 * `{type: 'auth', token}` within the deadline; every later `auth` replaces the token. Once a
 * token is verified and its member resolved, the socket joins its business in the hub and gets
 * `ready`. When the token expires without a fresh one, or a token is refused, the socket gets a
 * LiveError 401 and is closed with 4401; when the user has no access (any more) it gets 403 and
 * 4403; a malformed message gets 400 and 4400.
 */
export function startLiveSession(socket: WebSocket, deps: LiveSessionDeps): void {
  const authTimeoutMs = deps.authTimeoutMs ?? 10_000
  const pingIntervalMs = deps.pingIntervalMs ?? 30_000
  const maxBufferedBytes = deps.maxBufferedBytes ?? 1024 * 1024
  let connection: LiveConnection | null = null
  let closed = false
  let expiryTimer: NodeJS.Timeout | undefined
  // Messages are handled one at a time, so a re-auth never overtakes the previous one.
  let queue: Promise<void> = Promise.resolve()

  const send = (message: LiveServerMessage) => {
    if (closed || socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > maxBufferedBytes) {
      deps.log.warn('live socket dropped: it reads too slowly')
      socket.terminate()
      return
    }
    try {
      socket.send(JSON.stringify(message), (error) => {
        if (error) socket.terminate()
      })
    } catch {
      socket.terminate()
    }
  }

  const close = (status: number, detail: string, code: number) => {
    if (closed) return
    send({ type: 'error', status, detail })
    closed = true
    cleanUp()
    socket.close(code, detail.slice(0, 120))
  }

  const authDeadline = setTimeout(
    () =>
      close(
        401,
        `Send {"type":"auth","token":"<ID token>"} within ${authTimeoutMs / 1000} seconds.`,
        LIVE_CLOSE.unauthorized,
      ),
    authTimeoutMs,
  )

  let answeredPing = true
  socket.on('pong', () => {
    answeredPing = true
  })
  const pinger = setInterval(() => {
    // Also keeps proxies from dropping a quiet socket.
    if (!answeredPing) {
      socket.terminate()
      return
    }
    answeredPing = false
    socket.ping()
  }, pingIntervalMs)

  function cleanUp() {
    clearTimeout(authDeadline)
    clearTimeout(expiryTimer)
    clearInterval(pinger)
    if (connection) deps.hub.leave(connection)
  }

  socket.on('close', () => {
    closed = true
    cleanUp()
  })

  socket.on('message', (data, isBinary) => {
    queue = queue.then(() => handle(data, isBinary))
  })

  async function handle(data: RawData, isBinary: boolean): Promise<void> {
    if (closed) return
    const token = isBinary ? null : authToken(data)
    if (token === null) {
      close(
        400,
        'Expected a JSON message {"type":"auth","token":"<ID token>"} and nothing else.',
        LIVE_CLOSE.badMessage,
      )
      return
    }
    let identity: Identity
    let member: Member
    try {
      identity = await deps.verifyToken(token)
      member = await deps.resolveMember(identity)
    } catch (error) {
      refuse(error)
      return
    }
    if (closed) return
    clearTimeout(authDeadline)
    scheduleExpiry(token)
    if (connection) {
      connection.identity = identity
    } else {
      connection = {
        identity,
        send,
        end: (status, detail) =>
          close(status, detail, status === 403 ? LIVE_CLOSE.forbidden : LIVE_CLOSE.unauthorized),
      }
    }
    deps.hub.join(connection, member.tenantId)
    // Access removed while this socket was being resolved was announced before it joined, so
    // the announcement missed it; a second look after joining closes that gap (anything later
    // reaches the socket through the hub).
    try {
      member = await deps.resolveMember(identity)
    } catch (error) {
      refuse(error)
      return
    }
    if (closed) return
    deps.hub.join(connection, member.tenantId)
    send({ type: 'ready' })
  }

  function refuse(error: unknown) {
    const kind = error instanceof Refusal ? error.kind : undefined
    if (kind === 'unauthenticated') {
      close(401, (error as Error).message, LIVE_CLOSE.unauthorized)
    } else if (kind === 'forbidden') {
      close(403, (error as Error).message, LIVE_CLOSE.forbidden)
    } else if (kind === 'unavailable') {
      close(503, (error as Error).message, LIVE_CLOSE.tryAgainLater)
    } else {
      deps.log.error({ err: error }, 'live socket authentication failed')
      close(500, 'Something went wrong on our side; reconnect shortly.', LIVE_CLOSE.serverError)
    }
  }

  function scheduleExpiry(token: string) {
    clearTimeout(expiryTimer)
    const expiresAt = tokenExpiry(token)
    if (expiresAt === null) return
    expiryTimer = setTimeout(
      () =>
        close(
          401,
          'The ID token expired; send a fresh one before it does.',
          LIVE_CLOSE.unauthorized,
        ),
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
    )
  }
}

/** The token of a well-formed `auth` message (the contract's LiveClientMessage), else null. */
export function authToken(data: RawData): string | null {
  let message: unknown
  try {
    message = JSON.parse(rawText(data))
  } catch {
    return null
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null
  const { type, token, ...rest } = message as Record<string, unknown>
  if (type !== 'auth' || typeof token !== 'string' || token === '') return null
  return Object.keys(rest).length === 0 ? token : null
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

/**
 * When an already verified token expires (its `exp` claim, in ms), or null when it has none.
 * Only called after verification, so reading the claim without checking the signature is safe.
 */
function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const exp = (claims as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : null
  } catch {
    return null
  }
}
