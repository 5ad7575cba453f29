/**
 * Model-based test of the live-updates machine. Paths come from the machine's own graph
 * (`xstate/graph`): the shortest path to every reachable state, plus one path through every
 * edge. Each path is replayed on a fresh actor whose effects are fakes (see live-harness): a
 * token request the test settles, a fake socket actor that reports `socket.*` events as the
 * real one would, and a simulated clock for the backoff. After every step the live actor must
 * be where the graph says, and the fakes must agree with it: a socket is open exactly while in
 * `session`, opened with the context's token, told about refreshed tokens, closed on leaving;
 * a token is asked for exactly while `connecting`; pushed events reach the listeners only when
 * live, and profiles reach the auth machine.
 *
 * Coverage is measured on the live actors (inspected microsteps); the last test fails if any
 * state or transition of the machine was never exercised.
 */
import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import type { StatePath, TraversalOptions } from 'xstate/graph'
import {
  backoffDelay,
  CLOSE_UNAUTHORIZED,
  type LiveMachineEvent,
  type LiveSnapshot,
  liveMachine,
  liveStatusOf,
} from '../../src/machines/live.machine'
import {
  createLiveHarness,
  sampleAppointmentEvent,
  sampleProfileEvent,
} from '../unit/support/live-harness'
import { createGraphCoverage } from './support/graph-coverage'
import { graphPaths } from './support/graph-paths'

type ModelEvent = LiveMachineEvent | (EventObject & { output?: unknown; error?: unknown })
type ModelPath = StatePath<LiveSnapshot, ModelEvent>

/** Failed attempts the model makes in a row; more only lengthen the waits. */
const MAX_ATTEMPTS = 2
const AFTER_BACKOFF = 'xstate.after.backoff.live.waiting'

const sampleEvents: ModelEvent[] = [
  { type: 'live.start' },
  { type: 'live.stop' },
  { type: 'live.tokenChanged', token: 'token-2' },
  { type: 'live.retryNow' },
  { type: 'xstate.done.actor.getToken', output: 'token-1' },
  { type: 'xstate.error.actor.getToken', error: new Error('no token') },
  { type: 'socket.ready' },
  { type: 'socket.eventReceived', event: sampleAppointmentEvent },
  { type: 'socket.eventReceived', event: sampleProfileEvent },
  { type: 'socket.errorReceived', status: 401, detail: 'The ID token expired' },
  { type: 'socket.errorReceived', status: 503, detail: 'Try again shortly' },
  { type: 'socket.closed', code: CLOSE_UNAUTHORIZED, reason: 'expired' },
  { type: 'socket.closed', code: 1006, reason: '' },
  { type: AFTER_BACKOFF },
]

function observe(snapshot: LiveSnapshot) {
  return { value: snapshot.value, ...snapshot.context, status: liveStatusOf(snapshot) }
}

const traversal = {
  events: (snapshot: LiveSnapshot) =>
    sampleEvents.filter((event) => {
      if (!snapshot.can(event as LiveMachineEvent)) return false
      const retry = event.type === AFTER_BACKOFF || event.type === 'live.retryNow'
      return !(retry && snapshot.context.attempt >= MAX_ATTEMPTS)
    }),
  serializeState: (snapshot: LiveSnapshot) => JSON.stringify(observe(snapshot)),
  serializeEvent: (event: ModelEvent) => label(event),
  limit: 100_000,
} as TraversalOptions<LiveSnapshot, ModelEvent, undefined>

function label(event: ModelEvent): string {
  const details = event as {
    code?: number
    status?: number
    event?: { type: string }
    output?: unknown
    error?: unknown
  }
  if (event.type === 'socket.closed') return `socket.closed(${details.code})`
  if (event.type === 'socket.errorReceived') return `socket.errorReceived(${details.status})`
  if (event.type === 'socket.eventReceived') return `socket.eventReceived(${details.event?.type})`
  if (event.type.startsWith('xstate.done.actor')) return `${event.type}(${String(details.output)})`
  if (event.type.startsWith('xstate.error.actor')) return `${event.type}(threw)`
  return event.type
}

// Coverage, collected from the live actors.
const coverage = createGraphCoverage(liveMachine)

async function replay(path: ModelPath) {
  const harness = createLiveHarness({ inspect: coverage.record })
  const { actor } = harness

  for (const [index, { event, state }] of path.steps.entries()) {
    const at = `step ${index} (${label(event)})`
    const before = actor.getSnapshot()
    const socketBefore = harness.socket
    const deliveredBefore = harness.delivered.length
    const profilesBefore = harness.profiles.length

    if (event.type === 'xstate.init') {
      actor.start()
    } else if (event.type === 'xstate.done.actor.getToken') {
      expect(harness.tokenPending, at).toBe(true)
      await harness.giveToken(String((event as { output: unknown }).output))
    } else if (event.type === 'xstate.error.actor.getToken') {
      expect(harness.tokenPending, at).toBe(true)
      await harness.refuseToken()
    } else if (event.type === AFTER_BACKOFF) {
      const wait = backoffDelay(before.context.attempt, 0)
      harness.clock.increment(wait - 1)
      expect(actor.getSnapshot().value, `${at}: still waiting 1 ms before`).toEqual('waiting')
      harness.clock.increment(1)
    } else if (event.type.startsWith('socket.')) {
      // Only the socket itself reports these, so there must be one open.
      expect(socketBefore, `${at}: an open socket`).toBeDefined()
      socketBefore?.report(event)
    } else {
      actor.send(event as LiveMachineEvent)
    }

    const live = actor.getSnapshot()
    coverage.markActive(live.value)
    expect(observe(live), at).toEqual(observe(state))

    // The fakes agree with the state.
    const inSession = live.matches('session')
    expect(harness.socket !== undefined, `${at}: socket open iff in session`).toBe(inSession)
    expect(harness.tokenPending, `${at}: token asked for iff connecting`).toBe(
      live.matches('connecting'),
    )
    if (inSession && !before.matches('session')) {
      expect(harness.socket?.token, `${at}: opened with the fetched token`).toBe(live.context.token)
      expect(harness.tokenRequests.at(-1)?.forceRefresh).toBe(before.context.forceRefresh)
    }
    if (socketBefore && !inSession) expect(socketBefore.closedByMachine, at).toBe(true)
    if (event.type === 'live.tokenChanged' && inSession) {
      expect(harness.socket?.commands.at(-1), at).toEqual({
        type: 'socket.auth',
        token: (event as { token: string }).token,
      })
    }
    const delivered = event.type === 'socket.eventReceived' && before.matches({ session: 'live' })
    expect(harness.delivered.length - deliveredBefore, `${at}: delivered`).toBe(delivered ? 1 : 0)
    const profile =
      delivered && (event as { event: { type: string } }).event.type === 'profile.updated'
    expect(harness.profiles.length - profilesBefore, `${at}: profile`).toBe(profile ? 1 : 0)
  }
  expect(observe(actor.getSnapshot())).toEqual(observe(path.state))
  actor.stop()
}

const paths = graphPaths(liveMachine, traversal, label)

describe('live machine paths from its graph', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(coverage.stateIds.length)
  })

  for (const { name, path } of paths) {
    it(name, () => replay(path))
  }

  it('covered every state and every transition of the machine', () => {
    const { missedStates, missedTransitions, summary } = coverage.report(
      `live model: ${paths.length} paths`,
    )
    console.info(summary)
    expect(missedStates, 'states no path reached').toEqual([])
    expect(missedTransitions, 'transitions no path took').toEqual([])
  })
})
