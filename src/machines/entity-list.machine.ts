import { assign, enqueueActions, fromPromise, setup } from 'xstate'

/**
 * What a list screen asks its `loadPage` actor for. `sort` is the API's own value
 * (`name`, `-price`, …); `filters` are the screen's extra query parameters.
 */
export interface ListQuery<Filters extends object = Record<string, never>> {
  search: string
  sort: string
  limit: number
  offset: number
  /** Opaque cursor of cursor-paginated endpoints (activity log); null = the first page. */
  cursor: string | null
  filters: Filters
}

/** One page as the `loadPage` actor returns it. */
export interface ListPage<Item> {
  items: Item[]
  /** How many items match the query in all (offset pagination). */
  total: number
  /** Cursor of the next page for cursor-paginated endpoints; null on the last page. */
  nextCursor?: string | null
}

export type ListEvent<Filters extends object = Record<string, never>> =
  /** The search box changed; the load waits until typing pauses (`searchDebounceMs`). */
  | { type: 'list.search'; search: string }
  | { type: 'list.sort'; sort: string }
  /** Go to another page: by offset, or by cursor for cursor-paginated endpoints. */
  | { type: 'list.page'; offset?: number; cursor?: string | null }
  /** Replace some filters; goes back to the first page. */
  | { type: 'list.filter'; filters: Partial<Filters> }
  /** Load the current query again (after a failure, or after a change elsewhere). */
  | { type: 'list.reload' }
  /** Internal: typing paused, run the search. */
  | { type: 'list.searchSettled' }

export interface ListContext<Item, Filters extends object = Record<string, never>> {
  query: ListQuery<Filters>
  /** The last page that loaded; kept while the next one loads, so the table does not jump. */
  items: Item[]
  total: number
  nextCursor: string | null
  /** Why the last load failed, in words a person can read; null when it did not. */
  error: string | null
  /** Whether any page has loaded yet (a skeleton before, the previous page dimmed after). */
  hasLoaded: boolean
  searchDebounceMs: number
}

export interface ListInput<Filters extends object = Record<string, never>> {
  sort: string
  limit?: number
  search?: string
  filters?: Filters
  /** ms to wait after the last keystroke before searching; default 300. */
  searchDebounceMs?: number
}

export const DEFAULT_PAGE_SIZE = 25
export const DEFAULT_SEARCH_DEBOUNCE_MS = 300
const SEARCH_TIMER = 'list.searchTimer'

/** A failed load's message: the thrown Error's message, or a generic sentence. */
export function listErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'The list could not be loaded.'
}

/**
 * A generic paginated list: loading → ready | empty | failed. Every query change (search, sort,
 * page, filters, reload) loads again; a newer load replaces a running one, so a slow old answer
 * never overwrites a newer query's page. States carry tags: `loading` while a load runs.
 *
 * The app provides `loadPage` (the API call) with `.provide({ actors: { loadPage } })`.
 * Create one per item type: `const serviceList = createEntityListMachine<Service>()`.
 */
export function createEntityListMachine<Item, Filters extends object = Record<string, never>>() {
  return setup({
    types: {
      context: {} as ListContext<Item, Filters>,
      events: {} as ListEvent<Filters>,
      input: {} as ListInput<Filters>,
    },
    actors: {
      loadPage: fromPromise<ListPage<Item>, ListQuery<Filters>>(async () => {
        throw new Error('loadPage is provided by the app')
      }),
    },
    actions: {
      storePage: assign((_, page: ListPage<Item>) => ({
        items: page.items,
        total: page.total,
        nextCursor: page.nextCursor ?? null,
        error: null,
        hasLoaded: true,
      })),
      /** Runs the search once typing has paused for `searchDebounceMs`. */
      scheduleSearch: enqueueActions(({ enqueue, context }) => {
        enqueue.cancel(SEARCH_TIMER)
        enqueue.raise(
          { type: 'list.searchSettled' },
          { id: SEARCH_TIMER, delay: context.searchDebounceMs },
        )
      }),
      cancelSearchTimer: enqueueActions(({ enqueue }) => enqueue.cancel(SEARCH_TIMER)),
    },
    guards: {
      pageIsEmpty: (_, page: ListPage<Item>) => page.items.length === 0,
      // The last item of the last page was deleted elsewhere: show the page before instead.
      isPastTheEnd: ({ context }, page: ListPage<Item>) =>
        page.items.length === 0 && context.query.offset > 0 && page.total > 0,
    },
  }).createMachine({
    id: 'entityList',
    context: ({ input }) => ({
      query: {
        search: input.search ?? '',
        sort: input.sort,
        limit: input.limit ?? DEFAULT_PAGE_SIZE,
        offset: 0,
        cursor: null,
        filters: input.filters ?? ({} as Filters),
      },
      items: [],
      total: 0,
      nextCursor: null,
      error: null,
      hasLoaded: false,
      searchDebounceMs: input.searchDebounceMs ?? DEFAULT_SEARCH_DEBOUNCE_MS,
    }),
    initial: 'loading',
    on: {
      'list.search': {
        actions: [
          assign({ query: ({ context, event }) => ({ ...context.query, search: event.search }) }),
          'scheduleSearch',
        ],
      },
      'list.searchSettled': {
        target: '.loading',
        actions: assign({
          query: ({ context }) => ({ ...context.query, offset: 0, cursor: null }),
        }),
      },
      'list.sort': {
        target: '.loading',
        actions: [
          'cancelSearchTimer',
          assign({
            query: ({ context, event }) => ({
              ...context.query,
              sort: event.sort,
              offset: 0,
              cursor: null,
            }),
          }),
        ],
      },
      'list.page': {
        target: '.loading',
        actions: assign({
          query: ({ context, event }) => ({
            ...context.query,
            offset: Math.max(0, event.offset ?? context.query.offset),
            cursor: event.cursor === undefined ? context.query.cursor : event.cursor,
          }),
        }),
      },
      'list.filter': {
        target: '.loading',
        actions: assign({
          query: ({ context, event }) => ({
            ...context.query,
            filters: { ...context.query.filters, ...event.filters },
            offset: 0,
            cursor: null,
          }),
        }),
      },
      'list.reload': { target: '.loading' },
    },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => context.query,
          onDone: [
            {
              guard: { type: 'isPastTheEnd', params: ({ event }) => event.output },
              target: 'loading',
              reenter: true,
              actions: assign({
                query: ({ context, event }) => ({
                  ...context.query,
                  offset: lastPageOffset(event.output.total, context.query.limit),
                }),
              }),
            },
            {
              guard: { type: 'pageIsEmpty', params: ({ event }) => event.output },
              target: 'empty',
              actions: { type: 'storePage', params: ({ event }) => event.output },
            },
            {
              target: 'ready',
              actions: { type: 'storePage', params: ({ event }) => event.output },
            },
          ],
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => listErrorMessage(event.error) }),
          },
        },
      },
      ready: {},
      /** Nothing matched: the screen tells "none yet" from "no matches" with `listHasQuery`. */
      empty: {},
      failed: {},
    },
  })
}

function lastPageOffset(total: number, limit: number): number {
  return Math.floor(Math.max(0, total - 1) / limit) * limit
}

/** True when the list is narrowed by a search or a filter (so "empty" means "no matches"). */
export function listHasQuery<Filters extends object>(query: ListQuery<Filters>): boolean {
  if (query.search.trim() !== '') return true
  return Object.values(query.filters).some(
    (value) => value !== undefined && value !== null && value !== '',
  )
}
