import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import {
  type createEntityListMachine,
  type ListPage,
  type ListQuery,
  listHasQuery,
} from '../../machines/entity-list.machine'

type ListMachine<Item, Filters extends object> = ReturnType<
  typeof createEntityListMachine<Item, Filters>
>

export interface EntityListOptions<Item, Filters extends object> {
  /** Made once per item type at module level: `createEntityListMachine<Item, Filters>()`. */
  machine: ListMachine<Item, Filters>
  /** The API's sort value to start with, e.g. `name`. */
  sort: string
  limit?: number
  filters?: Filters
  searchDebounceMs?: number
  /** Fetches one page; throw (e.g. ApiError) on failure: its message is shown. */
  loadPage: (query: ListQuery<Filters>) => Promise<ListPage<Item>>
}

export interface EntityListView<Item, Filters extends object> {
  items: Item[]
  total: number
  nextCursor: string | null
  query: ListQuery<Filters>
  /** Loading with nothing to show yet (first load, or after an error): show a skeleton. */
  isFirstLoad: boolean
  /** Loading with the previous page still on screen: dim it, do not replace it. */
  isRefreshing: boolean
  isEmpty: boolean
  /** Empty because of a search or a filter (so: "no matches", not "nothing yet"). */
  isEmptyMatch: boolean
  error: string | null
  search: (text: string) => void
  sort: (sort: string) => void
  page: (offset: number) => void
  cursor: (cursor: string | null) => void
  filter: (filters: Partial<Filters>) => void
  reload: () => void
}

/**
 * Runs a list screen on the generic list machine: the screen hands over `loadPage`, and gets
 * the page, the state to render (skeleton, dimmed refresh, empty, failed) and the commands.
 */
export function useEntityList<Item, Filters extends object = Record<string, never>>(
  options: EntityListOptions<Item, Filters>,
): EntityListView<Item, Filters> {
  const latest = useRef(options)
  latest.current = options

  const logic = useMemo(
    () =>
      options.machine.provide({
        actors: {
          loadPage: fromPromise<ListPage<Item>, ListQuery<Filters>>(({ input }) =>
            latest.current.loadPage(input),
          ),
        },
      }),
    [options.machine],
  )
  const actor = useActorRef(logic, {
    input: {
      sort: options.sort,
      limit: options.limit,
      filters: options.filters,
      searchDebounceMs: options.searchDebounceMs,
    },
  })

  const items = useSelector(actor, (snapshot) => snapshot.context.items)
  const total = useSelector(actor, (snapshot) => snapshot.context.total)
  const nextCursor = useSelector(actor, (snapshot) => snapshot.context.nextCursor)
  const query = useSelector(actor, (snapshot) => snapshot.context.query)
  const error = useSelector(actor, (snapshot) =>
    snapshot.matches('failed') ? snapshot.context.error : null,
  )
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'))
  const isEmpty = useSelector(actor, (snapshot) => snapshot.matches('empty'))
  const hasShownPage = useSelector(actor, (snapshot) => snapshot.context.hasLoaded)

  const commands = useMemo(
    () => ({
      search: (text: string) => actor.send({ type: 'list.search', search: text }),
      sort: (sort: string) => actor.send({ type: 'list.sort', sort }),
      page: (offset: number) => actor.send({ type: 'list.page', offset }),
      cursor: (cursor: string | null) => actor.send({ type: 'list.page', cursor }),
      filter: (filters: Partial<Filters>) => actor.send({ type: 'list.filter', filters }),
      reload: () => actor.send({ type: 'list.reload' }),
    }),
    [actor],
  )

  return {
    items,
    total,
    nextCursor,
    query,
    isFirstLoad: loading && !hasShownPage,
    isRefreshing: loading && hasShownPage,
    isEmpty,
    isEmptyMatch: isEmpty && listHasQuery(query),
    error,
    ...commands,
  }
}
