/**
 * The one replay loop of the model paths: Vitest walks them on live actors with fake effects
 * (describe-model.ts), Playwright through the real app in Chromium (tests/e2e/booking-model.spec.ts).
 * Each step is made to happen by the driver, then checked against the state the graph says.
 * It imports no test runner: each driver asserts with its own.
 */
import type { AnyActorRef, EventObject, Snapshot } from 'xstate'
import type { StatePath } from 'xstate/graph'
import { type ActorAnswerEvent, actorAnswer } from './sample-events'

/** One step as a driver sees it. */
export interface ReplayStep<TSnapshot, TEvent> {
  index: number
  /** `step 3 (list.sort("-price"))`, for assertion messages and the browser's step titles. */
  at: string
  event: TEvent
  /** The state the graph says the step leads to. */
  expected: TSnapshot
  /** The graph's state before the step (none before the start). */
  previous: TSnapshot | undefined
  /** The event of the step after this one, for a driver that must prepare its answer. */
  next: TEvent | undefined
}

export interface PathDriver<TSnapshot, TEvent> {
  /** Makes the step happen: starts, sends, answers an effect, clicks… */
  act(step: ReplayStep<TSnapshot, TEvent>): Promise<void>
  /** Checks that where the step led is where the graph says. */
  check(step: ReplayStep<TSnapshot, TEvent>): Promise<void>
  /** Runs each step inside something of the runner's (Playwright's `test.step`). */
  around?(step: ReplayStep<TSnapshot, TEvent>, run: () => Promise<void>): Promise<void>
  /** Runs once the path ends, passed or not. */
  finish?(): Promise<void>
}

/** Replays a path's steps in order through `driver`. */
export async function replayPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  label: (event: TEvent) => string,
  driver: PathDriver<TSnapshot, TEvent>,
): Promise<void> {
  try {
    for (const [index, { event, state }] of path.steps.entries()) {
      const step: ReplayStep<TSnapshot, TEvent> = {
        index,
        at: `step ${index} (${label(event)})`,
        event,
        expected: state,
        previous: path.steps[index - 1]?.state,
        next: path.steps[index + 1]?.event,
      }
      const run = async () => {
        await driver.act(step)
        await driver.check(step)
      }
      await (driver.around ? driver.around(step, run) : run())
    }
  } finally {
    await driver.finish?.()
  }
}

/** What `actorSteps` drives: a live actor and the fakes that answer its effects. */
export interface ActorUnderTest {
  actor: AnyActorRef & { start(): void }
  effects?: {
    isRunning(actor: string): boolean
    settle(actor: string, outcome: { output: unknown } | { fails: unknown }): Promise<void>
  }
  /** Delivers a step that is not a plain event or an actor's answer; true when it did. */
  deliver?: (event: never, at: string) => boolean | Promise<boolean>
}

/**
 * Makes a step happen on a live actor: the start starts it, `deliver` takes what it knows (a
 * timer firing, a child's report), an actor's answer settles the running fake with that output
 * or error, and any other event is sent as it is.
 */
export async function actOnActor<TEvent extends ActorAnswerEvent>(
  target: ActorUnderTest,
  { event, at }: Pick<ReplayStep<unknown, TEvent>, 'event' | 'at'>,
): Promise<void> {
  const answer = actorAnswer(event)
  if (event.type === 'xstate.init') target.actor.start()
  else if (target.deliver && (await target.deliver(event as never, at))) {
    // The harness delivered it.
  } else if (answer) {
    if (!target.effects) throw new Error(`${at}: the harness answers no effects`)
    if (!target.effects.isRunning(answer.actor))
      throw new Error(`${at}: ${answer.actor} is not running`)
    await target.effects.settle(answer.actor, answer.outcome)
  } else target.actor.send(event)
}
