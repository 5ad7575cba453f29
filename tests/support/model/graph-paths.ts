import type { AnyStateMachine, EventObject, InspectionEvent, Snapshot, StateValue } from 'xstate'
import { getAdjacencyMap, type StatePath, type TraversalOptions } from 'xstate/graph'
import { microstepIds } from './graph-coverage'

/**
 * A state value as one line: `details.editing`; parallel regions side by side, in braces
 * when nested (`signedIn{session.active, live.connected}`).
 */
export function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value
  // A machine without states of its own (the toasts) is always at its root.
  if (Object.keys(value).length === 0) return '(root)'
  return Object.entries(value)
    .map(([key, child]) =>
      child && typeof child === 'object' && Object.keys(child).length > 1
        ? `${key}{${describeValue(child)}}`
        : `${key}.${describeValue(child as StateValue)}`,
    )
    .join(', ')
}

export interface NamedPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  name: string
  path: StatePath<TSnapshot, TEvent>
}

/** A path the cover may pick, with the states and transitions replaying it takes. */
export interface CandidatePath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>
  extends NamedPath<TSnapshot, TEvent> {
  covers: ReadonlySet<string>
}

type Logic = Parameters<typeof getAdjacencyMap>[0]
type Scope = Parameters<AnyStateMachine['transition']>[2]

/**
 * The candidate paths of a machine's graph: its start, and for every edge the shortest path to
 * the edge's source followed by that edge. Each is named after its last step
 * (`details.editing --booking.submitted--> details.submitting`; `label` names an event) and
 * knows what it covers: the states and transitions the traversal saw each of its steps take.
 * `edgesFrom` keeps only the edges leaving the states it accepts (a second start that differs
 * only at first need not repeat the rest).
 */
export function candidatePaths<
  TSnapshot extends Snapshot<unknown> & { value: StateValue },
  TEvent extends EventObject,
  TInput,
