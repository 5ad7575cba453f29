import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import type {
  createCursorFeedMachine,
  FeedPage,
  FeedPageQuery,
} from '../../machines/cursor-feed.machine'
import type { LoadFailure } from '../../machines/page-load.machine'

type FeedMachine<Item extends { id: string }, Filter> = ReturnType<
  typeof createCursorFeedMachine<Item, Filter>
>

export interface CursorFeedOptions<Item extends { id: string }, Filter> {
  /** Made once per item type at module level: `createCursorFeedMachine<Item, Filter>()`. */
  machine: FeedMachine<Item, Filter>
  /** The filter the address shows; a change starts the feed again from the newest page. */
  filter: Filter
  sameFilter: (a: Filter, b: Filter) => boolean
  /** Fetches one page; throw (e.g. ApiError) on failure: its message and status are kept. */
  loadPage: (query: FeedPageQuery<Filter>) => Promise<FeedPage<Item>>
}

export interface CursorFeedView<Item> {
  items: Item[]
  loading: boolean
  loadingMore: boolean
  empty: boolean
  /** Why the first page failed (a 403 reads as "no access"); null otherwise. */
  failure: LoadFailure | null
  /** Why the last "Load more" failed; the items shown stay. */
  moreFailure: LoadFailure | null
  hasMore: boolean
  loadMore: () => void
  retry: () => void
}

/**
 * Runs a "Load more" list screen on the cursor feed machine. The address is the source of
 * truth for the filter: Back, a pasted link and the filter bar all change `filter`, and the
 * feed follows it.
 */
export function useCursorFeed<Item extends { id: string }, Filter>(
  options: CursorFeedOptions<Item, Filter>,
): CursorFeedView<Item> {
  const latest = useRef(options)
  latest.current = options

  const logic = useMemo(
    () =>
      options.machine.provide({
        actors: {
          loadPage: fromPromise<FeedPage<Item>, FeedPageQuery<Filter>>(({ input }) =>
            latest.current.loadPage(input),
          ),
        },
      }),
    [options.machine],
  )
  const actor = useActorRef(logic, { input: { filter: options.filter } })

  const shownFilter = useRef(options.filter)
  useEffect(() => {
    if (latest.current.sameFilter(shownFilter.current, options.filter)) return
    shownFilter.current = options.filter
    actor.send({ type: 'feed.filterChanged', filter: options.filter })
  }, [actor, options.filter])

  const items = useSelector(actor, (s) => s.context.items)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'))
  const empty = useSelector(actor, (s) => s.matches('empty'))
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null))
  const moreFailure = useSelector(actor, (s) => s.context.moreFailure)
  const hasMore = useSelector(actor, (s) => s.context.nextCursor !== null)

  const commands = useMemo(
    () => ({
      loadMore: () => actor.send({ type: 'feed.loadMore' }),
      retry: () => actor.send({ type: 'feed.retry' }),
    }),
    [actor],
  )

  return { items, loading, loadingMore, empty, failure, moreFailure, hasMore, ...commands }
}
