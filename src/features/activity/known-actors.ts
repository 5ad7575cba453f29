import { useMemo, useRef } from 'react'
import type { ActivityActor, ActivityEntry } from './activity-format'

/**
 * Adds the actors of newly loaded entries to those already known, keeping the first seen order.
 * The contract has no list of actors, so the actor filter offers everyone seen so far.
 */
export function mergeActors(
  known: readonly ActivityActor[],
  entries: readonly ActivityEntry[],
): ActivityActor[] {
  const merged = [...known]
  const seen = new Set(known.map((actor) => actor.uid))
  for (const entry of entries) {
    if (entry.actor && !seen.has(entry.actor.uid)) {
      seen.add(entry.actor.uid)
      merged.push(entry.actor)
    }
  }
  return merged
}

/**
 * Everyone seen acting in the entries shown so far on this screen, kept across filter changes:
 * narrowing to one person must not take the others out of the actor filter.
 */
export function useKnownActors(entries: readonly ActivityEntry[]): ActivityActor[] {
  const known = useRef<ActivityActor[]>([])
  return useMemo(() => {
    known.current = mergeActors(known.current, entries)
    return known.current
  }, [entries])
}
