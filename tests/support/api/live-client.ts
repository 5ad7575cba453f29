import WebSocket from 'ws'
import type { LiveServerMessage } from '../../../server/realtime/live-hub.ts'

/** A real `ws` client on the live-updates socket, with its messages queued for assertions. */
export interface LiveClient {
  socket: WebSocket
  /** Every message received so far, in order. */
  received: LiveServerMessage[]
  /** The next message not yet taken by `next` (waits up to `timeoutMs`). */
  next(timeoutMs?: number): Promise<LiveServerMessage>
  send(message: unknown): void
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>
  close(): Promise<void>
}

export async function openLiveClient(
  url: string,
  options: { autoPong?: boolean } = {},
): Promise<LiveClient> {
  // autoPong: false plays a client whose connection died without a close (no pong comes back).
  const socket = new WebSocket(url, { autoPong: options.autoPong ?? true })
  const received: LiveServerMessage[] = []
  let taken = 0
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as LiveServerMessage)
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })

  async function next(timeoutMs = 5000): Promise<LiveServerMessage> {
    const deadline = Date.now() + timeoutMs
    while (taken >= received.length) {
      const remaining = deadline - Date.now()
      if (remaining <= 0) throw new Error(`No live message within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return received[taken++] as LiveServerMessage
  }

  return {
    socket,
    received,
    next,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    closed,
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) {
        socket.close()
        await closed
      }
    },
  }
}

/** Opens a socket, authenticates with `idToken` and waits for `ready`. */
export async function openAuthenticatedClient(
  url: string,
  idToken: string,
  options: { autoPong?: boolean } = {},
): Promise<LiveClient> {
  const client = await openLiveClient(url, options)
  client.send({ type: 'auth', token: idToken })
  const first = await client.next()
  if (first.type !== 'ready') throw new Error(`Expected ready, got ${JSON.stringify(first)}`)
  return client
}

/** The close code of a socket turned away while the server's LISTEN connection is down. */
export const CLOSE_TRY_AGAIN_LATER = 1013

/**
 * Like openAuthenticatedClient, for a server that may still be recovering its LISTEN
 * connection: a socket closed with 1013 (live updates paused) is opened again, as the app's
 * backoff would, until one gets `ready` or `timeoutMs` passes.
 */
export async function openClientWhenLive(
  url: string,
  idToken: string,
  timeoutMs = 20_000,
): Promise<LiveClient> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const client = await openLiveClient(url)
    client.send({ type: 'auth', token: idToken })
    const first = await Promise.race([
      client.next(timeoutMs).catch(() => null),
      client.closed.then((closed) => ({ closed })),
    ])
    if (first && 'type' in first && first.type === 'ready') return client
    await client.close()
    const pausedNow =
      first !== null && 'closed' in first && first.closed.code === CLOSE_TRY_AGAIN_LATER
    if (!pausedNow || Date.now() > deadline) {
      throw new Error(`No live socket got ready: ${JSON.stringify(first)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
