/**
 * Model-based test of the live-updates machine (see support/describe-model.ts). Its effects are
 * the live harness's fakes: a token request the test settles, a fake socket actor that reports
 * `socket.*` events as the real one would, and a simulated clock for the backoff. After every
 * step the fakes must agree with the state: a socket is open exactly while in `session`, opened
 * with the context's token, told about refreshed tokens, closed on leaving; a token is asked for
 * exactly while `connecting`; pushed events reach the listeners only when live, and profiles
 * reach the auth machine.
 */
import { describe, expect } from 'vitest'
import {
  backoffDelay,
  CLOSE_FORBIDDEN,
  CLOSE_UNAUTHORIZED,
  type LiveMachineEvent,
  type LiveSnapshot,
  liveMachine,
  liveStatusOf,
} from '../../src/machines/live.machine'
import { describeModel } from '../support/model/describe-model'
import { done, failed, type ModelEvent } from '../support/model/sample-events'
import {
  createLiveHarness,
  sampleAppointmentEvent,
  sampleProfileEvent,
} from '../support/unit/live-harness'

/** Failed attempts the model makes in a row; more only lengthen the waits. */
const MAX_ATTEMPTS = 2
const AFTER_BACKOFF = 'xstate.after.backoff.live.waiting'

const sampleEvents: ModelEvent<LiveMachineEvent>[] = [
  { type: 'live.start' },
  { type: 'live.stop' },
  { type: 'live.tokenChanged', token: 'token-2' },
  { type: 'live.retryNow' },
  done('getToken', 'token-1', 'token-1'),
  failed('getToken', new Error('no token'), 'no token'),
  { type: 'socket.ready' },
  { type: 'socket.eventReceived', event: sampleAppointmentEvent, name: 'appointment.created' },
  { type: 'socket.eventReceived', event: sampleProfileEvent, name: 'profile.updated' },
  { type: 'socket.errorReceived', status: 401, detail: 'The ID token expired', name: '401' },
  { type: 'socket.errorReceived', status: 503, detail: 'Try again shortly', name: '503' },
  { type: 'socket.errorReceived', status: 403, detail: 'Your access was removed', name: '403' },
  { type: 'socket.closed', code: CLOSE_UNAUTHORIZED, reason: 'expired', name: 'unauthorized' },
  { type: 'socket.closed', code: 1006, reason: '', name: '1006' },
  { type: 'socket.closed', code: CLOSE_FORBIDDEN, reason: 'access removed', name: 'forbidden' },
  { type: AFTER_BACKOFF },
]

describe('live machine paths from its graph', () => {
  describeModel({
    name: 'live',
    machine: liveMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    offers: (snapshot: LiveSnapshot, event) => {
      if (!snapshot.can(event as LiveMachineEvent)) return false
      const retry = event.type === AFTER_BACKOFF || event.type === 'live.retryNow'
      return !(retry && snapshot.context.attempt >= MAX_ATTEMPTS)
    },
    observe: (snapshot: LiveSnapshot) => ({
      value: snapshot.value,
      ...snapshot.context,
      status: liveStatusOf(snapshot),
    }),
    harness: (_input, inspect) => {
      const harness = createLiveHarness({ inspect })
      const { actor } = harness
      let socketBefore = harness.socket
      let deliveredBefore = 0
      let profilesBefore = 0
      return {
        actor,
        beforeStep() {
          socketBefore = harness.socket
          deliveredBefore = harness.delivered.length
          profilesBefore = harness.profiles.length
        },
        async deliver(event, at) {
          if (event.type === 'xstate.done.actor.getToken') {
            expect(harness.tokenPending, at).toBe(true)
            await harness.giveToken(String(event.output))
          } else if (event.type === 'xstate.error.actor.getToken') {
            expect(harness.tokenPending, at).toBe(true)
            await harness.refuseToken()
          } else if (event.type === AFTER_BACKOFF) {
            const wait = backoffDelay(actor.getSnapshot().context.attempt, 0)
            harness.clock.increment(wait - 1)
            expect(actor.getSnapshot().value, `${at}: still waiting 1 ms before`).toEqual('waiting')
            harness.clock.increment(1)
          } else if (event.type.startsWith('socket.')) {
            // Only the socket itself reports these, so there must be one open.
            expect(socketBefore, `${at}: an open socket`).toBeDefined()
            socketBefore?.report(event)
          } else {
            return false
          }
          return true
        },
        afterStep({ event, before, after, at }) {
          if (after.matches('denied')) {
            // Access removed: shown as not connected, and nothing left that would try again.
            expect(liveStatusOf(after), at).toBe('offline')
            expect(after.can({ type: 'live.retryNow' }), at).toBe(false)
          }
          const inSession = after.matches('session')
          expect(harness.socket !== undefined, `${at}: socket open iff in session`).toBe(inSession)
          expect(harness.tokenPending, `${at}: token asked for iff connecting`).toBe(
            after.matches('connecting'),
          )
          if (inSession && !before.matches('session')) {
            expect(harness.socket?.token, `${at}: opened with the fetched token`).toBe(
              after.context.token,
            )
            expect(harness.tokenRequests.at(-1)?.forceRefresh).toBe(before.context.forceRefresh)
          }
          if (socketBefore && !inSession) expect(socketBefore.closedByMachine, at).toBe(true)
          if (event.type === 'live.tokenChanged' && inSession) {
            expect(harness.socket?.commands.at(-1), at).toEqual({
              type: 'socket.auth',
              token: event.token,
            })
          }
          const delivered =
            event.type === 'socket.eventReceived' && before.matches({ session: 'live' })
          expect(harness.delivered.length - deliveredBefore, `${at}: delivered`).toBe(
            delivered ? 1 : 0,
          )
          const profile = delivered && (event.event as { type: string }).type === 'profile.updated'
          expect(harness.profiles.length - profilesBefore, `${at}: profile`).toBe(profile ? 1 : 0)
        },
      }
    },
  })
})
