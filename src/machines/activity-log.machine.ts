import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { type LoadFailure, toLoadFailure } from './page-load.machine'

type ActivityEntry = components['schemas']['ActivityEntry']
type ActivityActor = NonNullable<ActivityEntry['actor']>

/** What the log is narrowed to; null = no narrowing on that axis. Instants are RFC 3339 UTC. */
export interface ActivityFilter {
  entityType: ActivityEntry['entity_type'] | null
  actor: string | null
  from: string | null
  to: string | null
}

export const NO_ACTIVITY_FILTER: ActivityFilter = {
  entityType: null,
  actor: null,
  from: null,
  to: null,
}

export interface ActivityPageQuery {
  filter: ActivityFilter
  /** null = the newest page. */
  cursor: string | null
}

export interface ActivityPageResult {
  items: ActivityEntry[]
  nextCursor: string | null
}

export interface ActivityLogContext {
  filter: ActivityFilter
  entries: ActivityEntry[]
  nextCursor: string | null
  /** Everyone seen acting so far, for the actor filter (the API has no list of actors). */
  actors: ActivityActor[]
  failure: LoadFailure | null
  /** A failed "Load more": the entries already shown stay. */
  moreFailure: LoadFailure | null
}

export type ActivityLogEvent =
  | { type: 'activity.filterChanged'; filter: ActivityFilter }
  | { type: 'activity.loadMore' }
  | { type: 'activity.retry' }

/**
 * The activity log: newest first, narrowed by a filter, paged by the server's cursor. Changing
 * the filter starts again from the newest page and abandons any load still running, so a slow
 * answer for an old filter can never land under a new one.
 */
export const activityLogMachine = setup({
  types: {
    context: {} as ActivityLogContext,
    events: {} as ActivityLogEvent,
    input: {} as { filter?: ActivityFilter },
  },
  actors: {
    loadPage: fromPromise<ActivityPageResult, ActivityPageQuery>(async () => {
      throw new Error('provided by the app')
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'activityLog',
  context: ({ input }) => ({
    filter: input.filter ?? NO_ACTIVITY_FILTER,
    entries: [],
    nextCursor: null,
    actors: [],
    failure: null,
    moreFailure: null,
  }),
  initial: 'loading',
  on: {
    'activity.filterChanged': {
      target: '.loading',
      reenter: true,
      actions: assign({
        filter: ({ event }) => event.filter,
        entries: [],
        nextCursor: null,
        failure: null,
        moreFailure: null,
      }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: [
          {
            guard: ({ event }) => event.output.items.length === 0,
            target: 'empty',
          },
          {
            target: 'ready',
            actions: assign({
              entries: ({ event }) => event.output.items,
              nextCursor: ({ event }) => event.output.nextCursor,
              actors: ({ context, event }) => mergeActors(context.actors, event.output.items),
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => toLoadFailure(event.error) }),
        },
      },
    },
    ready: {
      on: {
        'activity.loadMore': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      entry: assign({ moreFailure: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: assign({
            entries: ({ context, event }) => appendNew(context.entries, event.output.items),
            nextCursor: ({ event }) => event.output.nextCursor,
            actors: ({ context, event }) => mergeActors(context.actors, event.output.items),
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ moreFailure: ({ event }) => toLoadFailure(event.error) }),
        },
      },
    },
    empty: {},
    failed: {
      on: { 'activity.retry': 'loading' },
    },
  },
})

// A cursor should never repeat an entry, but a repeated id would break the list's keys: skip it.
function appendNew(shown: ActivityEntry[], page: ActivityEntry[]): ActivityEntry[] {
  const ids = new Set(shown.map((entry) => entry.id))
  return [...shown, ...page.filter((entry) => !ids.has(entry.id))]
}

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
