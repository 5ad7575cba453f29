/**
 * Model-based test of the appointment dialog machine. Paths come from the machine's own graph
 * (`xstate/graph`): the shortest path to every reachable state, plus one path through every
 * edge (the shortest path to its source, then its event), for a dialog opened by id (it loads)
 * and one opened with the appointment at hand. Each path is replayed on a fresh actor whose
 * effects are parked fakes: a user event is sent as is, and an `xstate.done.actor.*` /
 * `xstate.error.actor.*` step settles the running fake with that output or error. After every
 * step the live actor must be where the graph says.
 *
 * Coverage is measured on the live actors (inspected microsteps), and the last test fails if
 * any state node or transition of the machine was never exercised.
 */
import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import { createActor, fromPromise } from 'xstate'
import type { TraversalOptions } from 'xstate/graph'
import { ProblemError } from '../../src/components/form/problem-field-errors'
import {
  type AppointmentDialogEvent,
  type AppointmentDialogInput,
  appointmentDialogMachine,
} from '../../src/machines/appointment-dialog.machine'
import {
  type Appointment,
  BERLIN,
  NOW,
  sampleAppointment,
} from '../unit/support/appointment-samples'
import { createGraphCoverage } from './support/graph-coverage'
import { graphPaths, type NamedPath } from './support/graph-paths'

type EffectName = 'loadAppointment' | 'updateAppointment' | 'completeAppointment' | 'markNoShow'
type DialogSnapshot = ReturnType<
  ReturnType<typeof createActor<typeof appointmentDialogMachine>>['getSnapshot']
>
// Graph steps mix user events with the done/error events of invoked actors.
type ModelEvent = AppointmentDialogEvent | (EventObject & { output?: unknown; error?: unknown })

/** Started an hour and a half before "now": every action is possible on it. */
const started = sampleAppointment({
  starts_at: '2026-11-26T10:30:00.000Z',
  ends_at: '2026-11-26T11:15:00.000Z',
})
const saved = {
  ...started,
  starts_at: '2026-11-26T13:30:00.000Z',
  ends_at: '2026-11-26T14:15:00.000Z',
  notes: 'Saved',
}
const live = { ...started, notes: 'Live' }

const done = (actor: EffectName, output: Appointment): ModelEvent => ({
  type: `xstate.done.actor.${actor}`,
  output,
})
const failed = (actor: EffectName, error: unknown): ModelEvent => ({
  type: `xstate.error.actor.${actor}`,
  error,
})

const clash = new ProblemError(409, {
  status: 409,
  detail: 'Alex already has Colour for Sam at 14:30.',
  existing: { id: 'other', href: '/calendar?appointment=other' },
})
const tooEarly = new ProblemError(409, { status: 409, detail: 'It has not started yet.' })
const missing = new ProblemError(404, { status: 404, detail: 'No such appointment.' })

const sampleEvents: ModelEvent[] = [
  { type: 'appointment.retry' },
  { type: 'appointment.reschedule' },
  { type: 'appointment.editNotes' },
  { type: 'appointment.complete' },
  { type: 'appointment.noShow' },
  { type: 'appointment.cancel' },
  { type: 'appointment.received', appointment: live },
  { type: 'reschedule.change', values: { time: '14:30' } },
  { type: 'notes.change', notes: 'Note' },
  { type: 'step.submit' },
  { type: 'step.back' },
  { type: 'cancel.done', appointment: { ...started, status: 'cancelled', cancel_reason: 'Ill' } },
  { type: 'cancel.dismiss' },
  done('loadAppointment', started),
  failed('loadAppointment', missing),
  done('updateAppointment', saved),
  failed('updateAppointment', clash),
  done('completeAppointment', { ...started, status: 'completed' }),
  failed('completeAppointment', tooEarly),
  done('markNoShow', { ...started, status: 'no_show' }),
  failed('markNoShow', tooEarly),
]

function inputFor(known: boolean): AppointmentDialogInput {
  return {
    appointmentId: started.id,
    appointment: known ? started : null,
    timeZone: BERLIN,
    access: { writeAny: true, ownTeamMemberId: null },
    now: () => NOW,
  }
}

