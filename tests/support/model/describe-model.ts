import { expect, it } from 'vitest'
import {
  type Actor,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SimulatedClock,
  type Snapshot,
  type StateValue,
} from 'xstate'
import type { TraversalOptions } from 'xstate/graph'
import { writeModelCoverage } from '../../../scripts/lib/model-coverage'
import { createParkedEffects, type EffectOutcome } from '../unit/parked-effects'
import { createGraphCoverage } from './graph-coverage'
import { candidatePaths, chooseCover } from './graph-paths'
import { actOnActor, replayPath } from './replay-path'
import { type ActorAnswerEvent, describeEvent } from './sample-events'

/** A sample step of any machine's model, as the driver sees it. */
type ModelEvent = ActorAnswerEvent
/** A step as the harness hooks see it: its type, and whatever payload the sample carries. */
export type StepEvent = ActorAnswerEvent & { readonly [payload: string]: unknown }

/** What the model reads of a snapshot: a value, tags, `can` and its context. */
export type ModelSnapshot = Snapshot<unknown> & {
  value: StateValue
  context: unknown
  can(event: never): boolean
  hasTag(tag: string): boolean
  matches(value: never): boolean
}

/** The parked fakes of the machine's actors (tests/support/unit/parked-effects.ts). */
export interface EffectAnswers {
  names: readonly string[]
  isRunning(actor: string): boolean
  running(): string[]
  settle(actor: string, outcome: EffectOutcome): Promise<void>
}

/** One start of the machine; each start gets its own graph and its own paths. */
export interface ModelStart<TInput, TSnapshot> {
  /** Tells this start's paths apart in the test names: `[by id] `. */
  prefix?: string
  input: TInput
  /** Only the edges leaving these states (a start that differs from another only at first). */
  edgesFrom?: (snapshot: TSnapshot) => boolean
}

/** One step as a harness sees it, for checks that the fakes agree with the state. */
export interface ModelStep<TSnapshot> {
  event: StepEvent
  before: TSnapshot
  after: TSnapshot
  /** `step 3 (list.sort("-price"))`, for assertion messages. */
  at: string
}

/** A fresh actor for one path, with the fakes that answer its effects. */
export interface ModelHarness<TSnapshot> {
  actor: AnyActorRef & { start(): void; stop(): void; getSnapshot(): TSnapshot }
  /** Answers `xstate.done.actor.*` / `xstate.error.actor.*` steps (the id must be running). */
  effects?: EffectAnswers
  /**
   * Delivers a step that is not a plain event or an actor's answer (a timer firing, a child
   * actor's report); returns true when it did.
   */
  deliver?: (event: StepEvent, at: string) => boolean | Promise<boolean>
  /** Notes what the fakes have seen so far, for `afterStep` to compare with. */
  beforeStep?: () => void
  /** Checks after every step that the fakes agree with where the machine is. */
  afterStep?: (step: ModelStep<TSnapshot>) => void
  /** Checks at the end of a path. */
  afterPath?: (snapshot: TSnapshot) => void
}

export interface MachineModel<TSnapshot extends ModelSnapshot, TInput> {
  /** The machine's file name without `.machine.ts`: the coverage line and the test block. */
  name: string
  machine: AnyStateMachine
  starts: ModelStart<TInput, TSnapshot>[]
  /** The sample events, or those a state offers beyond the fixed ones (a toast's own id). */
  events: readonly ModelEvent[] | ((snapshot: TSnapshot) => readonly ModelEvent[])
  /**
   * Which samples a state offers; by default those the machine can take. Narrow it to keep
   * the graph finite (a bounded number of adds) or widen it for events that must change nothing.
   */
  offers?: (snapshot: TSnapshot, event: StepEvent) => boolean
  /** What a state is, to tell graph states apart and compare the live actor with the graph. */
  observe: (snapshot: TSnapshot) => unknown
  label?: (event: ModelEvent) => string
  harness: (input: TInput, inspect: (event: InspectionEvent) => void) => ModelHarness<TSnapshot>
  /** The traversal's safety limit on states. */
  limit?: number
}

/**
 * The model-based test of a machine: a covering set of its graph's paths (`xstate/graph`; see
 * graph-paths.ts: greedily, the fewest paths that between them reach every state and take every
 * transition), each replayed on a fresh actor from `harness` whose effects are fakes, by the
 * shared loop (replay-path.ts). A plain event is sent as is; an actor's answer settles the
 * running fake with that output or error; `deliver` handles the rest. After every step the live
 * actor must be where the graph says, and the faked effects running must be exactly those the
 * machine has invoked. Each test is named after its path's last step, so a broken transition
 * fails a test that names it.
 *
 * Coverage is measured on the live actors (inspected microsteps), and the last test fails,
 * naming them, when any state or transition of the machine was never exercised. With
 * `MODEL_COVERAGE_DIR` set, it writes the figures there for `npm run test:model` and `npm test`
 * to print.
 */
