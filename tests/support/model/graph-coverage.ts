import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent, StateValue } from 'xstate'
import { getStateNodes } from 'xstate/graph'

/**
 * Which states and transitions of a machine the model paths really exercised, collected from
 * the live actors (pass `record` as their `inspect`). The root counts too — getStateNodes
 * leaves it out, yet it may handle events of its own — and so do eventless transitions.
 */
export function createGraphCoverage(machine: AnyStateMachine) {
  const nodes = [machine.root, ...getStateNodes(machine.root)]
  const stateIds = nodes.map((node) => node.id)
  const transitionIds = nodes.flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([eventType, list]) =>
      list.map((_, index) => `${node.id} on ${eventType} #${index}`),
    ),
    ...(node.always ?? []).map((_, index) => `${node.id} always #${index}`),
  ])
  const visited = new Set<string>()
  const taken = new Set<string>()

  /** Marks every state in a snapshot's value (and its ancestors) as visited. */
  function markActive(value: StateValue): void {
    for (const id of activeStateIds(value, machine.root.id)) visited.add(id)
  }

  return {
    stateIds,
    transitionIds,
    markActive,

    record(event: InspectionEvent): void {
      if (event.type !== '@xstate.microstep') return
      // Machines it invoked are inspected too: their states are not this machine's.
      if (event.actorRef.sessionId !== event.rootId) return
      const { states, transitions } = microstepIds(event, machine.root.id)
      for (const id of states) visited.add(id)
      for (const id of transitions) taken.add(id)
    },

    /** What no path reached, with a readable summary for the test log. */
    report(title: string) {
      const missedStates = stateIds.filter((id) => !visited.has(id))
      const missedTransitions = transitionIds.filter((id) => !taken.has(id))
      const summary = [
        title,
        `states covered ${stateIds.length - missedStates.length}/${stateIds.length}`,
        `transitions covered ${transitionIds.length - missedTransitions.length}/${transitionIds.length}:`,
        ...transitionIds.map((id) => `  ${taken.has(id) ? '✓' : '✗'} ${id}`),
      ].join('\n')
      return { missedStates, missedTransitions, summary }
    },
  }
}

/**
 * The states a microstep shows active and the transitions it took
 * (`booking.details on booking.submitted #1`), as the coverage counts them: on a live actor
 * and, without one, while the graph is traversed (covering-paths.ts).
 */
export function microstepIds(
  event: InspectionEvent,
  rootId: string,
): { states: string[]; transitions: string[] } {
  if (event.type !== '@xstate.microstep') return { states: [], transitions: [] }
  const states = activeStateIds((event.snapshot as unknown as { value: StateValue }).value, rootId)
  const transitions: string[] = []
  for (const transition of event._transitions) {
    if (typeof transition.eventType !== 'string') continue
    transitions.push(transitionId(transition))
    // A transient state is never in a snapshot; leaving it proves it was entered.
    for (let node: typeof transition.source | undefined = transition.source; node; ) {
      states.push(node.id)
      node = node.parent
    }
  }
  return { states, transitions }
}

function transitionId(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  if (eventType === '') return `${source.id} always #${source.always?.indexOf(transition) ?? -1}`
  return `${source.id} on ${eventType} #${source.transitions.get(eventType)?.indexOf(transition) ?? -1}`
}

/** The ids of the states a value has active, with their ancestors up to the root `prefix`. */
export function activeStateIds(value: StateValue, prefix: string): string[] {
  if (typeof value === 'string') return [prefix, `${prefix}.${value}`]
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, child]) =>
      activeStateIds(child as StateValue, `${prefix}.${key}`),
    ),
  ]
}