/** What a state is, for the graph and for comparing the live actor with it. */
function observe(snapshot: DialogSnapshot) {
  const { context } = snapshot
  return {
    value: snapshot.value,
    appointment: context.appointment
      ? `${context.appointment.status} ${context.appointment.starts_at} ${context.appointment.notes}`
      : null,
    reschedule: context.reschedule,
    notes: context.notes,
    fieldErrors: context.fieldErrors,
    error: context.error,
    blocking: context.blocking,
    loadStatus: context.loadStatus,
    busy: snapshot.hasTag('busy'),
    loading: snapshot.hasTag('loading'),
  }
}

function label(event: ModelEvent): string {
  if (event.type.startsWith('xstate.done.actor.')) {
    return `${event.type}(${(event as { output: Appointment }).output.status})`
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    return `${event.type}(${(event as { error: ProblemError }).error.status})`
  }
  if (event.type === 'reschedule.change')
    return `${event.type}(${JSON.stringify((event as { values: unknown }).values)})`
  return event.type
}

function traversal(known: boolean) {
  return {
    input: inputFor(known),
    events: (snapshot: DialogSnapshot) =>
      sampleEvents.filter((event) => snapshot.can(event as AppointmentDialogEvent)),
    serializeState: (snapshot: DialogSnapshot) => JSON.stringify(observe(snapshot)),
    serializeEvent: (event: ModelEvent) => `${label(event)} ${JSON.stringify(event)}`,
    limit: 50_000,
  } as TraversalOptions<DialogSnapshot, ModelEvent, AppointmentDialogInput>
}

interface FlaggedPath extends NamedPath<DialogSnapshot, ModelEvent> {
  known: boolean
}

function generatePaths(known: boolean): FlaggedPath[] {
  return graphPaths(appointmentDialogMachine, traversal(known), label, {
    namePrefix: known ? '[known] ' : '[by id] ',
  }).map((named) => ({ ...named, known }))
}

// Coverage, collected from the live actors.
const coverage = createGraphCoverage(appointmentDialogMachine)

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

/** The machine with parked fake effects that a path settles step by step. */
function createHarness(known: boolean) {
  const pending: Array<{
    effect: EffectName
    resolve: (a: Appointment) => void
    reject: (e: unknown) => void
  }> = []
  const park = (effect: EffectName) =>
    fromPromise<Appointment, unknown>(
      () => new Promise((resolve, reject) => pending.push({ effect, resolve, reject })),
    )
  const logic = appointmentDialogMachine.provide({
    actors: {
      loadAppointment: park('loadAppointment') as never,
      updateAppointment: park('updateAppointment') as never,
      completeAppointment: park('completeAppointment') as never,
      markNoShow: park('markNoShow') as never,
    },
  })
  const actor = createActor(logic, { input: inputFor(known), inspect: coverage.record })
  return {
    actor,
    isRunning: (effect: EffectName) => pending.some((call) => call.effect === effect),
    async settle(effect: EffectName, outcome: { output: Appointment } | { error: unknown }) {
      const index = pending.findIndex((call) => call.effect === effect)
      const [call] = pending.splice(index, 1)
      if ('output' in outcome) call?.resolve(outcome.output)
      else call?.reject(outcome.error)
      await flush()
    },
  }
}

async function replay({ known, path }: FlaggedPath) {
  const harness = createHarness(known)
  const { actor } = harness
  for (const [index, { event, state }] of path.steps.entries()) {
    if (event.type === 'xstate.init') {
      actor.start()
    } else if (event.type.startsWith('xstate.done.actor.')) {
      const name = event.type.slice('xstate.done.actor.'.length) as EffectName
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { output: (event as { output: Appointment }).output })
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const name = event.type.slice('xstate.error.actor.'.length) as EffectName
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { error: (event as { error: unknown }).error })
    } else {
      actor.send(event as AppointmentDialogEvent)
    }
    const live = actor.getSnapshot()
    coverage.markActive(live.value)
    expect(observe(live), `after step ${index} (${label(event)})`).toEqual(observe(state))
  }
  actor.stop()
}

const paths = [...generatePaths(false), ...generatePaths(true)]

describe('appointment dialog machine paths from its graph', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(coverage.stateIds.length)
  })

  for (const namedPath of paths) {
    it(namedPath.name, () => replay(namedPath))
  }

  it('covered every state and every transition of the machine', () => {
    const { missedStates, missedTransitions, summary } = coverage.report(
      `appointment dialog model: ${paths.length} paths`,
    )
    console.info(summary)
    expect(missedStates, 'states no path reached').toEqual([])
    expect(missedTransitions, 'transitions no path took').toEqual([])
  })
})
