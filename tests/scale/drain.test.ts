import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  connectionRefused,
  createScaleDatabase,
  get,
  isReady,
  type ServerRun,
  startServer,
  testPorts,
  waitFor,
} from './support/processes.ts'

const GRACE_MS = 2000

let database: Awaited<ReturnType<typeof createScaleDatabase>>
let server: ServerRun
let port: number

beforeAll(async () => {
  database = await createScaleDatabase()
  ;[port = 0] = await testPorts(1)
  server = startServer('server/index.ts', {
    DATABASE_URL: database.url,
    PORT: String(port),
    DRAIN_GRACE_MS: String(GRACE_MS),
  })
  await waitFor('the API process to be ready', () => isReady(port), { output: server.output })
}, 90_000)
afterAll(async () => {
  await server?.stop('SIGKILL')
  await database?.drop()
})

/** A POST whose body is sent in two parts: the request is in flight until `finish`. */
function slowRequest() {
  const body = JSON.stringify({ customer: { name: 'Slow Sender', email: 'slow@example.com' } })
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/public/bookings?business=harbor-street',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  })
  const answer = new Promise<{ status: number; contentType: string }>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume()
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type']),
        }),
      )
    })
    request.on('error', reject)
  })
  request.write(body.slice(0, 10))
  return { answer, finish: () => request.end(body.slice(10)) }
}

describe('SIGTERM', () => {
  it('turns readiness false, serves through the grace, then refuses connections, finishes the request in flight, tells live sockets to reconnect and exits 0', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/live`)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    const slow = slowRequest()
    // The request has reached the server (its handler waits for the rest of the body).
    await new Promise((resolve) => setTimeout(resolve, 300))

    const signalledAt = Date.now()
    server.child.kill('SIGTERM')

    await waitFor('readiness to turn false', async () => !(await isReady(port)), { ms: 5000 })
    const ready = await get(port, '/api/v1/ready')
    expect(ready.status).toBe(503)
    expect(ready.contentType).toContain('application/problem+json')
    // Alive all the while: liveness is not readiness.
    expect((await get(port, '/api/v1/health')).status).toBe(200)

    await waitFor('new connections to be refused', () => connectionRefused(port), {
      ms: 30_000,
      everyMs: 50,
      output: server.output,
    })
    // Not before the grace: the balancer had its time to see readiness turn false.
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 100)
    expect(await socketClosed).toEqual({ code: 1001, reason: 'Server shutting down' })

    // The request sent before SIGTERM is still answered (its body is no booking: 400).
    slow.finish()
    const answer = await slow.answer
    expect(answer.status).toBe(400)
    expect(answer.contentType).toContain('application/problem+json')
    expect(await server.exited).toBe(0)
  })
})
