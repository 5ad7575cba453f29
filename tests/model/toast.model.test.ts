/**
 * Model-based test of the toast machine (see support/describe-model.ts). Toasts expire on
 * XState's own delays, here on a simulated clock: an expiry step advances the clock to the
 * toast's deadline and checks it is still shown a millisecond before. Time passes only there,
 * so an expiry is offered only while exactly one toast's clock runs (then no other can expire
 * on the way), and every toast's time left is the same in the graph and on the live actor.
 */
import { describe, expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { type ToastEvent, toastMachine } from '../../src/machines/toast.machine'
import { describeModel } from '../support/model/describe-model'
import type { ModelEvent } from '../support/model/sample-events'

type ToastSnapshot = ReturnType<typeof toastMachine.getInitialSnapshot>

/** Toasts a path adds at most; more make longer lists, not new behaviour. */
const MAX_ADDS = 2

const added: ModelEvent<ToastEvent>[] = [
  { type: 'toast.add', severity: 'success', detail: 'Saved', name: 'success' },
  { type: 'toast.add', severity: 'error', detail: 'Offline', life: 0, name: 'sticky error' },
  { type: 'toast.add', severity: 'info', id: 'sync', detail: 'Syncing', name: 'info "sync"' },
  {
    type: 'toast.add',
    severity: 'warn',
    id: 'sync',
    summary: 'Sync',
    detail: 'Sync failed',
    closable: false,
    name: 'warn "sync"',
  },
]
const everywhere: ModelEvent<ToastEvent>[] = [
  { type: 'toast.clear' },
  { type: 'toast.pause' },
  { type: 'toast.resume' },
]

const running = (snapshot: ToastSnapshot) =>
  snapshot.context.toasts.filter((toast) => toast.startedAt !== null)

describe('toast machine paths from its graph', () => {
  describeModel({
    name: 'toast',
    machine: toastMachine,
    // The graph's clock stands still; the live actor's is the harness's simulated one.
    starts: [{ input: { now: () => 0 } }],
    events: (snapshot: ToastSnapshot) => [
      ...added,
      ...everywhere,
      ...snapshot.context.toasts.flatMap((toast): ModelEvent<ToastEvent>[] => [
        { type: 'toast.dismiss', id: toast.id },
        { type: 'toast.expire', id: toast.id },
      ]),
    ],
    offers: (snapshot: ToastSnapshot, event) => {
      if (event.type === 'toast.add') return snapshot.context.nextId <= MAX_ADDS
      if (event.type === 'toast.expire') {
        const clocks = running(snapshot)
        return clocks.length === 1 && clocks[0]?.id === event.id
      }
      return true
    },
    observe: (snapshot: ToastSnapshot) => ({
      paused: snapshot.context.paused,
      nextId: snapshot.context.nextId,
      toasts: snapshot.context.toasts.map(({ startedAt, ...toast }) => ({
        ...toast,
        running: startedAt !== null,
      })),
    }),
    harness: (_input, inspect) => {
      const clock = new SimulatedClock()
      const actor = createActor(toastMachine, { input: { now: () => clock.now() }, clock, inspect })
      return {
        actor,
        deliver: (event, at) => {
          if (event.type !== 'toast.expire') return false
          const shown = () => actor.getSnapshot().context.toasts.some(({ id }) => id === event.id)
          const toast = actor.getSnapshot().context.toasts.find(({ id }) => id === event.id)
          if (!toast || toast.startedAt === null) throw new Error(`${at}: no clock runs`)
          clock.increment(toast.remaining - (clock.now() - toast.startedAt) - 1)
          expect(shown(), `${at}: still shown 1 ms before`).toBe(true)
          clock.increment(1)
          return true
        },
      }
    },
  })
})
