import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { type AnyEventObject, createActor, createMachine, sendTo } from 'xstate'
import {
  createLiveSocketActor,
  liveSocketUrl,
  parseLiveServerMessage,
} from '../../../../src/api/live-socket'
import { sampleAppointmentEvent, sampleProfileEvent } from '../../../support/unit/live-harness'

describe('liveSocketUrl', () => {
  it('uses the page origin without a stored domain', () => {
    expect(liveSocketUrl(null, 'https://app.slotwise.test')).toBe(
      'wss://app.slotwise.test/api/v1/live',
    )
    expect(liveSocketUrl(null, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/api/v1/live')
  })

  it('honours the stored domain, as the API client does', () => {
    expect(liveSocketUrl('api.harbor.test', 'https://app.slotwise.test')).toBe(
      'wss://api.harbor.test/api/v1/live',
    )
    expect(liveSocketUrl('http://localhost:9000/', 'https://app.slotwise.test')).toBe(
      'ws://localhost:9000/api/v1/live',
    )
    expect(liveSocketUrl('https://harbor.test/slotwise/', 'http://x.test')).toBe(
      'wss://harbor.test/slotwise/api/v1/live',
    )
  })

  it('falls back to the page origin for a domain that is not an address', () => {
    expect(liveSocketUrl('   ', 'https://app.slotwise.test')).toBe(
      'wss://app.slotwise.test/api/v1/live',
    )
  })
})

describe('parseLiveServerMessage', () => {
  it('reads every kind of server message', () => {
    expect(parseLiveServerMessage('{"type":"ready"}')).toEqual({ type: 'ready' })
    expect(parseLiveServerMessage(JSON.stringify(sampleAppointmentEvent))).toEqual(
      sampleAppointmentEvent,
    )
    expect(parseLiveServerMessage(JSON.stringify(sampleProfileEvent))).toEqual(sampleProfileEvent)
    expect(parseLiveServerMessage('{"type":"error","status":401,"detail":"expired"}')).toEqual({
      type: 'error',
      status: 401,
      detail: 'expired',
    })
  })

  it('ignores what it cannot use', () => {
    expect(parseLiveServerMessage('not json')).toBeNull()
    expect(parseLiveServerMessage('null')).toBeNull()
    expect(parseLiveServerMessage('{"type":"appointment.moved","appointment":{}}')).toBeNull()
    expect(parseLiveServerMessage('{"type":"appointment.created"}')).toBeNull()
    expect(parseLiveServerMessage('{"type":"profile.updated","profile":null}')).toBeNull()
    expect(parseLiveServerMessage('{"type":"error","status":"401"}')).toBeNull()
  })
})

describe('the live socket actor against a real WebSocket server', () => {
  let server: WebSocketServer
  let url: string
  let serverSockets: WebSocket[]
  let received: unknown[]

  beforeEach(async () => {
    serverSockets = []
    received = []
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const address = server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    url = `ws://127.0.0.1:${address.port}/api/v1/live`
    server.on('connection', (socket) => {
      serverSockets.push(socket)
      socket.on('message', (data) => received.push(JSON.parse(data.toString())))
    })
  })

  afterEach(async () => {
    for (const socket of server.clients) socket.terminate()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  /** A parent that runs the socket actor and records what it reports. */
  function startParent(token: string) {
    const reports: AnyEventObject[] = []
    const parent = createMachine({
      invoke: {
        id: 'socket',
        src: createLiveSocketActor({
          url: () => url,
          WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
        }),
        input: { token },
      },
      on: {
        '*': { actions: ({ event }) => reports.push(event) },
        forward: { actions: sendTo('socket', ({ event }) => event.command) },
      },
    })
    const actor = createActor(parent)
    actor.start()
    return { actor, reports }
  }

  async function until(check: () => boolean) {
    const deadline = Date.now() + 3000
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  it('authenticates on open, reports what arrives, and re-authenticates when told', async () => {
    const { actor, reports } = startParent('token-1')
    await until(() => received.length === 1)
    expect(received).toEqual([{ type: 'auth', token: 'token-1' }])

    const socket = serverSockets[0] as WebSocket
    socket.send('{"type":"ready"}')
    socket.send(JSON.stringify(sampleAppointmentEvent))
    socket.send('{"type":"something.new"}')
    socket.send('{"type":"error","status":401,"detail":"expired"}')
    await until(() => reports.length === 3)
    expect(reports).toEqual([
      { type: 'socket.ready' },
      { type: 'socket.eventReceived', event: sampleAppointmentEvent },
      { type: 'socket.errorReceived', status: 401, detail: 'expired' },
    ])

    actor.send({ type: 'forward', command: { type: 'socket.auth', token: 'token-2' } })
    await until(() => received.length === 2)
    expect(received[1]).toEqual({ type: 'auth', token: 'token-2' })

    socket.close(4401, 'expired')
    await until(() => reports.length === 4)
    expect(reports[3]).toEqual({ type: 'socket.closed', code: 4401, reason: 'expired' })
    actor.stop()
  })

  it('closes the socket without reporting when the machine stops it', async () => {
    const { actor, reports } = startParent('token-1')
    await until(() => received.length === 1)
    const socket = serverSockets[0] as WebSocket
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    actor.stop()
    expect(await closed).toBe(1000)
    expect(reports).toEqual([])
  })

  it('reports a connection that never opens as closed', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const { reports } = startParent('token-1')
    await until(() => reports.length === 1)
    expect(reports[0]).toMatchObject({ type: 'socket.closed', code: 1006 })
  })
})
