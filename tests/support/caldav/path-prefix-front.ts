/*
 * A front for a CalDAV server laid out as Nextcloud's is: a web page at `/`, CalDAV under
 * `/remote.php/dav/`, and `/.well-known/caldav` pointing there. A real node:http proxy in front
 * of the test's Radicale (told its prefix with X-Script-Name), so that discovery from the bare
 * server can only succeed through the well-known address (RFC 6764); it can also drop the
 * connection of a chosen request, a server going away in the middle of a sync.
 */

import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

const PREFIX = '/remote.php/dav'

export async function startPathPrefixFront(target: string) {
  let cutOff: ((method: string, body: string) => boolean) | null = null
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/'
    if (path.startsWith('/.well-known/caldav')) {
      outgoing.writeHead(301, { location: `${PREFIX}/` })
      outgoing.end()
      return
    }
    if (!path.startsWith(`${PREFIX}/`)) {
      outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      outgoing.end('<!doctype html><title>Sign in</title>')
      return
    }
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      if (cutOff?.(incoming.method ?? '', body.toString('utf8'))) {
        incoming.socket.destroy()
        return
      }
      const upstream = request(
        new URL(path.slice(PREFIX.length), target),
        { method: incoming.method, headers: { ...incoming.headers, 'x-script-name': PREFIX } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Where the user's calendars are, seen through the front. */
    home: (username: string) => `http://127.0.0.1:${port}${PREFIX}/${username}/`,
    /** From now on, the connection of a request this picks is dropped unanswered (null: none). */
    cutOffWhen(pick: typeof cutOff) {
      cutOff = pick
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