>(
  machine: AnyStateMachine,
  traversal: TraversalOptions<TSnapshot, TEvent, TInput>,
  label: (event: TEvent) => string,
  options: { namePrefix?: string; edgesFrom?: (snapshot: TSnapshot) => boolean } = {},
): CandidatePath<TSnapshot, TEvent>[] {
  const serialize = (snapshot: TSnapshot) =>
    traversal.serializeState?.(snapshot, undefined) ?? JSON.stringify(snapshot.value)
  const serializeEvent = (event: TEvent) =>
    traversal.serializeEvent?.(event as never) ?? JSON.stringify(event)
  const rootId = machine.root.id

  // What each step takes, read from the machine's own microsteps as the traversal runs it.
  const stepCovers = new Map<string, string[]>()
  let initCovers: string[] = []
  const recording = (scope: Scope, into: string[]): Scope => ({
    ...scope,
    // The traversal's actors run nowhere; their machine's microsteps are inspected here.
    system: {
      ...scope.system,
      _sendInspectionEvent: (event: InspectionEvent) => {
        const { states, transitions } = microstepIds(event, rootId)
        into.push(...states, ...transitions)
      },
    } as Scope['system'],
  })
  const logic = Object.assign(Object.create(machine), {
    getInitialSnapshot(scope: Scope, input: unknown) {
      initCovers = []
      const snapshot = machine.getInitialSnapshot(recording(scope, initCovers), input)
      initCovers.push(...microstepIds(activeOnly(snapshot), rootId).states)
      return snapshot
    },
    transition(snapshot: TSnapshot, event: TEvent, scope: Scope) {
      const into: string[] = []
      const next = machine.transition(snapshot as never, event, recording(scope, into))
      into.push(...microstepIds(activeOnly(next), rootId).states)
      stepCovers.set(`${serialize(snapshot)}\u0000${serializeEvent(event)}`, into)
      return next
    },
  }) as Logic

  // The traversal's options type `events` for the machine's own events only; the model's
  // events include the answers of invoked actors too.
  const graphOptions = traversal as unknown as Parameters<typeof getAdjacencyMap>[1] & object
  const adjacency = getAdjacencyMap(logic, graphOptions) as unknown as Record<
    string,
    { state: TSnapshot; transitions: Record<string, { event: TEvent; state: TSnapshot }> }
  >
  type Steps = StatePath<TSnapshot, TEvent>['steps']
  // The shortest way to every state, breadth first from the start (the first entry).
  const [startKey] = Object.keys(adjacency)
  const shortestTo = new Map<string, Steps>()
  if (startKey !== undefined) {
    const init = { type: 'xstate.init' } as TEvent
    shortestTo.set(startKey, [{ event: init, state: adjacency[startKey]?.state as TSnapshot }])
    const queue = [startKey]
    for (const key of queue) {
      const head = shortestTo.get(key) ?? []
      for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
        const target = serialize(state)
        if (shortestTo.has(target)) continue
        shortestTo.set(target, [...head, { event, state }])
        queue.push(target)
      }
    }
  }
  const prefix = options.namePrefix ?? ''
  const coversOf = (steps: Steps) => {
    const covers = new Set(initCovers)
    for (const [index, { event }] of steps.entries()) {
      const before = steps[index - 1]?.state
      if (!before) continue
      // Every sample is sent at least once: each stands for a case (an error, a payload).
      covers.add(`sample ${label(event)}`)
      for (const id of stepCovers.get(`${serialize(before)}\u0000${serializeEvent(event)}`) ?? []) {
        covers.add(id)
      }
    }
    return covers
  }

  const pathOf = (steps: Steps) => {
    const last = steps[steps.length - 1] as Steps[number]
    return { state: last.state, steps, weight: steps.length }
  }
  const start = startKey === undefined ? undefined : shortestTo.get(startKey)
  const candidates: CandidatePath<TSnapshot, TEvent>[] = start
    ? [
        {
          name: `${prefix}start in ${describeValue(pathOf(start).state.value)}`,
          path: pathOf(start),
          covers: coversOf(start),
        },
      ]
    : []
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(source)
    const from = head?.[head.length - 1]?.state
    if (!head || !from || (options.edgesFrom && !options.edgesFrom(from))) continue
    for (const { event, state } of Object.values(transitions)) {
      const steps = [...head, { event, state }]
      candidates.push({
        name: `${prefix}${describeValue(from.value)} --${label(event)}--> ${describeValue(state.value)}`,
        path: pathOf(steps),
        covers: coversOf(steps),
      })
    }
  }
  return candidates
}

/** A snapshot as the one microstep that shows its states active. */
function activeOnly(snapshot: unknown): InspectionEvent {
  return { type: '@xstate.microstep', snapshot, _transitions: [] } as unknown as InspectionEvent
}

/**
 * The covering set: greedily, the candidate that adds the most states, transitions and
 * samples not yet covered (the shorter on a tie, then the first), until none adds any. Deterministic for a
 * given graph. Names stay unique: a name two chosen paths share gets a hash of its steps.
 */
export function chooseCover<TPath extends CandidatePath<Snapshot<unknown>, EventObject>>(
  candidates: readonly TPath[],
  label: (event: EventObject) => string,
): TPath[] {
  const covered = new Set<string>()
  const chosen: TPath[] = []
  for (;;) {
    let best: TPath | undefined
    let bestGain = 0
    for (const candidate of candidates) {
      let gain = 0
      for (const id of candidate.covers) if (!covered.has(id)) gain += 1
      if (
        gain > bestGain ||
        (gain > 0 &&
          gain === bestGain &&
          best &&
          candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate
        bestGain = gain
      }
    }
    if (!best) break
    for (const id of best.covers) covered.add(id)
    chosen.push(best)
  }
  const counts = new Map<string, number>()
  for (const { name } of chosen) counts.set(name, (counts.get(name) ?? 0) + 1)
  return chosen.map((path) =>
    (counts.get(path.name) ?? 0) > 1
      ? { ...path, name: `${path.name} [${stepsHash(path.path.steps.map((s) => label(s.event)))}]` }
      : path,
  )
}

/** A short hash of a path's steps (FNV-1a), the same for the same steps on every run. */
function stepsHash(labels: readonly string[]): string {
  let hash = 0x811c9dc5
  for (const char of labels.join(' → ')) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0').slice(0, 6)
}
