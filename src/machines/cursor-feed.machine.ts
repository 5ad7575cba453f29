import { assign, fromPromise, setup } from 'xstate'
import { type LoadFailure, toLoadFailure } from './page-load.machine'

/** What a feed asks its `loadPage` actor for. */
export interface FeedPageQuery<Filter> {
  filter: Filter
  /** null = the newest page. */
  cursor: string | null
}

/** One page as the `loadPage` actor returns it; `nextCursor` is null on the last page. */
export interface FeedPage<Item> {
  items: Item[]
  nextCursor: string | null
}

export interface FeedContext<Item, Filter> {
  filter: Filter
  /** Every page loaded so far under this filter, in order. */
  items: Item[]
  nextCursor: string | null
  failure: LoadFailure | null
  /** A failed "Load more": the items already shown stay. */
  moreFailure: LoadFailure | null
}

export type FeedEvent<Filter> =
  /** The filter shown changed: start again from the newest page. */
  | { type: 'feed.filterChanged'; filter: Filter }
  | { type: 'feed.loadMore' }
  | { type: 'feed.retry' }

/**
 * A newest-first list that grows by "Load more", paged by the server's opaque cursor (the
 * activity log, the payments list). Changing the filter starts again from the newest page and
 * abandons any load still running, so a slow answer for an old filter never lands under a new
 * one. States carry tags: `loading` for the first page, `loadingMore` for the next.
 *
 * The app provides `loadPage` (the API call) with `.provide({ actors: { loadPage } })`.
 * Create one per item type: `const paymentsFeed = createCursorFeedMachine<Payment, Filter>()`.
 */
export function createCursorFeedMachine<Item extends { id: string }, Filter>() {
  return setup({
    types: {
      context: {} as FeedContext<Item, Filter>,
      events: {} as FeedEvent<Filter>,
      input: {} as { filter: Filter },
    },
    actors: {
      loadPage: fromPromise<FeedPage<Item>, FeedPageQuery<Filter>>(async () => {
        throw new Error('loadPage is provided by the app')
      }),
    },
    guards: {
      hasMore: ({ context }) => context.nextCursor !== null,
    },
  }).createMachine({
    id: 'cursorFeed',
    context: ({ input }) => ({
      filter: input.filter,
      items: [],
      nextCursor: null,
      failure: null,
      moreFailure: null,
    }),
    initial: 'loading',
    on: {
      'feed.filterChanged': {
        target: '.loading',
        reenter: true,
        actions: assign({
          filter: ({ event }) => event.filter,
          items: [],
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
            { guard: ({ event }) => event.output.items.length === 0, target: 'empty' },
            {
              target: 'ready',
              actions: assign({
                items: ({ event }) => event.output.items,
                nextCursor: ({ event }) => event.output.nextCursor,
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
          'feed.loadMore': { guard: 'hasMore', target: 'loadingMore' },
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
              items: ({ context, event }) => appendNew(context.items, event.output.items),
              nextCursor: ({ event }) => event.output.nextCursor,
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
        on: { 'feed.retry': 'loading' },
      },
    },
  })
}

// A cursor never repeats an item, but a repeated id would break the list's keys: skip it.
function appendNew<Item extends { id: string }>(shown: Item[], page: Item[]): Item[] {
  const ids = new Set(shown.map((item) => item.id))
  return [...shown, ...page.filter((item) => !ids.has(item.id))]
}
