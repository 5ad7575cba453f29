import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type HaproxyRun, startHaproxy } from '../support/scale/haproxy.ts'
import {
  connectionRefused,
  createScaleDatabase,
  get,
  isReady,
  type ServerRun,
  startServer,
  testPorts,
  waitFor,
} from '../support/scale/processes.ts'

// `npm run start:prod` with 2 API processes on PostgreSQL behind deploy/haproxy.cfg itself.
// The grace is long enough to see readiness turn false on a loaded machine.
const GRACE_MS = 5000
let database: Awaited<ReturnType<typeof createScaleDatabase>>
let supervisor: ServerRun
let haproxy: HaproxyRun
let apiPorts: [number, number]
let lbPort: number

beforeAll(async () => {
  database = await createScaleDatabase()
  const [api1 = 0, api2 = 0, lb = 0, stats = 0] = await testPorts(4)
  apiPorts = [api1, api2]
  lbPort = lb
  supervisor = startServer('server/supervisor.ts', {
    DATABASE_URL: database.url,
    API_PROCESSES: '2',
    PORT: String(api1),
    TRUST_PROXY: '1',
    DRAIN_GRACE_MS: String(GRACE_MS),
    PUBLIC_WRITES_PER_MINUTE: '3',
  })
  for (const port of apiPorts) {
    await waitFor(`API process on ${port}`, () => isReady(port), { output: supervisor.output })
  }
  haproxy = await startHaproxy({ port: lb, statsPort: stats, apiPorts })
  await waitFor('HAProxy to see both processes up', async () => {
    const servers = await haproxy.servers()
    return servers.get('api1')?.status === 'UP' && servers.get('api2')?.status === 'UP'
  })
}, 180_000)
afterAll(async () => {
  await haproxy?.stop()
  await supervisor?.stop('SIGINT')
  await database?.drop()
})

/** The pid of the API process on `index` the supervisor started last. */
function pidOf(index: number): number {
  const starts = supervisor
    .output()
    .split('\n')
    .filter((line) => line.includes('"API process started"'))
    .map((line) => JSON.parse(line) as { index: number; pid: number })
    .filter((start) => start.index === index)
  const pid = starts.at(-1)?.pid
  if (!pid) throw new Error(`No API process ${index} in:\n${supervisor.output()}`)
  return pid
}

function supervisorLines(message: string, index: number) {
  return supervisor
    .output()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${message}"`))
    .map((line) => JSON.parse(line) as { index: number; code?: number; signal?: string | null })
    .filter((line) => line.index === index)
}
const startsOf = (index: number) => supervisorLines('API process started', index).length
const exitsOf = (index: number) =>
  supervisorLines('API process exited; restarting', index).map(({ code, signal }) => ({
    code,
    signal,
  }))

/** A POST whose body is sent in two parts: the request is in flight until `finish`. */
function slowRequest(port: number) {
  const body = JSON.stringify({ customer: { name: 'Slow Sender', email: 'slow@example.com' } })
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/public/bookings?business=nobody',
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

describe('HAProxy in front of two API processes', () => {
  it('spreads requests over both', async () => {
    const before = await haproxy.servers()
    for (let i = 0; i < 10; i++) expect((await get(lbPort, '/api/v1/health')).status).toBe(200)
    const after = await haproxy.servers()
    for (const name of ['api1', 'api2']) {
      expect(after.get(name)?.requests ?? 0).toBeGreaterThan(before.get(name)?.requests ?? 0)
    }
  })

  it('limits writes per real client address, across both processes, whatever X-Forwarded-For says', async () => {
    // Clients on two loopback addresses; HAProxy forwards each one's, the API trusts 1 hop.
    const post = (localAddress: string, spoofed: string) =>
      get(lbPort, '/api/v1/public/bookings?business=nobody', {
        method: 'POST',
        localAddress,
        headers: { 'x-forwarded-for': spoofed, 'content-type': 'application/json' },
      })
    // Three allowed (no body: 400), spread over both processes by the balancer …
    for (let i = 1; i <= 3; i++)
      expect((await post('127.0.0.2', `198.51.100.${i}`)).status).toBe(400)
    // … then refused on either, though each claims another address.
    for (let i = 4; i <= 5; i++) {
      const refused = await post('127.0.0.2', `198.51.100.${i}`)
      expect(refused.status).toBe(429)
      expect(refused.contentType).toContain('application/problem+json')
    }
    expect((await post('127.0.0.3', '198.51.100.1')).status).toBe(400)
  })

  it('carries the live-updates WebSocket', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${lbPort}/api/v1/live`)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    socket.send('not the auth message')
    // The server read it and answered with its close code for a bad message.
    expect(await closed).toBe(4400)
  })

  it('drains a process on SIGTERM without failing a request through the balancer; the supervisor starts it again; a killed one is taken out too', async () => {
    const [port] = apiPorts
    const status = async (name: string) => (await haproxy.servers()).get(name)?.status ?? ''

    // Requests through the balancer all along, one after another.
    const failures: string[] = []
    let sent = 0
    let flowing = true
    const traffic = (async () => {
      while (flowing) {
        const answer = await get(lbPort, '/api/v1/health').catch((error: Error) => ({
          status: 0,
          body: error.message,
        }))
        sent += 1
        if (answer.status !== 200) failures.push(`${answer.status} ${answer.body}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    })()

    // Straight to process 1: a live socket, and a request in flight (half its body sent).
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/live`)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    const slow = slowRequest(port)
    await new Promise((resolve) => setTimeout(resolve, 300))

    // A rolling restart of process 1: SIGTERM to it alone.
    const startsBefore = startsOf(0)
    const signalledAt = Date.now()
    process.kill(pidOf(0), 'SIGTERM')

    await waitFor(
      'readiness to turn false',
      async () => (await get(port, '/api/v1/ready')).status === 503,
      { ms: GRACE_MS - 500 },
    )
    const ready = await get(port, '/api/v1/ready')
    expect(ready.status).toBe(503)
    expect(ready.contentType).toContain('application/problem+json')
    // Alive all the while: liveness is not readiness.
    expect((await get(port, '/api/v1/health')).status).toBe(200)
    await waitFor('HAProxy to take process 1 out', async () =>
      (await status('api1')).startsWith('DOWN'),
    )

    await waitFor('new connections to be refused', () => connectionRefused(port), {
      everyMs: 50,
      output: supervisor.output,
    })
    // Not before the grace: the balancer had its time to see readiness turn false.
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 100)
    expect(await socketClosed).toEqual({ code: 1001, reason: 'Server shutting down' })

    // The request sent before SIGTERM is still answered (its body is no booking: 400).
    slow.finish()
    const answer = await slow.answer
    expect(answer.status).toBe(400)
    expect(answer.contentType).toContain('application/problem+json')
    await waitFor('process 1 to exit', async () => exitsOf(0).length > 0, {
      output: supervisor.output,
    })
    expect(exitsOf(0)).toEqual([{ code: 0, signal: null }])

    await waitFor(
      'the supervisor to start process 1 again and HAProxy to take it back',
      async () => startsOf(0) > startsBefore && (await status('api1')) === 'UP',
      { output: supervisor.output },
    )

    // Process 2 dies outright.
    process.kill(pidOf(1), 'SIGKILL')
    await waitFor('HAProxy to take process 2 out', async () =>
      (await status('api2')).startsWith('DOWN'),
    )
    const sentWhenDown = sent
    await waitFor('more requests', async () => sent >= sentWhenDown + 10)

    flowing = false
    await traffic
    expect(sent).toBeGreaterThan(30)
    expect(failures).toEqual([])
  })
})
