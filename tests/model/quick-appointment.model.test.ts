/**
 * Model-based test of the Quick Appointment machine. Paths come from the machine's own graph
 * (`xstate/graph`): the shortest path to every reachable state, plus one path through every
 * edge of the graph (the shortest path to its source, then its event). Each path is replayed on
 * a fresh actor whose effects are controllable fakes: a user event is sent as is, and an
 * `xstate.done.actor.*` / `xstate.error.actor.*` step settles the running fake with that output
 * or error. After every step the live actor must be where the graph says.
 *
 * Coverage is measured on the live actors (inspected microsteps), not the graph, and the last
 * test fails if any state node or transition of the machine was never exercised.
 */
import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import type { TraversalOptions } from 'xstate/graph'
import {
  type QuickAppointmentEvent,
  type QuickAppointmentInput,
  quickAppointmentMachine,
} from '../../src/machines/quick-appointment.machine'
import {
  ann,
  bookedAppointment,
  cleo,
  createQuickHarness,
  firstSlot,
  haircut,
  problem,
  type QuickEffect,
  validateNewCustomer,
} from '../unit/support/quick-appointment-harness'
import { createGraphCoverage } from './support/graph-coverage'
import { graphPaths, type NamedPath } from './support/graph-paths'

type QuickSnapshot = ReturnType<ReturnType<typeof createQuickHarness>['actor']['getSnapshot']>
// Graph steps mix user events with the done/error events of invoked actors.
type ModelEvent =
  | QuickAppointmentEvent
  | (EventObject & { output?: unknown; error?: unknown; name?: string })

const input: QuickAppointmentInput = { validateNewCustomer }

const done = (actor: QuickEffect, output: unknown, name: string): ModelEvent => ({
  type: `xstate.done.actor.${actor}`,
  output,
  name,
})
const failed = (actor: QuickEffect, error: unknown, name: string): ModelEvent => ({
  type: `xstate.error.actor.${actor}`,
  error,
  name,
})

/** Sample payloads: every call can succeed or fail in each way the machine tells apart. */
const sampleEvents: ModelEvent[] = [
  { type: 'quick.customerChosen', customer: ann },
  { type: 'quick.customerCleared' },
  { type: 'quick.newCustomerStarted' },
  { type: 'quick.newCustomerChanged', values: { name: 'Cleo Park', phone: '+49 30 1234567' } },
  { type: 'quick.newCustomerChanged', values: { name: '' } },
  { type: 'quick.newCustomerSubmitted' },
  { type: 'quick.newCustomerCancelled' },
  { type: 'quick.serviceChosen', service: haircut },
  { type: 'quick.book' },
  { type: 'quick.retry' },
  done('createCustomer', cleo, 'created'),
  failed(
    'createCustomer',
    problem(409, 'Please check the highlighted fields.', {
      phone: 'A customer with this phone already exists.',
    }),
    'duplicate',
  ),
  failed('createCustomer', new TypeError('Failed to fetch'), 'offline'),
  done('findSlot', firstSlot, 'proposal'),
  failed('findSlot', problem(404, 'Nothing is free in the next 92 days.'), 'nothing free'),
  failed('findSlot', problem(500, 'The server could not complete this.'), 'server error'),
  done('book', bookedAppointment(firstSlot), 'booked'),
  failed('book', problem(409, 'Bob already has an appointment then.'), 'taken'),
  failed('book', new TypeError('Failed to fetch'), 'offline'),
]

/** What a state is, for the graph and for comparing the live actor with it. */
function observe(snapshot: QuickSnapshot) {
  const { context } = snapshot
  return {
    value: snapshot.value,
    status: snapshot.status,
    customer: context.customer?.id ?? null,
    // Whether the inline form would pass: its exact text adds states, not behaviour.
    newCustomerValid: Object.keys(validateNewCustomer(context.newCustomer)).length === 0,
    fieldErrors: Object.keys(context.fieldErrors).sort(),
    service: context.service?.id ?? null,
    proposal: context.proposal?.starts_at ?? null,
    booked: context.appointment?.id ?? null,
    error: context.error,
    notice: context.notice,
    busy: snapshot.hasTag('busy'),
  }
}

function label(event: ModelEvent): string {
  const name = (event as { name?: string }).name
  if (name) return `${event.type}(${name})`
  if (event.type === 'quick.customerChosen') {
    return `${event.type}(${(event as { customer: { name: string } }).customer.name})`
  }
  if (event.type === 'quick.serviceChosen') {
    return `${event.type}(${(event as { service: { name: string } }).service.name})`
  }
  if (event.type === 'quick.newCustomerChanged') {
    return `${event.type}(${JSON.stringify((event as { values: unknown }).values)})`
  }
  return event.type
}

const traversal = {
  input,
  events: (snapshot: QuickSnapshot) =>
    sampleEvents.filter((event) => snapshot.can(event as QuickAppointmentEvent)),
  serializeState: (snapshot: QuickSnapshot) => JSON.stringify(observe(snapshot)),
  // Errors stringify without their message; the label tells the failures apart.
  serializeEvent: (event: ModelEvent) => `${label(event)} ${JSON.stringify(event)}`,
  limit: 100_000,
} as TraversalOptions<QuickSnapshot, ModelEvent, QuickAppointmentInput>

// Coverage, collected from the live actors.
const coverage = createGraphCoverage(quickAppointmentMachine)

async function replay({ path }: NamedPath<QuickSnapshot, ModelEvent>) {
  const harness = createQuickHarness({ input, inspect: coverage.record })
  const { actor } = harness

  for (const [index, { event, state }] of path.steps.entries()) {
    if (event.type === 'xstate.init') {
      actor.start()
    } else if (event.type.startsWith('xstate.done.actor.')) {
      const name = event.type.slice('xstate.done.actor.'.length) as QuickEffect
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { output: (event as { output: unknown }).output })
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const name = event.type.slice('xstate.error.actor.'.length) as QuickEffect
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { fails: (event as { error: unknown }).error })
    } else {
      actor.send(event as QuickAppointmentEvent)
    }
    const live = actor.getSnapshot()
    coverage.markActive(live.value)
    expect(observe(live), `after step ${index} (${label(event)})`).toEqual(observe(state))
  }
  // A booking reached the app exactly when the path ends booked.
  expect(harness.booked.length).toBe(actor.getSnapshot().matches('booked') ? 1 : 0)
  actor.stop()
}

const paths = graphPaths(quickAppointmentMachine, traversal, label)

describe('quick appointment machine paths from its graph', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(coverage.stateIds.length)
  })

  for (const namedPath of paths) {
    it(namedPath.name, () => replay(namedPath))
  }

  it('covered every state and every transition of the machine', () => {
    const { missedStates, missedTransitions, summary } = coverage.report(
      `quick appointment model: ${paths.length} paths`,
    )
    console.info(summary)
    expect(missedStates, 'states no path reached').toEqual([])
    expect(missedTransitions, 'transitions no path took').toEqual([])
  })
})
