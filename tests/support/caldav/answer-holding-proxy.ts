/*
 * A proxy in front of the test's Radicale that can hold back the answers to event writes: the
 * PUT reaches the server and is stored, but the writer hears nothing while `holding` is on.
 * A process killed then has written an event it never marked as written, the case a retried
 * write must not duplicate. Held answers are sent when holding stops (to whoever still listens).
 */

import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface AnswerHoldingProxy {
  /** The proxy's address for a URL of the server behind it. */
  via(url: string): string
  /** While true, answers to PUTs are held back after the server stored the event. */
  holding: boolean
  /** PUTs the server stored whose answers are held. */
  held(): number
  release(): void
  stop(): Promise<void>
}

export async function startAnswerHoldingProxy(target: string): Promise<AnswerHoldingProxy> {
  const waiting: (() => void)[] = []
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const reply = () => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        }
        if (proxy.holding && incoming.method === 'PUT') waiting.push(reply)
        else reply()
      },
    )
    upstream.on('error', () => incoming.socket.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const origin = new URL(target).origin
  const proxy: AnswerHoldingProxy = {
    via: (url) => url.replace(origin, base),
    holding: false,
    held: () => waiting.length,
    release: () => {
      proxy.holding = false
      for (const reply of waiting.splice(0)) reply()
    },
    stop: () =>
      new Promise<void>((resolve) => {
        proxy.release()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return proxy
}
