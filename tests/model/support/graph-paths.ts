import type { AnyStateMachine, EventObject, Snapshot, StateValue } from 'xstate'
import {
  getAdjacencyMap,
  getShortestPaths,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph'

/**
 * A state value as one line: `details.editing`; parallel regions side by side, in braces
 * when nested (`signedIn{session.active, live.connected}`).
 */
export function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value
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

/**
 * The model paths of a machine's graph: the shortest path to every state, then, for every
 * edge, the shortest path to its source followed by that edge. Each is named after where it
 * goes and how (`label` names an event). `edgesFrom` keeps only the edges leaving the states
 * it accepts (a second run that differs only at its start need not repeat the rest).
 */
export function graphPaths<
  TSnapshot extends Snapshot<unknown> & { value: StateValue },
  TEvent extends EventObject,
  TInput,
>(
  machine: AnyStateMachine,
  traversal: TraversalOptions<TSnapshot, TEvent, TInput>,
  label: (event: TEvent) => string,
  options: { namePrefix?: string; edgesFrom?: (snapshot: TSnapshot) => boolean } = {},
): NamedPath<TSnapshot, TEvent>[] {
  // The traversal's options type `events` for the machine's own events only; the model's
  // events include the answers of invoked actors too.
  const logic = machine as unknown as Parameters<typeof getShortestPaths>[0]
  const graphOptions = traversal as unknown as Parameters<typeof getAdjacencyMap>[1] & object
  const statePaths = getShortestPaths(logic, graphOptions) as unknown as StatePath<
    TSnapshot,
    TEvent
  >[]
  const adjacency = getAdjacencyMap(logic, graphOptions) as unknown as Record<
    string,
    { transitions: Record<string, { event: TEvent; state: TSnapshot }> }
  >
  const serialize = (snapshot: TSnapshot) =>
    traversal.serializeState?.(snapshot, undefined) ?? JSON.stringify(snapshot.value)
  const shortestTo = new Map(statePaths.map((path) => [serialize(path.state), path]))
  const prefix = options.namePrefix ?? ''

  const named: NamedPath<TSnapshot, TEvent>[] = statePaths.map((path) => ({
    name: `${prefix}reach ${describeValue(path.state.value)}: ${path.steps.map((step) => label(step.event)).join(' → ')}`,
    path,
  }))
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(source)
    if (!head || (options.edgesFrom && !options.edgesFrom(head.state))) continue
    for (const { event, state } of Object.values(transitions)) {
      const steps = [...head.steps, { event, state }]
      named.push({
        name: `${prefix}edge ${describeValue(head.state.value)} --${label(event)}--> ${describeValue(state.value)} (after ${head.steps.length} steps, #${named.length})`,
        path: { state, steps, weight: steps.length },
      })
    }
  }
  return named
}
