import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export type TestHandler = (request: SeenRequest, response: ServerResponse) => void

/** A real HTTP server on 127.0.0.1 with a swappable handler that records every request. */
export async function startTestServer(initial: TestHandler = sendJson(200, {})) {
  const seen: SeenRequest[] = []
  let handler = initial
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      seen.push(request)
      handler(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    handle(next: TestHandler) {
      handler = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>

export function sendJson(
  status: number,
  body: unknown,
  contentType = 'application/json',
): TestHandler {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': contentType })
    response.end(JSON.stringify(body))
  }
}

export function problem(status: number, title: string, detail?: string) {
  return sendJson(
    status,
    { type: 'about:blank', title, status, ...(detail ? { detail } : {}) },
    'application/problem+json',
  )
}
