import type { ReactNode } from 'react'
import { ListSkeleton } from './form/list-skeleton'
import { Pagination } from './form/pagination'
import type { EntityListView } from './form/use-entity-list'
import { LoadFailedAlert } from './load-failed-alert'

/** What the body reads of a list: its state, its page and the two commands it offers. */
type ListState = Pick<
  EntityListView<unknown, object>,
  | 'error'
  | 'isFirstLoad'
  | 'isEmpty'
  | 'isEmptyMatch'
  | 'isRefreshing'
  | 'total'
  | 'page'
  | 'reload'
> & { query: { offset: number; limit: number } }

export interface ListScreenBodyProps {
  list: ListState
  /** The alert's title when the list cannot be loaded, e.g. "Services could not be loaded". */
  errorTitle: string
  /** The skeleton shown until the first page arrives; `label` is what a screen reader hears. */
  skeleton: { label: string; columns: number; rows?: number }
  /** Still waiting for something besides the first page (e.g. the profile): the skeleton stays. */
  isWaiting?: boolean
  /** The empty state when a search or filter matches nothing (with how to undo it); a list
   * without search or filters has none. */
  noMatch?: ReactNode
  /** The empty state when there is nothing at all yet (with the next step, if the role has one). */
  nothingYet: ReactNode
  /** Plural noun for the pagination ("3 services"). */
  noun: string
  /** The page of items (a table, and anything said above it). */
  children: ReactNode
}

/**
 * The body every list screen shares, below its toolbar: a failure with "Try again", a skeleton
 * while the first page loads, the two empty states, or the page with its pagination.
 */
export function ListScreenBody({
  list,
  errorTitle,
  skeleton,
  isWaiting = false,
  noMatch,
  nothingYet,
  noun,
  children,
}: ListScreenBodyProps) {
  if (list.error) {
    return <LoadFailedAlert title={errorTitle} message={list.error} onRetry={list.reload} />
  }
  if (list.isFirstLoad || isWaiting) return <ListSkeleton {...skeleton} />
  if (list.isEmptyMatch && noMatch !== undefined) return noMatch
  if (list.isEmpty) return nothingYet
  return (
    <>
      {children}
      <Pagination
        offset={list.query.offset}
        limit={list.query.limit}
        total={list.total}
        onPage={list.page}
        isDisabled={list.isRefreshing}
        noun={noun}
      />
    </>
  )
}
