import { createServer, type Server, Socket } from 'node:net'

/**
 * A TCP relay in front of the local Stripe service: `down()` cuts every connection and refuses
 * new ones, as a Stripe outage looks to the SDK; `up()` lets them through again; `slow(ms)`
 * holds every request that long on its way to Stripe, so a test can make another request
 * arrive while one is with Stripe.
 */
export interface Relay {
  url: string
  down(): void
  up(): void
  slow(ms: number): void
  close(): Promise<void>
}

export async function startRelay(target: URL): Promise<Relay> {
  let isDown = false
  let latencyMs = 0
  const open = new Set<Socket>()
  const server: Server = createServer((client) => {
    if (isDown) {
      client.destroy()
      return
    }
    const upstream = new Socket()
    upstream.connect(Number(target.port), target.hostname)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    // Every chunk waits the same time, so they reach Stripe in order.
    client.on('data', (chunk) => {
      if (latencyMs === 0) upstream.write(chunk)
      else setTimeout(() => upstream.writable && upstream.write(chunk), latencyMs)
    })
    client.on('end', () => {
      if (latencyMs === 0) upstream.end()
      else setTimeout(() => upstream.end(), latencyMs)
    })
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The relay has no port.')
  return {
    url: `http://127.0.0.1:${address.port}`,
    down() {
      isDown = true
      for (const socket of open) socket.destroy()
    },
    up() {
      isDown = false
    },
    slow(ms) {
      latencyMs = ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