export function describeModel<TSnapshot extends ModelSnapshot, TInput>(
  model: MachineModel<TSnapshot, TInput>,
): void {
  const label = model.label ?? describeEvent
  const coverage = createGraphCoverage(model.machine)
  const offers =
    model.offers ?? ((snapshot: TSnapshot, event: StepEvent) => snapshot.can(event as never))
  const samples = (snapshot: TSnapshot) =>
    typeof model.events === 'function' ? model.events(snapshot) : model.events

  const candidates = model.starts.flatMap((start) => {
    const traversal = {
      input: start.input,
      // A finished actor takes no more events, whatever `can` says of its last snapshot.
      events: (snapshot: TSnapshot) =>
        snapshot.status === 'active'
          ? samples(snapshot).filter((event) => offers(snapshot, event as StepEvent))
          : [],
      serializeState: (snapshot: TSnapshot) => JSON.stringify(model.observe(snapshot)),
      // Errors stringify without their message; the label tells the failures apart.
      serializeEvent: (event: ModelEvent) => `${label(event)} ${JSON.stringify(event)}`,
      limit: model.limit ?? 100_000,
    } as TraversalOptions<TSnapshot, ModelEvent, TInput>
    return candidatePaths(model.machine, traversal, label, {
      namePrefix: start.prefix,
      edgesFrom: start.edgesFrom,
    }).map((path) => ({ ...path, input: start.input }))
  })
  const paths = chooseCover(candidates, label as (event: EventObject) => string)

  async function replay({ path, input }: (typeof paths)[number]) {
    const harness = model.harness(input, coverage.record)
    const { actor } = harness
    let before = actor.getSnapshot()
    await replayPath(path, label, {
      act: async (step) => {
        before = actor.getSnapshot()
        harness.beforeStep?.()
        await actOnActor(harness, step)
      },
      check: async ({ event, expected, at }) => {
        const after = actor.getSnapshot()
        coverage.markActive(after.value)
        expect(model.observe(after), at).toEqual(model.observe(expected))
        if (harness.effects) {
          // The fakes run exactly the effects the machine (or a machine it invoked) has
          // invoked, no stale or lost call.
          const invoked = invokedIds(after)
          expect(harness.effects.running().sort(), `${at}: effects running`).toEqual(
            invoked.filter((id) => harness.effects?.names.includes(id)).sort(),
          )
        }
        harness.afterStep?.({ event: event as StepEvent, before, after, at })
      },
    })
    harness.afterPath?.(actor.getSnapshot())
    actor.stop()
  }

  for (const path of paths) {
    it(path.name, () => replay(path))
  }

  it('covered every state and every transition of the machine', () => {
    const { missedStates, missedTransitions, summary } = coverage.report(
      `${model.name} model: ${paths.length} paths (a cover of ${candidates.length})`,
    )
    writeModelCoverage({
      machine: model.name,
      states: {
        covered: coverage.stateIds.length - missedStates.length,
        total: coverage.stateIds.length,
      },
      transitions: {
        covered: coverage.transitionIds.length - missedTransitions.length,
        total: coverage.transitionIds.length,
      },
      paths: paths.length,
    })
    expect(missedStates, `states no path reached\n${summary}`).toEqual([])
    expect(missedTransitions, `transitions no path took\n${summary}`).toEqual([])
  })
}

/** The ids of the actors a snapshot's machine invoked, and of those its child machines invoked. */
function invokedIds(snapshot: unknown): string[] {
  const children = (snapshot as { children?: Record<string, AnyActorRef | undefined> }).children
  return Object.entries(children ?? {}).flatMap(([id, child]) => [
    id,
    ...(child ? invokedIds(child.getSnapshot()) : []),
  ])
}

/**
 * The usual harness: the machine with every named actor a parked fake and every named action
 * recorded (in `actions`, in order), started with `input` under the coverage's `inspect`.
 * Its `beforeStep` marks where each step begins, so `afterStep` checks can read what the step
 * alone caused: `heard()` (the actions recorded) and `asked(effect)` (what the effect was asked).
 */
export function parkedActor<TMachine extends AnyStateMachine, const Effect extends string>(
  machine: TMachine,
  options: {
    effects: readonly Effect[]
    actions?: readonly string[]
    input: InputFrom<TMachine>
    inspect: (event: InspectionEvent) => void
    clock?: SimulatedClock
  },
) {
  const effects = createParkedEffects(options.effects)
  const actions: string[] = []
  const logic = machine.provide({
    actors: Object.fromEntries(options.effects.map((name) => [name, effects.effect(name)])),
    actions: Object.fromEntries(
      (options.actions ?? []).map((name) => [name, () => actions.push(name)]),
    ),
  } as never) as TMachine
  const actor: Actor<TMachine> = createActor(logic, {
    input: options.input,
    inspect: options.inspect,
    clock: options.clock,
  } as never)
  const counted = () => ({
    actions: actions.length,
    inputs: new Map(options.effects.map((name) => [name, effects.inputs[name].length])),
  })
  let mark = counted()
  return {
    actor,
    effects,
    actions,
    beforeStep: () => {
      mark = counted()
    },
    /** The actions recorded since the step began. */
    heard: () => actions.slice(mark.actions),
    /** What `effect` was asked since the step began, oldest first. */
    asked: (effect: Effect) => effects.inputs[effect].slice(mark.inputs.get(effect) ?? 0),
  }
}
