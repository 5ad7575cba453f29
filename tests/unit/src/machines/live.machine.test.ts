import { describe, expect, it } from 'vitest'
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  CLOSE_UNAUTHORIZED,
  liveStatusOf,
} from '../../../../src/machines/live.machine'
import {
  createLiveHarness,
  sampleAppointmentEvent,
  sampleProfileEvent,
} from '../../../support/unit/live-harness'

/** A started harness that is live on its first socket with token `token-1`. */
async function liveHarness() {
  const harness = createLiveHarness()
  harness.actor.start()
  harness.actor.send({ type: 'live.start' })
  await harness.giveToken('token-1')
  harness.socket?.report({ type: 'socket.ready' })
  return harness
}

const status = (harness: ReturnType<typeof createLiveHarness>) =>
  liveStatusOf(harness.actor.getSnapshot())

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => backoffDelay(attempt, 0))
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000])
    expect(backoffDelay(50, 0)).toBe(BACKOFF_MAX_MS)
  })

  it('takes off up to a fifth at random, never more and never adding', () => {
    expect(backoffDelay(0, 0.5)).toBe(900)
    expect(backoffDelay(2, 0.999_999)).toBe(3200)
    for (let attempt = 0; attempt < 10; attempt++) {
      for (const random of [0, 0.25, 0.5, 0.75, 0.999]) {
        const base = backoffDelay(attempt, 0)
        expect(backoffDelay(attempt, random)).toBeGreaterThanOrEqual(base * 0.8)
        expect(backoffDelay(attempt, random)).toBeLessThanOrEqual(base)
      }
    }
  })
})

describe('live machine', () => {
  it('stays offline until started', () => {
    const harness = createLiveHarness()
    harness.actor.start()
    expect(status(harness)).toBe('offline')
    expect(harness.tokenRequests).toEqual([])
  })

  it('gets a token, opens the socket with it and is live after ready', async () => {
    const harness = createLiveHarness()
    harness.actor.start()
    harness.actor.send({ type: 'live.start' })
    expect(status(harness)).toBe('connecting')
    expect(harness.tokenRequests).toEqual([{ forceRefresh: false }])

    await harness.giveToken('token-1')
    expect(harness.socket?.token).toBe('token-1')
    expect(harness.actor.getSnapshot().matches({ session: 'authenticating' })).toBe(true)
    expect(status(harness)).toBe('connecting')

    harness.socket?.report({ type: 'socket.ready' })
    expect(status(harness)).toBe('live')
  })

  it('delivers pushed events to the listeners, and a pushed profile to the auth machine too', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.eventReceived', event: sampleAppointmentEvent })
    harness.socket?.report({ type: 'socket.eventReceived', event: sampleProfileEvent })

    expect(harness.delivered).toEqual([sampleAppointmentEvent, sampleProfileEvent])
    expect(harness.profiles).toEqual([sampleProfileEvent.profile])
  })

  it('sends a refreshed token to the open socket', async () => {
    const harness = await liveHarness()
    harness.actor.send({ type: 'live.tokenChanged', token: 'token-2' })
    expect(harness.socket?.commands).toEqual([{ type: 'socket.auth', token: 'token-2' }])
    expect(harness.actor.getSnapshot().context.token).toBe('token-2')
  })

  it('waits 1 s, 2 s, 4 s … up to 30 s between failed attempts', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    expect(status(harness)).toBe('reconnecting')

    const waits: number[] = []
    for (let attempt = 0; attempt < 7; attempt++) {
      const asked = harness.tokenRequests.length
      // Just short of the wait nothing happens; at the wait it connects again.
      const expected = backoffDelay(attempt, 0)
      harness.clock.increment(expected - 1)
      expect(harness.tokenRequests).toHaveLength(asked)
      harness.clock.increment(1)
      expect(harness.tokenRequests).toHaveLength(asked + 1)
      waits.push(expected)
      await harness.giveToken(`token-${attempt + 2}`)
      expect(status(harness)).toBe('reconnecting')
      harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
  })

  it('starts again from 1 s after a successful ready', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    harness.clock.increment(1000)
    await harness.giveToken('token-2')
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    harness.clock.increment(2000)
    await harness.giveToken('token-3')
    harness.socket?.report({ type: 'socket.ready' })
    expect(harness.actor.getSnapshot().context.attempt).toBe(0)

    harness.socket?.report({ type: 'socket.closed', code: 1001, reason: 'Server shutting down' })
    const asked = harness.tokenRequests.length
    harness.clock.increment(1000)
    expect(harness.tokenRequests).toHaveLength(asked + 1)
  })

  it('forces a token refresh after the server closes with 4401', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.errorReceived', status: 401, detail: 'expired' })
    harness.socket?.report({ type: 'socket.closed', code: CLOSE_UNAUTHORIZED, reason: 'expired' })
    harness.clock.increment(1000)
    expect(harness.tokenRequests.at(-1)).toEqual({ forceRefresh: true })

    await harness.giveToken('token-fresh')
    harness.socket?.report({ type: 'socket.ready' })
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    harness.clock.increment(1000)
    expect(harness.tokenRequests.at(-1)).toEqual({ forceRefresh: false })
  })

  it('forces a refresh after a LiveError 401 even when the close code is lost', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.errorReceived', status: 401, detail: 'expired' })
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    harness.clock.increment(1000)
    expect(harness.tokenRequests.at(-1)).toEqual({ forceRefresh: true })
  })

  it('does not force a refresh for other errors', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.errorReceived', status: 503, detail: 'later' })
    harness.socket?.report({ type: 'socket.closed', code: 1013, reason: 'later' })
    harness.clock.increment(1000)
    expect(harness.tokenRequests.at(-1)).toEqual({ forceRefresh: false })
  })

  it('waits and tries again when no token can be had', async () => {
    const harness = createLiveHarness()
    harness.actor.start()
    harness.actor.send({ type: 'live.start' })
    await harness.refuseToken()
    expect(harness.sockets).toHaveLength(0)
    expect(status(harness)).toBe('reconnecting')
    harness.clock.increment(1000)
    expect(harness.tokenRequests).toHaveLength(2)
  })

  it('skips the rest of the wait when the browser is back online', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    harness.actor.send({ type: 'live.retryNow' })
    expect(harness.tokenRequests).toHaveLength(2)
  })

  it('closes the socket and stops trying on sign-out, and starts over on the next sign-in', async () => {
    const harness = await liveHarness()
    const first = harness.socket
    harness.actor.send({ type: 'live.stop' })
    expect(first?.closedByMachine).toBe(true)
    expect(status(harness)).toBe('offline')
    harness.clock.increment(60_000)
    expect(harness.tokenRequests).toHaveLength(1)

    harness.actor.send({ type: 'live.start' })
    expect(status(harness)).toBe('connecting')
    await harness.giveToken('token-bob')
    expect(harness.socket?.token).toBe('token-bob')
  })

  it('stops waiting on sign-out', async () => {
    const harness = await liveHarness()
    harness.socket?.report({ type: 'socket.closed', code: 1006, reason: '' })
    harness.actor.send({ type: 'live.stop' })
    harness.clock.increment(60_000)
    expect(harness.tokenRequests).toHaveLength(1)
    expect(status(harness)).toBe('offline')
  })
})
